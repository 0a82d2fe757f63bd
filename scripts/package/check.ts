/**
 * `npm run package:check`: builds the app as far as this machine allows and inspects what would ship.
 *   1. the third-party licenses list, then `electron-vite build`;
 *   2. where the Electron binary is installed: the Electron build of better-sqlite3
 *      (scripts/electron-natives.mjs --strict) and a real `electron-builder --dir`, whose output is read
 *      (asar header, unpacked files, fuses); elsewhere: what electron-builder.yml would select (stage.ts);
 *   3. the checks and sizes of inspect.ts, printed as JSON (and written to dist/package-check.json).
 * Exit 0 when no check fails; a check this machine cannot make is reported as "not_checked", with why.
 * `--no-build` skips step 1's build (the check of an existing out/).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeNativeFile } from "./native-abi.mjs";
import { electronFacts, FUSES } from "./after-pack.mjs";
import { inspect, type Check, type InspectOptions } from "./inspect";
import { collectLicenses, LICENSES_FILE } from "./licenses";
import { readBuilderConfig, readBuiltApp, stageFromConfig, type ShipEntry, type Target } from "./stage";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(join(root, "package.json"));
const log = (line: string) => console.error(`[package:check] ${line}`);

function run(command: string, args: string[]): void {
  log(`$ ${command} ${args.join(" ")}`);
  const r = spawnSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], shell: process.platform === "win32" });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

/** The Electron binary, when `npm ci` could download it. */
function electronBinary(): string | null {
  try {
    const path = require("electron") as unknown as string;
    return typeof path === "string" && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function builtAppDir(platform: NodeJS.Platform, arch: string): string {
  const out = join(root, readBuilderConfig(root).directories?.output ?? "dist");
  const names = platform === "darwin" ? [arch === "arm64" ? "mac-arm64" : "mac", "mac-universal"] : platform === "win32" ? ["win-unpacked", `win-${arch}-unpacked`] : ["linux-unpacked", `linux-${arch}-unpacked`];
  const found = names.map((n) => join(out, n)).find((d) => existsSync(d));
  if (!found) throw new Error(`electron-builder --dir left no app folder in ${out} (looked for ${names.join(", ")})`);
  return found;
}

/** Fuse states of a built executable (@electron/fuses: "1" on, "0" off). */
async function readFuses(appDir: string, platform: NodeJS.Platform): Promise<Record<string, boolean>> {
  const { getCurrentFuseWire, FuseV1Options } = require("@electron/fuses") as {
    getCurrentFuseWire(path: string): Promise<Record<number, number>>;
    FuseV1Options: Record<string, number>;
  };
  const exe =
    platform === "darwin"
      ? join(appDir, readdirSync(appDir).find((n) => n.endsWith(".app"))!)
      : join(appDir, readdirSync(appDir).find((n) => (platform === "win32" ? /^Carefold\.exe$/i.test(n) : /^(carefold|Carefold|carefold-desktop)$/.test(n)))!);
  const wire = await getCurrentFuseWire(exe);
  return Object.fromEntries(Object.keys(FUSES).map((name) => [name, wire[FuseV1Options[name]!] === "1".charCodeAt(0)]));
}

/** electron-builder's own schema check of electron-builder.yml (what `electron-builder` does first). */
async function validateConfig(): Promise<Check> {
  try {
    const { validateConfiguration } = require("app-builder-lib/out/util/config/config") as { validateConfiguration(c: unknown, l: unknown): Promise<void> };
    const { DebugLogger } = require("builder-util") as { DebugLogger: new (enabled: boolean) => unknown };
    await validateConfiguration(readBuilderConfig(root), new DebugLogger(false));
    return { name: "builder.config", status: "ok", detail: "electron-builder.yml matches electron-builder's schema" };
  } catch (err) {
    return { name: "builder.config", status: "fail", detail: (err instanceof Error ? err.message : String(err)).split("\n").slice(0, 4).join(" ") };
  }
}

async function main(): Promise<void> {
  const build = !process.argv.includes("--no-build");
  const target: Target = { platform: process.platform, arch: process.arch };
  writeFileSync(join(root, LICENSES_FILE), JSON.stringify(collectLicenses(root)) + "\n");
  log(`wrote ${LICENSES_FILE}`);
  if (build) run(join(root, "node_modules", ".bin", "electron-vite"), ["build"]);

  const electron = existsSync(join(root, "node_modules", "electron", "package.json")) ? electronFacts(root) : null;
  const binary = electronBinary();
  let entries: ShipEntry[];
  let fuses: InspectOptions["fuses"] = null;
  let mode: string;
  if (binary && electron) {
    run(process.execPath, [join(root, "scripts", "electron-natives.mjs"), "--strict"]);
    run(join(root, "node_modules", ".bin", "electron-builder"), ["--dir", `-c.electronDist=${dirname(binary)}`]);
    const appDir = builtAppDir(target.platform, target.arch);
    entries = readBuiltApp(appDir, target.platform);
    fuses = { expected: FUSES, actual: await readFuses(appDir, target.platform) };
    mode = `electron-builder --dir (${appDir})`;
  } else {
    log("The Electron binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1?): staging what electron-builder.yml selects instead of running electron-builder.");
    entries = stageFromConfig(root, target, electron?.version ?? null);
    mode = "staged from electron-builder.yml (no Electron binary on this machine)";
  }
  const nodeBuild = join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");
  const report = inspect(entries, {
    target,
    electron,
    electronBinary: Boolean(binary),
    nodeAbi: Number(process.versions.modules),
    nodeSqliteBuild: existsSync(nodeBuild) ? nodeBuild : null,
    describe: describeNativeFile,
    fuses,
  });
  report.checks.unshift(await validateConfig());
  report.ok = report.checks.every((c) => c.status !== "fail");
  const out = { mode, electron: electron ? { ...electron, binaryInstalled: Boolean(binary) } : null, ...report, files: entries.length };
  const outDir = join(root, readBuilderConfig(root).directories?.output ?? "dist");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "package-check.json"), JSON.stringify(out, null, 2) + "\n");
  console.log(JSON.stringify(out, null, 2));
  for (const c of report.checks) log(`${c.status.padEnd(11)} ${c.name}: ${c.detail}`);
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((err: unknown) => {
  log(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
