/** createModelProvider: selection from settings, clear refusals, and a real local model end to end. */
import { HumanMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelsListSchema } from "../../src/shared/contract";
import { ChatNodeLlamaCpp } from "../../src/engine/inference/chatNodeLlamaCpp";
import { createModelProvider } from "../../src/engine/inference/modelProvider";
import { buildModelsList } from "../../src/engine/inference/modelsList";
import { importModel } from "../../src/engine/inference/modelStore";
import { NO_MODEL_MESSAGE } from "../../src/engine/inference/modelSettings";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { startOllamaStub, type OllamaStub } from "../support/ollamaStub";
import { tempDir } from "../support/tempDir";

let model: GeneratedModel;
let stub: OllamaStub;
const tmp = tempDir("carefold-provider-");
const bigMachine = { totalRamBytes: 64 * 1024 ** 3, freeRamBytes: 32 * 1024 ** 3, cpuFlags: null, arch: "x64" };

beforeAll(async () => {
  model = generateModel();
  stub = await startOllamaStub();
  await importModel(tmp.dir, model.path, "tiny.gguf");
});
afterAll(async () => {
  await stub.close();
  model.cleanup();
  tmp.cleanup();
});

describe("createModelProvider", () => {
  it("none: describes nothing and says how to configure a model", async () => {
    const provider = createModelProvider({ provider: "none" }, { dataDir: tmp.dir });
    expect(provider.describe()).toBeNull();
    await expect(provider.getChatModel({ key: "k" })).rejects.toThrow(NO_MODEL_MESSAGE);
    expect(NO_MODEL_MESSAGE).toMatch(/carefold models pull .*carefold models import/);
  });

  it("incomplete settings: refuse with the missing piece named", async () => {
    for (const [settings, words] of [
      [{ provider: "llama-cpp" }, /no model file is set/],
      [{ provider: "ollama" }, /no model is set/],
      [{ provider: "openai-compatible" }, /no server address is set/],
    ] as const) {
      const provider = createModelProvider(settings, { dataDir: tmp.dir });
      expect(provider.describe()).toBeNull();
      await expect(provider.getChatModel({ key: "k" })).rejects.toThrow(words);
    }
  });

  it("llama-cpp: loads the model from <data>/models once and gives each key its own chat model", async () => {
    const provider = createModelProvider(
      { provider: "llama-cpp", modelPath: "tiny.gguf", contextSize: 2048 },
      { dataDir: tmp.dir, threads: 1, gpu: false, machine: bigMachine },
    );
    try {
      expect(provider.describe()).toEqual({ provider: "llama-cpp", model: "tiny.gguf", contextSize: 2048 });
      const a = await provider.getChatModel({ key: "thread-1:orchestrator" });
      const b = await provider.getChatModel({ key: "thread-1:visit-prep" });
      expect(a).toBeInstanceOf(ChatNodeLlamaCpp);
      expect((a as ChatNodeLlamaCpp).runtime).toBe((b as ChatNodeLlamaCpp).runtime);
      expect((a as ChatNodeLlamaCpp).sequenceKey).toBe("thread-1:orchestrator");
      const reply = await (a as ChatNodeLlamaCpp).invoke([new HumanMessage("Hello")], { maxTokens: 3 });
      expect(reply.usage_metadata!.output_tokens).toBeGreaterThan(0);
    } finally {
      await provider.dispose?.();
    }
  });

  it("llama-cpp: refuses a model that does not fit in memory, or a missing file, in plain words", async () => {
    const small = { totalRamBytes: 64 * 1024 ** 2, freeRamBytes: 32 * 1024 ** 2, cpuFlags: null, arch: "x64" };
    const tooBig = createModelProvider(
      { provider: "llama-cpp", modelPath: "tiny.gguf" },
      { dataDir: tmp.dir, threads: 1, gpu: false, machine: small },
    );
    await expect(tooBig.getChatModel({ key: "k" })).rejects.toThrow(/needs about .* of memory/);
    const missing = createModelProvider({ provider: "llama-cpp", modelPath: "gone.gguf" }, { dataDir: tmp.dir });
    await expect(missing.getChatModel({ key: "k" })).rejects.toThrow(/Cannot read .*gone\.gguf/);
  });
});

describe("buildModelsList", () => {
  it("answers the contract's models.list shape", async () => {
    const list = await buildModelsList(
      { provider: "llama-cpp", modelPath: "tiny.gguf", ollamaBaseUrl: stub.url },
      tmp.dir,
    );
    expect(ModelsListSchema.safeParse(list).success).toBe(true);
    expect(list.active).toEqual({ provider: "llama-cpp", model: "tiny.gguf", contextSize: 8192 });
    expect(list.local).toEqual([{ file: "tiny.gguf", sizeBytes: model.sizeBytes, architecture: "llama", parameters: expect.any(String) }]);
    expect(list.recommended.map((r) => r.id)).toContain("qwen2.5-1.5b-instruct");
    expect(list.recommended.every((r) => r.uri.startsWith("hf:") && r.sizeBytes > 0 && r.ramBytes > r.sizeBytes)).toBe(true);
    expect(list.ollama).toEqual({ reachable: true, baseUrl: stub.url, models: ["qwen2.5:3b"], problem: null });
  });
});
