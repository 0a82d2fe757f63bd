/** Reads a legacy tree into memory without following links or modifying anything. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDir, listEntries } from "../files";
import { note, type LegacyFolder, type LegacyTree, type MigrationNote } from "./types";

/** Far above any real content file; a bigger one is not a pack file. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_DEPTH = 4;

export function readLegacyTree(root: string): LegacyTree {
  const notes: MigrationNote[] = [];
  const tree: LegacyTree = { agents: [], skills: [], notes };
  for (const e of listEntries(root)) {
    if ((e.name === "agents" || e.name === "skills") && e.kind === "dir") continue;
    const why =
      e.name === "carefold-profile.yaml"
        ? "the output carries the bundled safety profile (carefold-profile.yaml); this one is not used"
        : "not part of a content tree (agents/, skills/): left out";
    notes.push(note(e.name, e.kind === "symlink" ? "error" : "unplaced", e.kind === "symlink" ? "a link: not followed" : why));
  }
  for (const kind of ["agents", "skills"] as const) {
    const abs = join(root, kind);
    if (!isDir(abs)) continue;
    for (const e of listEntries(abs)) {
      const rel = `${kind}/${e.name}`;
      if (e.kind === "dir") tree[kind].push({ id: e.name, files: readFolder(join(abs, e.name), rel, notes) });
      else notes.push(note(rel, e.kind === "symlink" ? "error" : "unplaced", e.kind === "symlink" ? "a link: not followed" : `${kind}/ holds one folder per ${kind === "agents" ? "agent" : "skill"}: left out`));
    }
  }
  if (!isDir(join(root, "agents")) && !isDir(join(root, "skills"))) {
    notes.push(note(".", "error", "no agents/ or skills/ folder here: is this a Carefold content tree?"));
  }
  return tree;
}

function readFolder(abs: string, rel: string, notes: MigrationNote[]): LegacyFolder["files"] {
  const files = new Map<string, Buffer>();
  const visit = (dir: string, prefix: string, depth: number) => {
    for (const e of listEntries(dir)) {
      const path = prefix + e.name;
      const at = `${rel}/${path}`;
      if (e.kind === "symlink") notes.push(note(at, "error", "a link: not followed"));
      else if (e.kind === "dir") {
        if (depth >= MAX_DEPTH) notes.push(note(at, "unplaced", "nested too deep: left out"));
        else visit(join(dir, e.name), `${path}/`, depth + 1);
      } else if (e.kind !== "file") notes.push(note(at, "error", "not a regular file: left out"));
      else if (e.bytes > MAX_FILE_BYTES) notes.push(note(at, "error", `${e.bytes} bytes: too large for a content file, left out`));
      else files.set(path, readFileSync(join(dir, e.name)));
    }
  };
  visit(abs, "", 0);
  return files;
}
