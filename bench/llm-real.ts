/**
 * Real small models on the real engine path (`npm run bench:llm-real [-- ID...]`): for each model that
 * `npm run models:test` placed in the model cache, load it the product's way (createModelProvider →
 * validateGgufFile, hardware fit, LlamaRuntime with the default threads, ChatNodeLlamaCpp), then run one
 * single-specialist consult through the real engine (router and catalog, Deep Agents, output guard) and
 * a follow-up turn in the same thread. Measures, per model:
 *  - load_ms: validate + fit check + load model and context;
 *  - call1_prompt_tokens: the rendered prompt of the consult's first model call (chat template included);
 *  - ttft_ms: from asking to the first streamed model token (the user sees text a sentence later, after the
 *    output guard: first_visible_ms); time to first token of call 1 alone: call1_ttft_ms;
 *  - tokens_per_s: generation speed of the answering call; prompt_tokens_per_s: prompt reading of call 1;
 *  - turn 2: prompt tokens evaluated (not reused from the KV cache) and its first-token time;
 *  - every call's token accounting, and the 1-minute load average before and after (this machine is shared).
 * Prints one JSON object on its last line: { models: { <id>: {...} }, ... }; a model that is not in the
 * cache is reported with its skip reason. Minutes at most on 2 cores.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TEST_MODELS, locateTestModel } from "../scripts/models/testModels";
import { machineFigures } from "./machine";
import { sharedLlama } from "../src/engine/inference/llamaRuntime";
import type { EngineEvent } from "../src/shared/contract";
import { doneOf, observedEngine, realModelProvider, type ModelCall } from "../test-models/support/realModel";

const ROOT = resolve(import.meta.dirname, "..");
const QUESTION = "Help me keep a simple daily walking log";
const FOLLOW_UP = "Thanks. What should I write down each day?";
const MAX_TOKENS = 128;
const TURN_TIMEOUT_MS = 900_000;
const round = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? null : Number(n.toFixed(digits)));

function callRow(call: ModelCall) {
  const e = call.evaluation;
  const ttft = e?.timeToFirstTokenMs ?? null;
  const generationMs = e && ttft !== null ? e.durationMs - ttft : null;
  return {
    prompt_tokens: e?.promptTokens ?? null,
    evaluated_tokens: e?.evaluatedInputTokens ?? null,
    reused_tokens: e?.reusedPromptTokens ?? null,
    output_tokens: e?.outputTokens ?? null,
    ttft_ms: round(ttft),
    duration_ms: round(e?.durationMs),
    prompt_tokens_per_s: e && ttft ? round(e.evaluatedInputTokens / (ttft / 1000), 1) : null,
    tokens_per_s: e && generationMs && e.outputTokens > 1 ? round((e.outputTokens - 1) / (generationMs / 1000), 1) : null,
    finish: call.finishReason,
    tool_calls: call.toolCalls,
  };
}

async function benchModel(id: string) {
  const located = locateTestModel(id);
  if (!located.path) return { skipped: located.skip };
  const dataDir = mkdtempSync(join(tmpdir(), "carefold-bench-llm-real-"));
  const real = realModelProvider(located.path, { dataDir, maxTokens: MAX_TOKENS });
  const { engine, events } = observedEngine({ dataDir, contentDir: ROOT, modelProvider: real.provider, hostKind: "cli" });
  try {
    const loadBefore = loadavg()[0]!;
    const loadStarted = performance.now();
    await real.provider.getChatModel({ key: "bench-load" });
    const loadMs = performance.now() - loadStarted;

    const runTurn = async (text: string, threadId?: string) => {
      const callsBefore = real.calls.length;
      const started = performance.now();
      let firstVisible: number | null = null;
      const stop = engine.onEvent((e: EngineEvent) => {
        if (e.type === "token" && firstVisible === null) firstVisible = performance.now();
      });
      const asked = await engine["consult.ask"]({ text, ...(threadId ? { threadId } : {}) });
      const done = await doneOf(events, asked.turnId, TURN_TIMEOUT_MS).finally(stop);
      const ended = performance.now();
      const calls = real.calls.slice(callsBefore);
      const firstChunk = calls.map((c) => c.firstChunkAt).find((t): t is number => t !== null) ?? null;
      const answering = [...calls].reverse().find((c) => c.toolCalls.length === 0) ?? calls.at(-1);
      return { asked, done, calls, started, ended, firstChunk, firstVisible: firstVisible as number | null, answering };
    };

    const turn1 = await runTurn(QUESTION);
    const turn2 = await runTurn(FOLLOW_UP, turn1.asked.threadId);
    const call1 = turn1.calls[0];
    const answer = turn1.answering ? callRow(turn1.answering) : null;
    return {
      file: located.model.file,
      load_ms: round(loadMs),
      outcome: turn1.done.outcome,
      agents: turn1.done.agents,
      calls_before_answer: turn1.calls.length,
      call1_prompt_tokens: call1?.evaluation?.promptTokens ?? null,
      call1_ttft_ms: round(call1?.evaluation?.timeToFirstTokenMs),
      ttft_ms: round(turn1.firstChunk === null ? null : turn1.firstChunk - turn1.started),
      first_visible_ms: round(turn1.firstVisible === null ? null : turn1.firstVisible - turn1.started),
      tokens_per_s: answer?.tokens_per_s ?? null,
      prompt_tokens_per_s: call1 ? callRow(call1).prompt_tokens_per_s : null,
      turn1_ms: round(turn1.ended - turn1.started),
      turn2_outcome: turn2.done.outcome,
      turn2_prompt_tokens: turn2.calls[0]?.evaluation?.promptTokens ?? null,
      turn2_evaluated_tokens: turn2.calls[0]?.evaluation?.evaluatedInputTokens ?? null,
      ttft_turn2_ms: round(turn2.firstChunk === null ? null : turn2.firstChunk - turn2.started),
      calls: { turn1: turn1.calls.map(callRow), turn2: turn2.calls.map(callRow) },
      load_average: { before: round(loadBefore, 2), after: round(loadavg()[0], 2) },
    };
  } finally {
    await engine.close();
    await real.provider.dispose?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const ids = wanted.length ? wanted : TEST_MODELS.map((m) => m.id);
  const llama = await sharedLlama(false, "physical");
  const models: Record<string, unknown> = {};
  for (const id of ids) {
    const result = await benchModel(id);
    models[id] = result;
    process.stderr.write(`${id}: ${JSON.stringify(result)}\n`);
  }
  console.log(
    JSON.stringify({
      models,
      ...machineFigures(llama),
      max_tokens: MAX_TOKENS,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
