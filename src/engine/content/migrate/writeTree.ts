/**
 * Writing a plan: each file to a temporary name in its own folder, then renamed over the target, so
 * a reader never sees half a file and an interrupted run leaves only dot-named temp files (which
 * the content loader skips). Files whose bytes are already right are not touched, so a re-run
 * changes nothing. Nothing is ever written through a link.
 */
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { hashTree, isDir } from "../files";
import type { MigrationPlan, WrittenFile } from "./types";

export class UnsafeOutputError extends Error {}

function kindAt(abs: string): "missing" | "file" | "dir" | "other" {
  try {
    const st = lstatSync(abs);
    return st.isFile() ? "file" : st.isDirectory() ? "dir" : "other";
  } catch {
    return "missing";
  }
}

/** What writing `plan` under `outDir` would do to each file (compares bytes; writes nothing). */
export function diffPlan(plan: MigrationPlan, outDir: string): WrittenFile[] {
  return plan.files.map((f) => {
    const abs = join(outDir, f.path);
    const kind = kindAt(abs);
    if (kind === "missing") return { path: f.path, action: "create" };
    if (kind !== "file") throw new UnsafeOutputError(`${abs} exists and is not a regular file (a folder or a link): refusing to replace it`);
    return { path: f.path, action: readFileSync(abs).equals(f.content) ? "unchanged" : "update" };
  });
}

/** Checks every folder between `outDir` and `file` is a real folder (or absent), never a link. */
function checkParents(outDir: string, rel: string): void {
  const parts = rel.split("/").slice(0, -1);
  let dir = outDir;
  for (const part of parts) {
    dir = join(dir, part);
    const kind = kindAt(dir);
    if (kind === "missing") return;
    if (kind !== "dir") throw new UnsafeOutputError(`${dir} is not a real folder (a file or a link): refusing to write under it`);
  }
}

function writeAtomic(abs: string, content: Buffer): void {
  mkdirSync(dirname(abs), { recursive: true });
  const tmp = join(dirname(abs), `.${basename(abs)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    const fd = openSync(tmp, "wx", 0o644);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, abs);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Writes the files that differ. Returns what happened to each planned file. */
export function writePlan(plan: MigrationPlan, outDir: string): WrittenFile[] {
  const actions = diffPlan(plan, outDir);
  for (const f of plan.files) checkParents(outDir, f.path);
  const byPath = new Map(plan.files.map((f) => [f.path, f.content]));
  for (const a of actions) if (a.action !== "unchanged") writeAtomic(join(outDir, a.path), byPath.get(a.path)!);
  return actions;
}

/**
 * Files already in the output's agent and skill folders that the plan does not produce (from an
 * earlier run of an older pack, or added by hand). They are left alone and listed in the report.
 */
export function extraFiles(plan: MigrationPlan, outDir: string): string[] {
  const planned = new Set(plan.files.map((f) => f.path));
  const folders = new Set(plan.files.map((f) => f.path.split("/").slice(0, 2).join("/")).filter((f) => /^(agents|skills)\//.test(f)));
  const out: string[] = [];
  for (const folder of [...folders].sort()) {
    if (!isDir(join(outDir, folder))) continue;
    for (const rel of Object.keys(hashTree(join(outDir, folder))).sort()) {
      if (!planned.has(`${folder}/${rel}`)) out.push(`${folder}/${rel}`);
    }
  }
  return out;
}
