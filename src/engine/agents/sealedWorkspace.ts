/**
 * The specialists' reads of /workspace/ when its files are encrypted (FileSealer): the deepagents
 * FilesystemBackend would hand the model ciphertext, so read, readRaw and grep open the files here and
 * keep the library's result shapes (its pagination, its grep cap). ls and glob only list names and
 * stay the library's. Attachments are never searched here (they are read with attach-read).
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { applyGrepMaxCount, normalizeReadPagination, type GrepResult, type ReadRawResult, type ReadResult } from "deepagents";
import { containmentProblem, lexists } from "../storage/containedFile";
import type { FileSealer } from "../storage/sealedFile";

const MAX_GREP_FILE_BYTES = 20 * 1024 * 1024;
const MAX_GREP_FILES = 5000;

export interface SealedRoot {
  /** The workspace folder (behind /workspace/). */
  dir: string;
  files: FileSealer;
  /** The real path of a checked virtual path. */
  realPath(virtualPath: string): string;
}

function textOf(root: SealedRoot, virtualPath: string): { text: string; real: string } | { error: string } {
  const real = root.realPath(virtualPath);
  if (!lexists(real) || !statSync(real).isFile()) return { error: `File '${virtualPath}' not found` };
  try {
    return { text: root.files.readContainedText(root.dir, real), real };
  } catch (err) {
    return { error: `Error reading file '${virtualPath}': ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The library's read (lines from `offset`, at most `limit`), on the decrypted text. */
export function readSealed(root: SealedRoot, virtualPath: string, offset = 0, limit = 500): ReadResult {
  const r = textOf(root, virtualPath);
  if ("error" in r) return r;
  const mimeType = "text/plain";
  if (r.text.trim() === "") return { content: "System reminder: File exists but has empty contents", mimeType };
  const { offset: from, limit: count } = normalizeReadPagination(offset, limit);
  const lines = r.text.split("\n");
  const totalLines = lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
  if (from >= totalLines) return { error: `Line offset ${from} exceeds file length (${totalLines} lines)` };
  const endLine = Math.min(from + count, totalLines);
  const content = lines.slice(from, Math.min(from + count, lines.length)).join("\n");
  if (count === 0) return { content, mimeType };
  return { content, mimeType, totalLines, startLine: from + 1, endLine, nextOffset: endLine < totalLines ? endLine : undefined };
}

export function readRawSealed(root: SealedRoot, virtualPath: string): ReadRawResult {
  const r = textOf(root, virtualPath);
  if ("error" in r) return r;
  const st = statSync(r.real);
  return { data: { content: r.text, mimeType: "text/plain", created_at: st.ctime.toISOString(), modified_at: st.mtime.toISOString() } };
}

/** Whether a file name matches a simple glob (`*`, `?`, `{a,b}`) as the library's grep filter does (by base name). */
function globMatch(name: string, glob: string): boolean {
  const source = glob.replace(/[.+^$()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".").replace(/\{([^}]*)\}/g, (_, alts: string) => `(?:${alts.split(",").join("|")})`);
  return new RegExp(`^${source}$`).test(name);
}

/** Literal search (as the library's) through the decrypted files under `virtualDir`. */
export function grepSealed(root: SealedRoot, pattern: string, virtualDir: string, glob: string | null | undefined, maxCount: number | null | undefined, skip: (virtualPath: string) => boolean): GrepResult {
  const matches: GrepResult["matches"] & object = [];
  const start = root.realPath(virtualDir);
  if (!lexists(start)) return { matches };
  const stack = [start];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_GREP_FILES) {
    const path = stack.pop()!;
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st || containmentProblem(root.dir, path)) continue;
    const virtualPath = "/workspace/" + relative(root.dir, path).split(sep).join("/");
    if (path !== root.dir && skip(virtualPath)) continue;
    if (st.isDirectory()) {
      for (const name of readdirSync(path)) stack.push(join(path, name));
      continue;
    }
    if (!st.isFile() || st.size > MAX_GREP_FILE_BYTES) continue;
    if (glob && !globMatch(path.slice(path.lastIndexOf(sep) + 1), glob)) continue;
    seen++;
    let text: string;
    try {
      text = root.files.readContainedText(root.dir, path);
    } catch {
      continue; // unreadable (another key, damaged): not a match
    }
    text.split("\n").forEach((line, i) => {
      if (line.includes(pattern)) matches.push({ path: virtualPath, line: i + 1, text: line });
    });
  }
  return applyGrepMaxCount({ result: { matches }, maxCount });
}
