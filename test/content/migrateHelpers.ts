/** Helpers for the migration tests: in-memory legacy folders, throwaway output folders, tree snapshots. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach } from "vitest";
import { hashTree } from "../../src/engine/content/files";
import type { LegacyFolder } from "../../src/engine/content/migrate/types";

export const LEGACY = resolve(__dirname, "../fixtures/legacy-packs");
export const EXPECTED = join(LEGACY, "expected");

export function folder(id: string, files: Record<string, string | Buffer>): LegacyFolder {
  return { id, files: new Map(Object.entries(files).map(([k, v]) => [k, Buffer.isBuffer(v) ? v : Buffer.from(v)])) };
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An empty temp folder, removed after the test. */
export function scratch(prefix = "carefold-migrate-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Path → sha256 of every file under `dir`, dotfiles included in the check by the caller. */
export function snapshot(dir: string): Record<string, string> {
  return hashTree(dir);
}
