/**
 * `carefold guard --jsonl`: model output through the same streaming output guard the lifecycle uses.
 *   carefold guard --jsonl < answers.jsonl      (one {"id","text"} per line → one verdict per line)
 * Each text is fed to the guard in small chunks, as a model streams it. A bad line gets {"id", "error"}
 * and the stream carries on; exit code 0.
 */
import { createInterface } from "node:readline";
import { findContentDir } from "../../engine/paths";
import { createOutputGuard, loadOutputClassifier, type RefusalClassifier } from "../../engine/safety/index";
import { parse, UsageError } from "../args";
import { parseIdTextLine } from "../jsonl";
import type { CliCommand, CliIO } from "../types";

const USAGE = `Usage:
  carefold guard --jsonl [--lang en|es] < answers.jsonl > verdicts.jsonl

Streams each model answer through the output guard (no model). Reads one JSON object per line,
{"id": "...", "text": "..."}, and writes one line per input:
  {"id": "...", "refusal": {"category": ..., "rule": ...} | null, "shown": "<the text the user would see>"}
A line that is not valid JSON or lacks a string "text" gives {"id": <id or null>, "error": "..."}.
`;

/** The chunk size a local model's stream is cut into (a few tokens). */
const CHUNK = 16;

type GuardLine = { id: string; refusal: { category: string; rule: string } | null; shown: string } | { id: string | null; error: string };

/** One JSONL input line → one verdict (rules ∪ `semantic`, as the lifecycle guards). Never throws. */
export function guardLine(line: string, language: "en" | "es", semantic: RefusalClassifier): GuardLine {
  const parsed = parseIdTextLine(line);
  if ("error" in parsed) return parsed;
  const { id, text, record } = parsed;
  const lang = record.lang === "es" || record.lang === "en" ? record.lang : language;
  const guard = createOutputGuard({ language: lang, semantic });
  let shown = "";
  for (let i = 0; i < text.length; i += CHUNK) shown += guard.push(text.slice(i, i + CHUNK));
  shown += guard.end();
  const b = guard.blocked;
  return { id, refusal: b?.category && b.rule ? { category: b.category, rule: b.rule } : null, shown };
}

export const command: CliCommand = {
  name: "guard",
  summary: "Stream model answers (JSONL) through the output guard",
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    let values: { jsonl?: boolean; lang?: string };
    try {
      ({ values } = parse(argv, { jsonl: { type: "boolean" }, lang: { type: "string" } }));
    } catch (err) {
      if (err instanceof UsageError) {
        io.stderr.write(`carefold guard: ${err.message}\n\n${USAGE}`);
        return 2;
      }
      throw err;
    }
    if (!values.jsonl) {
      io.stderr.write(`carefold guard: --jsonl is required\n\n${USAGE}`);
      return 2;
    }
    if (values.lang !== undefined && values.lang !== "en" && values.lang !== "es") {
      io.stderr.write("carefold guard: --lang must be en or es\n");
      return 2;
    }
    const language = (values.lang as "en" | "es" | undefined) ?? "en";
    const semantic = loadOutputClassifier(findContentDir());
    for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
      if (line.trim().length === 0) continue;
      const out = JSON.stringify(guardLine(line, language, semantic)) + "\n";
      if (!io.stdout.write(out)) await new Promise((r) => io.stdout.once("drain", r));
    }
    return 0;
  },
};
