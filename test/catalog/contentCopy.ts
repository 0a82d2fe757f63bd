/**
 * Test helpers: the repo's real content, loaded once per file, and writable copies of it in temp
 * dirs (to change a file, hide an agent, or watch a re-index) — never the repo's own files.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadContent, type ContentSet } from "../../src/engine/content";
import { tempDir } from "../support/tempDir";

export const REPO_ROOT = resolve(__dirname, "..", "..");

let cached: ContentSet | null = null;

/** The shipped content (agents/, skills/, profile), loaded once. */
export function repoContent(): ContentSet {
  cached ??= loadContent(REPO_ROOT);
  return cached;
}

/** A writable copy of the shipped content; call cleanup() when done. */
export function copyContent(): { dir: string; cleanup(): void } {
  const tmp = tempDir("carefold-catalog-");
  for (const entry of ["agents", "skills", "carefold-profile.yaml"]) cpSync(join(REPO_ROOT, entry), join(tmp.dir, entry), { recursive: true });
  return tmp;
}

/** Rewrites one line-oriented YAML field of agents/<id>/metadata.yaml in a content copy. */
export function editMetadata(dir: string, agentId: string, edit: (yaml: string) => string): void {
  const file = join(dir, "agents", agentId, "metadata.yaml");
  const before = readFileSync(file, "utf8");
  const after = edit(before);
  if (after === before) throw new Error(`editMetadata: nothing changed in ${agentId}`);
  writeFileSync(file, after);
}

/** Marks an agent hidden in a content copy. */
export function hideAgent(dir: string, agentId: string): void {
  editMetadata(dir, agentId, (yaml) => yaml.replace(/^hidden: false$/m, "hidden: true"));
}
