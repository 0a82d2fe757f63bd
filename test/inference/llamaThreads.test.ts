/**
 * CPU threads for local inference: physical cores (llama.cpuMathCores) by default, capped at the logical
 * CPUs this process may use; an explicit `threads` option wins.
 */
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaRuntime, mathThreads, sharedLlama } from "../../src/engine/inference/llamaRuntime";
import { generateModel, type GeneratedModel } from "../support/gguf/index";

describe("mathThreads", () => {
  it("uses the physical cores, never more than the logical CPUs, at least 1", () => {
    expect(mathThreads(4, 8)).toBe(4); // 4 cores with SMT siblings
    expect(mathThreads(2, 2)).toBe(2);
    expect(mathThreads(64, 2)).toBe(2); // a container's CPU set smaller than the host
    expect(mathThreads(0, 6)).toBe(6); // unknown → logical CPUs
    expect(mathThreads(Number.NaN, 3)).toBe(3);
    expect(mathThreads(1, 1)).toBe(1);
    expect(mathThreads(3, 0)).toBe(1);
  });
});

describe("LlamaRuntime threads", () => {
  let model: GeneratedModel;
  const runtimes: LlamaRuntime[] = [];
  beforeAll(() => {
    model = generateModel();
  });
  afterAll(async () => {
    await Promise.all(runtimes.map((r) => r.dispose()));
    model?.cleanup();
  });
  const runtime = (threads?: number) => {
    const r = new LlamaRuntime({ modelPath: model.path, gpu: false, contextSize: 1024, sequences: 1, ...(threads ? { threads } : {}) });
    runtimes.push(r);
    return r;
  };

  it("defaults to llama.cpuMathCores (capped at availableParallelism) for the context and the binding", async () => {
    const r = runtime();
    expect(r.options.threads).toBeNull();
    const llama = await sharedLlama(false, "physical");
    const expected = mathThreads(llama.cpuMathCores);
    expect(expected).toBeLessThanOrEqual(availableParallelism());
    expect(await r.threads()).toBe(expected);
    expect(llama.maxThreads).toBe(expected);
    const { context } = await r.load();
    expect(context.idealThreads).toBe(expected);
  });

  it("an explicit thread count wins", async () => {
    const r = runtime(1);
    expect(await r.threads()).toBe(1);
    expect((await r.load()).context.idealThreads).toBe(1);
  });
});
