/**
 * The local model shared by a process's profiles: two profiles set to the same model file get one
 * runtime (loaded once, one copy of the weights), a model already loaded needs no second memory check,
 * a runtime stays while anyone holds it and for a while after the last lets go, and another shape or
 * file gets its own. On a real llama.cpp context with a tiny generated model.
 */
import { HumanMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatNodeLlamaCpp } from "../../src/engine/inference/chatNodeLlamaCpp";
import { LlamaRuntime, type LlamaRuntimeOptions } from "../../src/engine/inference/llamaRuntime";
import { createModelProvider } from "../../src/engine/inference/modelProvider";
import { createRuntimePool } from "../../src/engine/inference/runtimePool";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { tempDir } from "../support/tempDir";

let model: GeneratedModel;
const mum = tempDir("carefold-pool-mum-");
const dad = tempDir("carefold-pool-dad-");
const bigMachine = { totalRamBytes: 64 * 1024 ** 3, freeRamBytes: 32 * 1024 ** 3, cpuFlags: null, arch: "x64" };
const tinyMachine = { totalRamBytes: 64 * 1024 ** 2, freeRamBytes: 1024 ** 2, cpuFlags: null, arch: "x64" };

beforeAll(() => {
  model = generateModel();
});
afterAll(() => {
  model.cleanup();
  mum.cleanup();
  dad.cleanup();
});

/** A pool that counts the runtimes it makes; the fake ones only count their disposals. */
function fakePool(keepMs: number) {
  const made: { options: LlamaRuntimeOptions; disposed: number }[] = [];
  const pool = createRuntimePool({
    prefixStateDir: null,
    keepMs,
    create: (options) => {
      const entry = { options, disposed: 0 };
      made.push(entry);
      return { dispose: async () => void (entry.disposed += 1) } as unknown as LlamaRuntime;
    },
  });
  return { pool, made };
}

describe("runtime pool", () => {
  it("gives one runtime to every holder of the same model shape, and keeps it a while after the last lets go", async () => {
    const { pool, made } = fakePool(40);
    const shape = { modelPath: "/m/a.gguf", contextSize: 4096, sequences: 2 };
    const a = pool.acquire(shape);
    const b = pool.acquire({ ...shape });
    expect(a.runtime).toBe(b.runtime);
    expect(pool.acquire({ ...shape, contextSize: 8192 }).runtime).not.toBe(a.runtime);
    expect(made).toHaveLength(2);
    a.release();
    a.release(); // idempotent: one holder still there
    b.release();
    expect(made[0]!.disposed).toBe(0); // kept: switching profiles does not reload
    const again = pool.acquire(shape);
    expect(again.runtime).toBe(a.runtime);
    again.release();
    await new Promise((r) => setTimeout(r, 80));
    expect(made[0]!.disposed).toBe(1);
    expect(pool.has(shape)).toBe(false);
    await pool.close();
    expect(made[1]!.disposed).toBe(1);
  });

  it("two profiles' engines on the same model file load it once; the second needs no memory check of its own", async () => {
    const created: LlamaRuntime[] = [];
    const pool = createRuntimePool({ prefixStateDir: null, keepMs: 0, create: (o) => (created.push(new LlamaRuntime(o)), created.at(-1)!) });
    const settings = { provider: "llama-cpp" as const, modelPath: model.path, contextSize: 2048 };
    const first = createModelProvider(settings, { dataDir: mum.dir, threads: 1, gpu: false, machine: bigMachine, runtimes: pool });
    // On its own this machine could not hold the model; the one already loaded is shared.
    const second = createModelProvider(settings, { dataDir: dad.dir, threads: 1, gpu: false, machine: tinyMachine, runtimes: pool });
    try {
      const a = (await first.getChatModel({ key: "t1:visit-steward" })) as ChatNodeLlamaCpp;
      const b = (await second.getChatModel({ key: "t9:visit-steward" })) as ChatNodeLlamaCpp;
      expect(created).toHaveLength(1);
      expect(a.runtime).toBe(b.runtime);
      for (const chat of [a, b]) expect((await chat.invoke([new HumanMessage("Hello")], { maxTokens: 3 })).usage_metadata!.output_tokens).toBeGreaterThan(0);
      await first.dispose?.();
      expect((await second.getChatModel({ key: "t9:visit-steward" }) as ChatNodeLlamaCpp).runtime).toBe(a.runtime); // still held by the second
    } finally {
      await second.dispose?.();
      await first.dispose?.();
    }
    await expect(created[0]!.load()).rejects.toThrow(/unloaded/); // the last one out: unloaded
    await pool.close();
  });
});
