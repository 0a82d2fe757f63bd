/**
 * Reading legacy files: strict UTF-8 text and YAML as the legacy (PyYAML, YAML 1.1) loader saw it.
 *
 * YAML is parsed with the `yaml` package's failsafe schema, so every scalar arrives as its text:
 * `version: 1.10` stays "1.10" (not the number 1.1), a date stays a date string, and the migration
 * decides per field what a value means (booleans with YAML 1.1 words, for `hidden`). Merge keys
 * (`<<: *base`) are resolved, duplicate keys are an error (which value the legacy loader used is
 * ambiguous), and aliases are capped so a hostile file cannot blow up.
 */
import matter from "gray-matter";
import { parseDocument } from "yaml";

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 text with a BOM dropped and CRLF/CR line ends made LF; invalid UTF-8 is an error. */
export function decodeText(bytes: Buffer): Read<string> {
  try {
    return { ok: true, value: utf8.decode(bytes).replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n") };
  } catch {
    return { ok: false, message: "not valid UTF-8 text (re-save the file as UTF-8)" };
  }
}

/** A YAML document as nested plain objects, arrays and strings. */
export function parseLegacyYaml(text: string): Read<unknown> {
  const doc = parseDocument(text, { schema: "failsafe", merge: true, uniqueKeys: true, prettyErrors: true, logLevel: "silent" });
  if (doc.errors.length > 0) return { ok: false, message: `invalid YAML: ${firstLine(doc.errors[0]!.message)}` };
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 50 }) as unknown };
  } catch (err) {
    return { ok: false, message: `invalid YAML: ${firstLine(err instanceof Error ? err.message : String(err))}` };
  }
}

/** A YAML file that must hold a mapping (an empty file is an empty mapping). */
export function parseLegacyMapping(text: string): Read<Record<string, unknown>> {
  const parsed = parseLegacyYaml(text);
  if (!parsed.ok) return parsed;
  if (isAbsent(parsed.value)) return { ok: true, value: {} };
  if (!isRecord(parsed.value)) return { ok: false, message: `expected a mapping of field: value, found ${kindOf(parsed.value)}` };
  return { ok: true, value: parsed.value };
}

export interface Frontmatter {
  /** null when the file has no `---` block at the top. */
  data: Record<string, unknown> | null;
  body: string;
}

/** SKILL.md: frontmatter through gray-matter (with the legacy YAML reading above), then the body. */
export function parseLegacyFrontmatter(text: string): Read<Frontmatter> {
  if (!/^---[ \t]*\n/.test(text)) return { ok: true, value: { data: null, body: text } };
  let failure: string | null = null;
  try {
    const file = matter(text, {
      engines: {
        yaml: (src: string) => {
          const parsed = parseLegacyMapping(src);
          if (!parsed.ok) {
            failure = parsed.message;
            throw new Error(parsed.message);
          }
          return parsed.value;
        },
      },
    });
    return { ok: true, value: { data: file.data as Record<string, unknown>, body: file.content } };
  } catch (err) {
    return { ok: false, message: `frontmatter: ${failure ?? firstLine(err instanceof Error ? err.message : String(err))}` };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** YAML 1.1 null forms (the failsafe schema reads them as text) and empty values. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && /^(|~|null|Null|NULL)$/.test(value.trim()));
}

export function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (isRecord(value)) return "a mapping";
  return typeof value === "string" ? `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : typeof value;
}

const YAML11_TRUE = /^(y|Y|yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const YAML11_FALSE = /^(n|N|no|No|NO|false|False|FALSE|off|Off|OFF)$/;

/** A YAML 1.1 boolean word as the legacy loader read it, or null when it is not one. */
export function yaml11Boolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") return null;
  if (YAML11_TRUE.test(value.trim())) return true;
  if (YAML11_FALSE.test(value.trim())) return false;
  return null;
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.trim().replace(/:$/, "");
}
