/**
 * `carefold route`: which specialist(s) a message goes to, and why — the engine's phase-3 router on
 * the app's content with the user content packs of the data folder layered over it, as the app routes,
 * with the catalog in an in-memory database. No model call is made unless --model or --ollama is
 * given, and then only for messages hop 1 is unsure about.
 */
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import type { ModelSettings } from "../../shared/contract";
import { FtsCatalog } from "../../engine/catalog";
import { loadLayeredContent, userContentDir } from "../../engine/content";
import type { ModelProvider } from "../../engine/inference/types";
import { findContentDir } from "../../engine/paths";
import { createRouting, type RouteDecision, type Routing } from "../../engine/routing";
import { openDatabase } from "../../engine/storage/database";
import { dataDirFrom, parse, UsageError } from "../args";
import type { CliCommand, CliIO } from "../types";

const usage = `Usage: carefold route "<message>" [--json] [options]
       carefold route --jsonl [options] < messages.jsonl

Shows which Carefold specialist(s) a message is routed to, the topology and the reason.
  --jsonl            read {"id": "...", "text": "..."} lines from stdin; write one result line each
                     ({"id", "agents", "topology", "confidence", "why"}, or {"id", "error"} for a bad line)
  --json             print the plan for one message as JSON
  --model FILE       a GGUF model to ask when the deterministic router is unsure
  --ollama NAME      an Ollama model to ask instead (e.g. qwen2.5:1.5b); --ollama-url URL to change the server
  --threshold N      confidence (0-1) below which the model is asked (default 0.5)
  --content DIR      route over the content in DIR (default: the app's bundled content)
  --data-dir DIR     whose user content packs (DIR/content) to layer over it, as the app does
                     (default: the app's data folder; with --content, none unless given)`;

export const command: CliCommand = {
  name: "route",
  summary: "show which specialist(s) a message is routed to, and why",
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      jsonl: { type: "boolean" },
      json: { type: "boolean" },
      model: { type: "string" },
      ollama: { type: "string" },
      "ollama-url": { type: "string" },
      threshold: { type: "string" },
      content: { type: "string" },
      "data-dir": { type: "string" },
    });
    if (values.model && values.ollama) throw new UsageError("use either --model or --ollama, not both");
    const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
    if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) throw new UsageError("--threshold must be a number from 0 to 1");
    const text = positionals.join(" ").trim();
    if (!values.jsonl && !text) {
      io.stderr.write(usage + "\n");
      return 2;
    }

    const bundledDir = values.content ? resolve(io.cwd, values.content) : findContentDir();
    const userDir = values.content && !values["data-dir"] ? null : userContentDir(dataDirFrom(values["data-dir"], io));
    const { content, user } = loadLayeredContent({ bundledDir, userDir });
    for (const r of user.rejected) io.stderr.write(`carefold route: user pack ${r.kind} ${r.id} not loaded: ${r.why.join("; ")}\n`);
    if (content.agents.length === 0) {
      io.stderr.write(`carefold route: no agents found under ${content.root}\n`);
      return 1;
    }
    const db = openDatabase(":memory:");
    const provider = await modelProvider(values, io);
    try {
      const routing = createRouting({ catalog: FtsCatalog.open(db, content), content, modelProvider: provider ?? undefined, threshold });
      if (values.jsonl) await routeLines(routing, io);
      else {
        const decision = await routing.decide(text);
        io.stdout.write(values.json ? JSON.stringify(resultLine(null, decision)) + "\n" : describe(decision, routing));
      }
      return 0;
    } finally {
      await provider?.dispose?.();
      db.close();
    }
  },
};

/** One output line per input line, in order; a bad line gets an error and the rest still run. */
async function routeLines(routing: Routing, io: CliIO): Promise<void> {
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  for await (const raw of lines) {
    if (!raw.trim()) continue;
    const parsed = parseLine(raw);
    if ("error" in parsed) {
      io.stdout.write(JSON.stringify({ id: parsed.id, error: parsed.error }) + "\n");
      continue;
    }
    try {
      io.stdout.write(JSON.stringify(resultLine(parsed.id, await routing.decide(parsed.text))) + "\n");
    } catch (err) {
      io.stdout.write(JSON.stringify({ id: parsed.id, error: err instanceof Error ? err.message : String(err) }) + "\n");
    }
  }
}

type Id = string | number | null;

function parseLine(raw: string): { id: Id; text: string } | { id: Id; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { id: null, error: "not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { id: null, error: 'expected an object like {"id": "...", "text": "..."}' };
  const record = value as Record<string, unknown>;
  const id: Id = typeof record.id === "string" || typeof record.id === "number" ? record.id : null;
  if (typeof record.text !== "string") return { id, error: '"text" must be a string' };
  return { id, text: record.text };
}

function resultLine(id: Id, decision: RouteDecision) {
  const { plan } = decision;
  return { id, agents: plan.agents, topology: plan.topology, confidence: Math.round(plan.confidence * 100) / 100, why: plan.why };
}

function describe(decision: RouteDecision, routing: Routing): string {
  const { plan, classification } = decision;
  const title = (id: string) => routing.options.find((o) => o.id === id)?.title ?? id;
  const out = [`Plan: ${plan.topology} (confidence ${plan.confidence.toFixed(2)})`];
  plan.tasks.forEach((task, index) => {
    const after = task.dependsOn.length ? ` (after ${task.dependsOn.join(", ")})` : "";
    out.push(`  ${index + 1}. ${task.agent} — ${title(task.agent)}${after}  [${decision.steps[index] ?? "?"}]`);
  });
  out.push(`Why: ${plan.why}`);
  const concerns = classification.scores.slice(0, 4).map((s) => `${s.category} ${s.score}`);
  out.push(`Hop 1: ${concerns.length ? concerns.join(", ") : "no keyword evidence"}; model: ${decision.model}`);
  return out.join("\n") + "\n";
}

/** Builds the provider only when asked for one (loading the model runtime costs time). */
async function modelProvider(values: { model?: string; ollama?: string; "ollama-url"?: string }, io: CliIO): Promise<ModelProvider | null> {
  let settings: ModelSettings | null = null;
  if (values.model) settings = { provider: "llama-cpp", modelPath: resolve(io.cwd, values.model) };
  else if (values.ollama) settings = { provider: "ollama", ollamaModel: values.ollama, ...(values["ollama-url"] ? { ollamaBaseUrl: values["ollama-url"] } : {}) };
  if (!settings) return null;
  const { createModelProvider } = await import("../../engine/inference/modelProvider");
  // The path is absolute, so the data dir is only a formality: nothing is written there.
  return createModelProvider(settings, { dataDir: tmpdir() });
}
