/** `carefold ask "<question>"`: one consult through the full engine, streamed to the terminal. */
import type { EngineEvent, ModelSettings } from "../../shared/contract";
import { createEngine } from "../../engine/engine";
import { openCliDataKey } from "../dataKey";
import { findContentDir } from "../../engine/paths";
import { dataDirFrom, parse, UsageError } from "../args";
import { createModelProvider } from "../../engine/inference/modelProvider";
import type { CliCommand, CliIO } from "../types";
import { stripTerminalControls } from "../../shared/text";
import { request } from "../engineRequests";

/** A health specialist needs the user's OK first: nothing was answered, and scripts must notice. */
export const EXIT_NEEDS_CONSENT = 3;

const usage = `Usage: carefold ask "<question>" [--model FILE.gguf | --ollama NAME | --server URL] [--allow-health-specialists] [--data-dir DIR] [--json]

Asks Carefold one question and prints the answer as it streams, with the steps it takes.
Without a model option it uses the model chosen in Settings (if any).
Health specialists (for example the heart visit guide) answer only once you allow them; they help you
prepare, and never diagnose, prescribe, give doses or replace emergency care.
  --allow-health-specialists
                   allow every health specialist to answer, then ask. This is saved in the data folder,
                   like the app's setting; see or undo it with carefold consent list / withdraw all
  --model FILE     a GGUF model file (a path, or a file name in <data>/models), run on this computer
  --ollama NAME    a model served by Ollama, e.g. qwen2.5:3b (--ollama-url URL, default http://127.0.0.1:11434)
  --server URL     an OpenAI-compatible clinic server (--server-model NAME to pick its model)
  --context N      context window in tokens (default 8192)
  --max-tokens N   longest answer per model call, in tokens (default 1024)
  --data-dir DIR   where your notes, history and settings live (default: the app's data folder)
  --json           print every engine event as one JSON line instead
Exit status:
  0  finished: an answer, or a safe stop (an emergency notice, a request Carefold does not do, no model set up)
  1  the consult failed, or an option was wrong
  2  no question given
  3  a health specialist needs your OK first: nothing was answered (see --allow-health-specialists)`;

/** What to do when a health specialist needs the user's OK, in terms of this command line. */
export function consentHint(agentIds: string[]): string {
  const one = agentIds.length === 1 ? ` (or only this one: carefold consent allow ${agentIds[0]})` : "";
  return [
    "A health specialist needs your OK before it can answer, so nothing was answered.",
    'To allow all health specialists and ask again: carefold ask --allow-health-specialists "<question>"',
    `Or allow them first: carefold consent allow all${one}`,
  ].join("\n");
}

/** Model options → settings for this one run (nothing is saved). */
export function modelSettingsFrom(values: Record<string, string | boolean | undefined>): ModelSettings | null {
  const context = values.context === undefined ? undefined : Number(values.context);
  if (context !== undefined && (!Number.isInteger(context) || context < 512)) throw new UsageError("--context must be a whole number of tokens (512 or more)");
  const chosen = ["model", "ollama", "server"].filter((k) => values[k] !== undefined);
  if (chosen.length > 1) throw new UsageError("choose one of --model, --ollama or --server");
  const extra = context === undefined ? {} : { contextSize: context };
  if (typeof values.model === "string") return { provider: "llama-cpp", modelPath: values.model, ...extra };
  if (typeof values.ollama === "string") {
    return { provider: "ollama", ollamaModel: values.ollama, ...(typeof values["ollama-url"] === "string" ? { ollamaBaseUrl: values["ollama-url"] } : {}), ...extra };
  }
  if (typeof values.server === "string") {
    return { provider: "openai-compatible", serverUrl: values.server, ...(typeof values["server-model"] === "string" ? { serverModel: values["server-model"] } : {}), ...extra };
  }
  return null;
}

/** Everything written to the terminal passes stripTerminalControls: model and file text never drives it. */
export function renderEvent(event: EngineEvent, io: CliIO, state: { streamed: string }): void {
  const out = (text: string) => io.stdout.write(stripTerminalControls(text));
  const err = (text: string) => io.stderr.write(stripTerminalControls(text));
  switch (event.type) {
    case "progress":
      err(`· ${event.message}\n`);
      break;
    case "trace":
      err(`  ${event.stage === "end" ? "✓" : "→"} ${event.label}\n`);
      break;
    case "token":
      state.streamed += stripTerminalControls(event.text);
      out(event.text);
      break;
    case "emergency":
      out(`\n!!! ${event.headline}\n`);
      for (const n of event.numbers) out(`    ${n.kind === "text" ? "Text" : "Call"} ${n.number} — ${n.label}\n`);
      break;
    case "consent.required":
      // Asked before in this conversation and not allowed: the answer goes on without them; say how to allow.
      if (event.askedBefore) err(`  · off in this conversation: ${event.agents.map((a) => `${a.title} (to allow: carefold consent allow ${a.id})`).join(", ")}\n`);
      else err(`  ! needs your OK: ${event.agents.map((a) => `${a.title} (${a.id})`).join(", ")}\n`);
      break;
    case "approval.requested":
      err(`  ? approval needed to ${event.operation} ${event.path} (open the app to decide)\n`);
      break;
    case "error":
      err(`error: ${event.message}\n`);
      break;
    case "done": {
      if (event.outcome === "emergency") break;
      const text = stripTerminalControls(event.text);
      const rest = text.startsWith(state.streamed) ? text.slice(state.streamed.length) : `\n\n${text}`;
      out(rest.endsWith("\n") ? rest : rest + "\n");
      if (event.outcome === "answered" && event.agents.length) err(`· answered by ${event.agents.join(", ")}${event.why ? ` — ${event.why}` : ""}\n`);
      break;
    }
  }
}

export const command: CliCommand = {
  name: "ask",
  summary: "ask one question and stream the answer",
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      "data-dir": { type: "string" },
      json: { type: "boolean" },
      model: { type: "string" },
      ollama: { type: "string" },
      "ollama-url": { type: "string" },
      server: { type: "string" },
      "server-model": { type: "string" },
      context: { type: "string" },
      "max-tokens": { type: "string" },
      "allow-health-specialists": { type: "boolean" },
    });
    const question = positionals.join(" ").trim();
    if (!question) {
      io.stderr.write(usage + "\n");
      return 2;
    }
    const dataDir = dataDirFrom(values["data-dir"], io);
    const settings = modelSettingsFrom(values);
    const maxTokens = values["max-tokens"] === undefined ? undefined : Number(values["max-tokens"]);
    if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 16)) throw new UsageError("--max-tokens must be a whole number (16 or more)");
    if (maxTokens !== undefined && !settings) throw new UsageError("--max-tokens goes with --model, --ollama or --server");
    const modelProvider = settings ? createModelProvider(settings, { dataDir, ...(maxTokens ? { maxTokens } : {}) }) : undefined;
    const engine = createEngine({ dataDir, contentDir: findContentDir(), modelProvider, ...(await openCliDataKey(dataDir, io)) });
    const active = engine.provider.describe();
    if (!values.json) io.stderr.write(`· Model: ${active ? `${active.provider} ${active.model}` : "none configured"}\n`);
    try {
      if (values["allow-health-specialists"]) {
        // The same consent request as the app's "Allow all": saved, audited, withdrawable.
        const consent = await request(engine, "consent.set", { scope: "global", granted: true });
        // Said even with --json (on stderr): it changes a saved choice.
        io.stderr.write(`· All health specialists may now answer${consent.persistent ? " (saved for this data folder; undo with: carefold consent withdraw all)" : " (for this session only)"}\n`);
      }
      const state = { streamed: "" };
      const needsOkFrom: string[] = [];
      const finished = new Promise<EngineEvent & { type: "done" }>((resolveDone) => {
        engine.onEvent((event) => {
          if (values.json) io.stdout.write(JSON.stringify(event) + "\n");
          else renderEvent(event, io, state);
          if (event.type === "consent.required" && !event.askedBefore) needsOkFrom.push(...event.agents.map((a) => a.id));
          if (event.type === "done") resolveDone(event);
        });
      });
      const asked = await request(engine, "consult.ask", { text: question });
      const done = await finished;
      if (done.turnId !== asked.turnId) return 0;
      if (done.outcome === "needs_consent") {
        io.stderr.write(stripTerminalControls(consentHint(needsOkFrom)) + "\n");
        return EXIT_NEEDS_CONSENT;
      }
      return done.outcome === "failed" ? 1 : 0;
    } finally {
      await engine.close();
    }
  },
};
