/**
 * The end of every training script: write the rebuilt model file atomically, or with `--check` compare
 * it with the shipped one and exit 1 when they differ (CI runs the check).
 */
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export interface TrainingRun {
  /** The file written or checked: `--out FILE` or the shipped model. */
  out: string;
  check: boolean;
  /** Whether `--out` was given (a trial build, not the shipped file). */
  custom: boolean;
}

export function trainingArgs(root: string, shippedFile: string, argv = process.argv.slice(2)): TrainingRun {
  const custom = argv.includes("--out");
  return { out: resolve(root, custom ? argv[argv.indexOf("--out") + 1] : shippedFile), check: argv.includes("--check"), custom };
}

/** Writes `bytes` to `run.out` (or checks them against it, and exits); returns their sha256. */
export function writeOrCheck(run: TrainingRun, bytes: Buffer): string {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (run.check) {
    const shipped = createHash("sha256").update(readFileSync(run.out)).digest("hex");
    console.log(JSON.stringify({ shipped, rebuilt: sha256, same: shipped === sha256 }));
    process.exit(shipped === sha256 ? 0 : 1);
  }
  writeFileSync(`${run.out}.tmp`, bytes);
  renameSync(`${run.out}.tmp`, run.out);
  return sha256;
}
