/** `carefold eval`: runs the agents' golden cases through the full engine and reports what passed. */
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { ModelSettings } from "../../shared/contract";
import { allScoredPassed, renderReport, summarize } from "../../engine/evals/evalReport";
import { UnknownAgentError } from "../../engine/evals/goldenCases";
import { runGoldenEvals, type CaseResult } from "../../engine/evals/runEvals";
import type { createModelProvider as CreateModelProvider } from "../../engine/inference/modelProvider";
import type { ModelProvider } from "../../engine/inference/types";
import { findContentDir } from "../../engine/paths";
import { dataDirFrom, parse, UsageError } from "../args";
import type { CliCommand, CliIO } from "../types";

const usage = `Usage: carefold eval [--agent ID] [--model PATH | --ollama NAME] [--json] [--data-dir DIR] [--routed] [--timeout SECONDS]

Runs every agents/*/evals/golden.jsonl case (or one agent's) through the full consult lifecycle,
each in its own conversation, and checks the outcome, the must_not phrases and the tools used.
Without a model only the cases the safety gate decides (emergency, refuse) are scored; the others
are reported as "needs a model". Exit status 0 when every scored case passed, 1 otherwise.
  --agent ID        only this agent's cases
  --model PATH      a local GGUF model (a path, or a file name in the models folder)
  --ollama NAME     a model served by Ollama on this computer, e.g. qwen2.5:3b
  --json            one JSON line per case instead of the table
  --data-dir DIR    run in this data folder (default: a fresh temporary one, removed afterwards)
  --routed          let the router choose the specialist (default: the case's own specialist)
  --timeout SECONDS cancel a case still running after this long (default 600)
The last line is always the JSON summary.`;

/** A path-like --model value is resolved against the working directory; a bare name means the models folder. */
function modelPathFrom(value: string, io: CliIO): string {
  const local = resolve(io.cwd, value);
  return isAbsolute(value) || /[\\/]/.test(value) || existsSync(local) ? local : value;
}

async function providerFrom(settings: ModelSettings, dataDir: string): Promise<ModelProvider> {
  // Loaded only when a model is asked for: a model-less eval never loads the inference runtime.
  let create: typeof CreateModelProvider;
  try {
    ({ createModelProvider: create } = await import("../../engine/inference/modelProvider"));
  } catch (err) {
    throw new Error(`this build cannot run models (${err instanceof Error ? err.message : String(err)})`);
  }
  const provider = create(settings, { dataDir });
  // Fail once, up front, with the provider's own advice instead of failing every case.
  await provider.getChatModel({ key: "eval:probe" });
  return provider;
}

function caseLine(c: CaseResult): string {
  return JSON.stringify({ agent: c.agent, id: c.id, expect: c.expect, outcome: c.outcome, result: c.status, failures: c.failures, tools: c.tools, ms: c.durationMs });
}

export const command: CliCommand = {
  name: "eval",
  summary: "run the golden safety and quality cases through the engine",
  usage,
  async run(argv, io) {
    try {
      return await evaluate(argv, io);
    } catch (err) {
      // Usage mistakes exit 2, so exit 1 always means "a scored case failed" (or no usable model).
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold eval: ${err.message}\n\n${usage}\n`);
      return 2;
    }
  },
};

async function evaluate(argv: string[], io: CliIO): Promise<number> {
  const { values } = parse(
    argv,
    {
      agent: { type: "string" },
      model: { type: "string" },
      ollama: { type: "string" },
      json: { type: "boolean" },
      "data-dir": { type: "string" },
      routed: { type: "boolean" },
      timeout: { type: "string" },
    },
    false,
  );
  if (values.model && values.ollama) throw new UsageError("choose either --model or --ollama, not both");
  const timeoutSeconds = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutSeconds !== undefined && !(timeoutSeconds > 0)) throw new UsageError("--timeout takes a number of seconds");

  const dataDir = values["data-dir"] ? dataDirFrom(values["data-dir"], io) : undefined;
  let modelProvider: ModelProvider | undefined;
  if (values.model || values.ollama) {
    const settings: ModelSettings = values.model
      ? { provider: "llama-cpp", modelPath: modelPathFrom(values.model, io) }
      : { provider: "ollama", ollamaModel: values.ollama };
    try {
      modelProvider = await providerFrom(settings, dataDir ?? dataDirFrom(undefined, io));
    } catch (err) {
      io.stderr.write(`carefold eval: the model is not usable: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  }

  // The engine disposes the provider when the run ends.
  try {
    const run = await runGoldenEvals({
      contentDir: findContentDir(),
      dataDir,
      modelProvider,
      agent: values.agent,
      routed: values.routed ?? false,
      caseTimeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
      onCase: (c) => {
        if (values.json) io.stdout.write(caseLine(c) + "\n");
        else io.stderr.write(`· ${c.agent} ${c.id}: ${c.outcome}\n`);
      },
    });
    const summary = summarize(run.cases);
    if (!values.json) io.stdout.write(renderReport(run, summary) + "\n");
    io.stdout.write(JSON.stringify(summary) + "\n");
    return allScoredPassed(summary) ? 0 : 1;
  } catch (err) {
    if (err instanceof UnknownAgentError) throw new UsageError(err.message);
    throw err;
  }
}
