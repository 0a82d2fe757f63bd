/**
 * `npm run bench:consult [-- ID...]`: the real engine end to end — catalog routing, the specialist's Deep
 * Agent, the output guard, synthesis — on this machine's CPU, loaded the product's way
 * (createModelProvider: validation, hardware fit, LlamaRuntime with its default threads, saved prefixes
 * under the data folder). Models:
 *  - `llama-1b-dims`: a generated model with Llama-3.2-1B dimensions (Q4_K blocks, random weights: speed
 *    does not depend on their values) carrying SmolLM2's real BPE tokenizer and chat template (49,152
 *    tokens; Llama 3's own has 128,256, which only makes the output layer larger);
 *  - the real small models `npm run models:test` placed in the cache (skipped with the reason otherwise).
 * Per model, from asking to the first token the answering model call streams:
 *  - ttft_cold_ms: a first-ever start (nothing saved, model just loaded);
 *  - ttft_turn2_ms and turn2_prompt_tokens / turn2_evaluated_tokens: a follow-up in the same conversation;
 *  - ttft_saved_ms: a restart (new engine and runtime on the same data folder) asking the same specialist;
 *  - ttft_prewarmed_ms: a restart whose idle pre-warm ran before the question;
 *  - every call's prompt tokens (chat template included), evaluated and reused tokens, prefix loaded or
 *    saved, generation tokens/s; the cache report; the 1-minute load average before and after.
 * The last line is one JSON object; its top-level ttft_* and turn2_* fields are the 1B-dimension model's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readGgufFileInfo } from "node-llama-cpp";
import { TEST_MODELS, locateTestModel } from "../scripts/models/testModels";
import { machineFigures } from "./machine";
import { sharedLlama } from "../src/engine/inference/llamaRuntime";
import { doneOf, observedEngine, realModelProvider, type ModelCall } from "../test-models/support/realModel";
import { LLAMA_1B_DIMENSIONS, generateModel, type RealTokenizer } from "../test/support/gguf/index";

const ROOT = resolve(import.meta.dirname, "..");
const QUESTION = "Help me keep a simple daily walking log";
const FOLLOW_UP = "Thanks. What should I write down each day?";
const MAX_TOKENS = 32;
const TURN_TIMEOUT_MS = 900_000;
const round = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? null : Number(n.toFixed(digits)));

function callRow(call: ModelCall) {
  const e = call.evaluation;
  const ttft = e?.timeToFirstTokenMs ?? null;
  const generationMs = e && ttft !== null ? e.durationMs - ttft : null;
  return {
    key: call.key,
    prompt_tokens: e?.promptTokens ?? null,
    evaluated_tokens: e?.evaluatedInputTokens ?? null,
    reused_tokens: e?.reusedPromptTokens ?? null,
    prefix_tokens: e?.prefixTokens ?? null,
    prefix_loaded: e?.prefixLoaded ?? null,
    prefix_saved: e?.prefixSaved ?? null,
    output_tokens: e?.outputTokens ?? null,
    ttft_ms: round(ttft),
    tokens_per_s: e && generationMs && e.outputTokens > 1 ? round((e.outputTokens - 1) / (generationMs / 1000), 1) : null,
    tool_calls: call.toolCalls,
  };
}

/** SmolLM2's tokenizer and template, read from its GGUF in the model cache. */
async function realTokenizer(): Promise<RealTokenizer | string> {
  const located = locateTestModel("smollm2-135m-instruct");
  if (!located.path) return `needs SmolLM2's tokenizer: ${located.skip}`;
  const info = await readGgufFileInfo(located.path, { readTensorInfo: false });
  const t = (info.metadata as unknown as { tokenizer: { ggml: Record<string, unknown>; chat_template: string } }).tokenizer;
  return {
    model: t.ggml.model as string,
    pre: t.ggml.pre as string | undefined,
    tokens: t.ggml.tokens as string[],
    tokenTypes: t.ggml.token_type as number[],
    merges: t.ggml.merges as string[] | undefined,
    bosId: t.ggml.bos_token_id as number,
    eosId: t.ggml.eos_token_id as number,
    addBos: Boolean(t.ggml.add_bos_token),
    chatTemplate: t.chat_template,
  };
}

type Phase = "cold" | "saved" | "prewarmed";

async function session(modelPath: string, dataDir: string, phase: Phase, prewarmKeys: string[] = []) {
  const real = realModelProvider(modelPath, { dataDir, maxTokens: MAX_TOKENS });
  const { engine, events } = observedEngine({ dataDir, contentDir: ROOT, modelProvider: real.provider, hostKind: "cli" });
  const runTurn = async (text: string, threadId?: string) => {
    const callsBefore = real.calls.length;
    const started = performance.now();
    const asked = await engine["consult.ask"]({ text, ...(threadId ? { threadId } : {}) });
    const done = await doneOf(events, asked.turnId, TURN_TIMEOUT_MS);
    const calls = real.calls.slice(callsBefore);
    const firstChunk = calls.map((c) => c.firstChunkAt).find((t): t is number => t !== null) ?? null;
    return { asked, done, calls, ttft: firstChunk === null ? null : firstChunk - started, ms: performance.now() - started };
  };
  try {
    const loadStarted = performance.now();
    await real.provider.getChatModel({ key: "bench-load" });
    const loadMs = performance.now() - loadStarted;
    let warmed: string[] = [];
    if (phase === "prewarmed") warmed = (await real.provider.prewarm?.(prewarmKeys)) ?? [];
    const turn1 = await runTurn(QUESTION);
    const turn2 = phase === "cold" ? await runTurn(FOLLOW_UP, turn1.asked.threadId) : null;
    const model = await real.provider.getChatModel({ key: "bench-report" });
    const cache = await (model as unknown as { runtime: { cacheReport(): Promise<unknown> } }).runtime.cacheReport();
    return { loadMs, warmed, turn1, turn2, cache, events: events.length };
  } finally {
    await engine.close();
    await real.provider.dispose?.();
  }
}

async function benchModel(modelPath: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "carefold-bench-consult-"));
  const loadBefore = loadavg()[0]!;
  try {
    const cold = await session(modelPath, dataDir, "cold");
    const saved = await session(modelPath, dataDir, "saved");
    const prewarmed = await session(modelPath, dataDir, "prewarmed", [...new Set(cold.turn1.calls.map((c) => c.key))]);
    const turn2First = cold.turn2?.calls[0]?.evaluation;
    return {
      agents: cold.turn1.done.agents,
      outcome: cold.turn1.done.outcome,
      load_ms: round(cold.loadMs),
      calls_before_answer: cold.turn1.calls.length,
      ttft_cold_ms: round(cold.turn1.ttft),
      ttft_turn2_ms: round(cold.turn2?.ttft),
      turn2_prompt_tokens: turn2First?.promptTokens ?? null,
      turn2_evaluated_tokens: turn2First?.evaluatedInputTokens ?? null,
      ttft_saved_ms: round(saved.turn1.ttft),
      ttft_prewarmed_ms: round(prewarmed.turn1.ttft),
      prewarmed_keys: prewarmed.warmed,
      calls: {
        cold_turn1: cold.turn1.calls.map(callRow),
        cold_turn2: cold.turn2?.calls.map(callRow) ?? [],
        saved_turn1: saved.turn1.calls.map(callRow),
        prewarmed_turn1: prewarmed.turn1.calls.map(callRow),
      },
      cache: prewarmed.cache,
      load_average: { before: round(loadBefore, 2), after: round(loadavg()[0], 2) },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const ids = wanted.length ? wanted : ["llama-1b-dims", ...TEST_MODELS.map((m) => m.id)];
  const llama = await sharedLlama(false, "physical");
  const models: Record<string, unknown> = {};
  for (const id of ids) {
    if (id === "llama-1b-dims") {
      const tokenizer = await realTokenizer();
      if (typeof tokenizer === "string") {
        models[id] = { skipped: tokenizer };
        continue;
      }
      const generated = generateModel({ ...LLAMA_1B_DIMENSIONS, tokenizer, contextLength: 8192 }, "llama-1b-dims.gguf");
      try {
        models[id] = await benchModel(generated.path);
      } finally {
        generated.cleanup();
      }
    } else {
      const located = locateTestModel(id);
      models[id] = located.path ? await benchModel(located.path) : { skipped: located.skip };
    }
    process.stderr.write(`${id}: ${JSON.stringify(models[id])}\n`);
  }
  const main1b = models["llama-1b-dims"] as Record<string, unknown> | undefined;
  const pick = (k: string) => (main1b && k in main1b ? main1b[k] : null);
  console.log(
    JSON.stringify({
      ttft_cold_ms: pick("ttft_cold_ms"),
      ttft_saved_ms: pick("ttft_saved_ms"),
      ttft_prewarmed_ms: pick("ttft_prewarmed_ms"),
      ttft_turn2_ms: pick("ttft_turn2_ms"),
      turn2_prompt_tokens: pick("turn2_prompt_tokens"),
      turn2_evaluated_tokens: pick("turn2_evaluated_tokens"),
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
