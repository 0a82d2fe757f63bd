/**
 * `carefold triage`: the deterministic emergency gate from the command line.
 *   carefold triage "my husband's face is drooping" [--locale US] [--lang en]
 *   carefold triage --jsonl < messages.jsonl      (one {"id","text"} per line → one decision per line)
 * JSONL mode streams line by line, reports a bad line as {"id", "error"} and carries on; exit code 0.
 */
import { createInterface } from "node:readline";
import { CrisisLocaleSchema } from "../../shared/contract";
import { findContentDir } from "../../engine/paths";
import { createEmergencyGate, createRefusalGate, crisisResponse, loadRefusalClassifier, loadSemanticGate, type EmergencyGate, type GateDecision, type RefusalGate } from "../../engine/safety/index";
import { parse, UsageError } from "../args";
import { parseIdTextLine } from "../jsonl";
import type { CliCommand, CliIO } from "../types";

const USAGE = `Usage:
  carefold triage "<message>" [--locale US|EU|UK|AU] [--lang en|es]
  carefold triage --jsonl < input.jsonl > decisions.jsonl

Runs the deterministic emergency gate (rules and the local semantic classifier; no chat model) and the
input refusal gate. With --jsonl, reads one JSON object per line, {"id": "...", "text": "..."}, and
writes one line per input:
  {"id": "...", "emergency": true|false, "family": ..., "action": "911"|"988"|"poison"|null, "rule": ...,
   "layer": "rules"|"semantic"|null, "score": <semantic score>, "denial": true|false,
   "refusal": {"category": ..., "rule": ...} | null}
A line that is not valid JSON or lacks a string "text" gives {"id": <id or null>, "error": "..."}.
Without --jsonl the message comes from the arguments (or stdin) and a readable decision is printed,
with the crisis numbers for --locale (default US) in --lang (default: the message's language).
`;

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(text, (err) => (err ? reject(err) : undefined));
    if (ok) resolve();
    else stream.once("drain", () => resolve());
  });
}

type TriageLine =
  | {
      id: string;
      emergency: boolean;
      family: string | null;
      action: string | null;
      rule: string | null;
      layer: string | null;
      score: number | null;
      denial: boolean;
      refusal: { category: string; rule: string; layer: string; score: number | null } | null;
    }
  | { id: string | null; error: string };

let shared: EmergencyGate | null = null;
/** The same gate the engine uses, loaded once per process. */
function gate(): EmergencyGate {
  shared ??= createEmergencyGate({ semantic: loadSemanticGate(findContentDir()) });
  return shared;
}

let sharedRefusal: RefusalGate | null = null;
function refusalGate(): RefusalGate {
  sharedRefusal ??= createRefusalGate({ semantic: loadRefusalClassifier(findContentDir()) });
  return sharedRefusal;
}

/** One JSONL input line → one output object. Never throws. */
export function triageLine(line: string, emergencyGate: EmergencyGate = gate(), refusals: RefusalGate = refusalGate()): TriageLine {
  const parsed = parseIdTextLine(line);
  if ("error" in parsed) return parsed;
  const { id, text } = parsed;
  const d = emergencyGate.detect(text);
  const r = refusals.check(text, { direction: "input" });
  const refusal = r.refuse && r.category && r.rule && r.layer ? { category: r.category, rule: r.rule, layer: r.layer, score: r.score === null ? null : Number(r.score.toFixed(4)) } : null;
  const score = d.score === null ? null : Number(d.score.toFixed(4));
  return { id, emergency: d.emergency, family: d.family, action: d.action, rule: d.rule, layer: d.layer, score, denial: d.denial, refusal };
}

async function runJsonl(io: CliIO): Promise<number> {
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim().length === 0) continue;
    await write(io.stdout, JSON.stringify(triageLine(line)) + "\n");
  }
  return 0;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
  return text;
}

function describe(d: GateDecision, locale: "US" | "EU" | "UK" | "AU", language: "en" | "es"): string {
  const crisis = crisisResponse(d, locale, language);
  const numbers = crisis.numbers.map((n) => `  ${n.label}: ${n.number} (${n.kind}, ${n.href})`).join("\n");
  if (!d.emergency) {
    return [
      "No emergency red flags found.",
      "This is a deterministic check, not medical advice. If you think it is an emergency:",
      numbers,
      "",
    ].join("\n");
  }
  const what = { "911": "call emergency services now", "988": "reach a crisis line now", poison: "call Poison Help now" }[d.action ?? "911"];
  return [
    `EMERGENCY: ${d.family}`,
    `What to do: ${what}`,
    crisis.headline,
    numbers,
    `Rule: ${d.rule}${d.layer === "semantic" ? ` (semantic layer, score ${d.score?.toFixed(2)}; features ${d.features.join(", ")})` : ""}`,
    d.span ? `Matched: "${d.span.text}" (characters ${d.span.start}-${d.span.end})` : "",
    "",
  ]
    .filter((l, i, all) => l !== "" || i === all.length - 1)
    .join("\n");
}

export const command: CliCommand = {
  name: "triage",
  summary: "Run the deterministic emergency red-flag gate on a message or a JSONL stream",
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    let values: { jsonl?: boolean; locale?: string; lang?: string };
    let positionals: string[];
    try {
      ({ values, positionals } = parse(argv, {
        jsonl: { type: "boolean" },
        locale: { type: "string" },
        lang: { type: "string" },
      }));
    } catch (err) {
      if (err instanceof UsageError) {
        io.stderr.write(`carefold triage: ${err.message}\n\n${USAGE}`);
        return 2;
      }
      throw err;
    }
    if (values.jsonl) return runJsonl(io);
    const locale = CrisisLocaleSchema.safeParse(values.locale ?? "US");
    if (!locale.success) {
      io.stderr.write("carefold triage: --locale must be US, EU, UK or AU\n");
      return 2;
    }
    if (values.lang !== undefined && values.lang !== "en" && values.lang !== "es") {
      io.stderr.write("carefold triage: --lang must be en or es\n");
      return 2;
    }
    const text = positionals.length > 0 ? positionals.join(" ") : await readAll(io.stdin);
    if (text.trim().length === 0) {
      io.stderr.write(`carefold triage: no message given\n\n${USAGE}`);
      return 2;
    }
    const decision = gate().detect(text);
    const language = (values.lang as "en" | "es" | undefined) ?? decision.language ?? "en";
    await write(io.stdout, describe(decision, locale.data, language));
    return 0;
  },
};
