/** Shared helpers for the content tests: fixture paths and throwaway copies to mutate. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach } from "vitest";

export const REPO_ROOT = resolve(__dirname, "../..");
export const GOOD = join(REPO_ROOT, "test/fixtures/content-good");
export const BAD = join(REPO_ROOT, "test/fixtures/content-bad");

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the good fixture in a temp folder, removed after the test. */
export function goodCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "carefold-content-"));
  made.push(dir);
  cpSync(GOOD, dir, { recursive: true });
  return dir;
}

/** Replaces `from` with `to` in a file of `root`; fails the test when `from` is not there. */
export function edit(root: string, rel: string, from: string, to: string): void {
  const file = join(root, rel);
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${rel} does not contain ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
}
