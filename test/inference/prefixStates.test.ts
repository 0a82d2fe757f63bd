/**
 * Saved prefix states (issue 14, item 3) on a real llama.cpp context with a tiny generated model: saved
 * once, loaded after a restart instead of evaluated (same greedy answer), pre-warmed into a free sequence,
 * never loaded for another prompt or another model file, bounded in number, and a damaged file is
 * dropped, never trusted.
 */
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HumanMessage, SystemMessage, type AIMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatNodeLlamaCpp, type EvaluationStats } from "../../src/engine/inference/chatNodeLlamaCpp";
import { LlamaRuntime } from "../../src/engine/inference/llamaRuntime";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { tempDir } from "../support/tempDir";

const tmp = tempDir("carefold-prefix-");
const dir = join(tmp.dir, "prefix-states");
let model: GeneratedModel;
const runtimes: LlamaRuntime[] = [];
const runtime = (options: { saved?: boolean; maxStates?: number } = {}) => {
  const r = new LlamaRuntime({
    modelPath: model.path,
    threads: 1,
    gpu: false,
    contextSize: 4096,
    sequences: 2,
    prefixStateDir: options.saved === false ? null : dir,
    prefixStateLimits: options.maxStates ? { maxStates: options.maxStates } : {},
  });
  runtimes.push(r);
  return r;
};
const system = (n: number) => `You help people prepare for doctor visits (${n}). ` + "Bring your medicine list and questions. ".repeat(30);
const ask = async (r: LlamaRuntime, question: string, sys = system(1), key = "specialist:a") => {
  const reply = (await new ChatNodeLlamaCpp({ runtime: r, sequenceKey: key, maxTokens: 12 }).invoke([new SystemMessage(sys), new HumanMessage(question)])) as AIMessage;
  return { text: reply.content as string, e: (reply.response_metadata as { evaluation: EvaluationStats }).evaluation };
};
const states = () => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".state")) : []);

beforeAll(() => {
  model = generateModel();
});
afterAll(async () => {
  for (const r of runtimes) await r.dispose();
  model?.cleanup();
  tmp.cleanup();
});

describe("saved prefix states", () => {
  it("are saved by the first call, then loaded after a restart instead of evaluated, with the same answer", async () => {
    const first = await ask(runtime(), "Help me list my questions.");
    expect(first.e.prefixSaved).toBe(true);
    expect(first.e.prefixLoaded).toBe(false);
    expect(first.e.prefixTokens).toBeGreaterThan(256);
    expect(states()).toHaveLength(1);

    const again = await ask(runtime(), "Help me list my questions.");
    expect(again.e.prefixLoaded).toBe(true);
    expect(again.e.prefixSaved).toBe(false);
    expect(again.e.evaluatedInputTokens).toBeLessThanOrEqual(again.e.promptTokens - again.e.prefixTokens + 1);
    expect(again.text).toBe(first.text);
  });

  it("are pre-warmed into a free sequence, and never for a key with nothing saved", async () => {
    const r = runtime();
    expect(await r.prewarm(["specialist:a", "specialist:none"])).toEqual(["specialist:a"]);
    const warm = await ask(r, "What should I bring?");
    expect(warm.e.prefixLoaded).toBe(false);
    expect(warm.e.reusedPromptTokens).toBeGreaterThanOrEqual(warm.e.prefixTokens);
    expect((await r.cacheReport()).keys).toContain("specialist:a");
  });

  it("are not used for another prompt, nor without a store", async () => {
    const other = await ask(runtime(), "Help me list my questions.", system(2));
    expect(other.e.prefixLoaded).toBe(false);
    expect(other.e.prefixSaved).toBe(true);
    const plain = await ask(runtime({ saved: false }), "Help me list my questions.");
    expect(plain.e.prefixLoaded || plain.e.prefixSaved).toBe(false);
  });

  it("are kept within their limit, least recently used out", async () => {
    const r = runtime({ maxStates: 2 });
    for (const n of [3, 4, 5]) await ask(r, "Hello.", system(n), `specialist:${n}`);
    expect(states()).toHaveLength(2);
    const report = (await r.cacheReport()).savedPrefixes!;
    expect(report.states).toBe(2);
    expect(report.limits.maxStates).toBe(2);
  });

  it("are dropped when damaged, and the answer is evaluated instead", async () => {
    const r = runtime();
    const saved = await ask(r, "Hello there.", system(6), "specialist:6");
    expect(saved.e.prefixSaved).toBe(true);
    for (const f of states()) writeFileSync(join(dir, f), "not a state");
    const after = await ask(runtime(), "Hello there.", system(6), "specialist:6");
    expect(after.e.prefixLoaded).toBe(false);
    expect(after.e.prefixSaved).toBe(true); // evaluated, and saved again whole
    expect(after.text).toBe(saved.text);
  });

  it("are dropped when a file holds another prefix than its name says, and a killed save's leftovers go", async () => {
    const r = runtime();
    await ask(r, "Hi.", system(8), "specialist:8");
    await ask(r, "Hi.", system(9), "specialist:9");
    const [a, b] = states()
      .map((f) => join(dir, f))
      .sort((x, y) => statSync(y).mtimeMs - statSync(x).mtimeMs);
    const aBytes = readFileSync(a!);
    writeFileSync(a!, readFileSync(b!));
    writeFileSync(b!, aBytes);
    const leftover = join(dir, "0".repeat(64) + ".state.1234.partial");
    writeFileSync(leftover, "half a state");
    const old = new Date(Date.now() - 3600_000);
    utimesSync(leftover, old, old);
    const swapped = await ask(runtime(), "Hi.", system(9), "specialist:9");
    expect(swapped.e.prefixLoaded).toBe(false);
    expect(swapped.e.prefixSaved).toBe(true); // the wrong file was dropped, the right state saved
    expect(existsSync(leftover)).toBe(false);
  });

  it("are not loaded for a changed model file", async () => {
    const first = await ask(runtime(), "Good morning.", system(7), "specialist:7");
    expect(first.e.prefixSaved).toBe(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(model.path, later, later);
    const changed = await ask(runtime(), "Good morning.", system(7), "specialist:7");
    expect(changed.e.prefixLoaded).toBe(false);
    expect(changed.e.prefixSaved).toBe(true);
  });
});
