/**
 * File-system edge of the content loaders: strict UTF-8 reads, YAML/JSON/frontmatter parsing that
 * reports instead of throwing, directory listings that never follow links, and content hashes.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { parseDocument } from "yaml";
import { problem, type ContentProblem } from "./problems";

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: ContentProblem };

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function sha256(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Reads a text file; invalid UTF-8 is a problem rather than silent replacement characters. */
export function readText(abs: string, rel: string): Parsed<string> {
  try {
    const text = utf8.decode(readFileSync(abs));
    return { ok: true, value: text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n") };
  } catch (err) {
    const why = err instanceof TypeError ? "not valid UTF-8 text" : errorText(err);
    return { ok: false, problem: problem(rel, "parse", why) };
  }
}

export function parseYaml(text: string, rel: string): Parsed<unknown> {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, logLevel: "silent" });
  if (doc.errors.length > 0) {
    return { ok: false, problem: problem(rel, "parse", `invalid YAML: ${firstLine(doc.errors[0]!.message)}`) };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 50 }) as unknown };
  } catch (err) {
    return { ok: false, problem: problem(rel, "parse", `invalid YAML: ${firstLine(errorText(err))}`) };
  }
}

export function parseJson(text: string, rel: string, field?: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, problem: problem(rel, "parse", `invalid JSON: ${errorText(err)}`, field) };
  }
}

/** SKILL.md: YAML frontmatter between `---` lines (parsed with the `yaml` package), then the body. */
export function parseFrontmatter(text: string, rel: string): Parsed<{ data: unknown; body: string }> {
  if (!/^---[ \t]*\n/.test(text)) {
    return { ok: false, problem: problem(rel, "parse", "must start with YAML frontmatter between --- lines") };
  }
  try {
    const file = matter(text, {
      engines: {
        yaml: (src: string) => {
          const parsed = parseYaml(src, rel);
          if (!parsed.ok) throw new Error(parsed.problem.message);
          return parsed.value as object;
        },
      },
    });
    return { ok: true, value: { data: file.data, body: file.content } };
  } catch (err) {
    return { ok: false, problem: problem(rel, "parse", firstLine(errorText(err))) };
  }
}

export type EntryKind = "file" | "dir" | "symlink" | "other";
export interface Entry {
  name: string;
  kind: EntryKind;
  bytes: number;
}

/** Entries of a folder, dotfiles skipped, sorted by name; links are reported, never followed. */
export function listEntries(abs: string): Entry[] {
  return readdirSync(abs)
    .filter((name) => !name.startsWith("."))
    .sort()
    .map((name) => {
      const st = lstatSync(join(abs, name));
      const kind: EntryKind = st.isSymbolicLink() ? "symlink" : st.isDirectory() ? "dir" : st.isFile() ? "file" : "other";
      return { name, kind, bytes: st.size };
    });
}

export function exists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

export function isDir(abs: string): boolean {
  try {
    return lstatSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/** sha256 of every regular file under `abs`, keyed by path relative to it (forward slashes). */
export function hashTree(abs: string, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of listEntries(abs)) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.kind === "file") out[rel] = sha256(readFileSync(join(abs, entry.name)));
    else if (entry.kind === "dir") Object.assign(out, hashTree(join(abs, entry.name), rel));
  }
  return out;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.trim();
}
