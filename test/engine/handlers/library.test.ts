/** Library requests: a new model server off this computer is used only with its host confirmed (issue 17). */
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../../../src/engine/engine";
import { REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

describe("settings.set and model servers", () => {
  it("the engine uses a new off-computer server only with its host confirmed, and says which host", async () => {
    const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO });
    try {
      const model = { provider: "ollama" as const, ollamaModel: "qwen2.5:3b", ollamaBaseUrl: "http://clinic.example:11434" };
      await expect(engine["settings.set"]({ model })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("clinic.example") });
      expect((await engine["settings.get"]()).model).toEqual({ provider: "none" });
      await expect(engine["settings.set"]({ model, confirmRemoteHost: "other.example" })).rejects.toMatchObject({ code: "conflict" });
      expect((await engine["settings.set"]({ model, confirmRemoteHost: "clinic.example" })).model).toEqual(model);
      // The same host again (another model on it) needs no new confirmation; this computer never does.
      expect((await engine["settings.set"]({ model: { ...model, ollamaModel: "llama3.2:1b" } })).model.ollamaModel).toBe("llama3.2:1b");
      expect((await engine["settings.set"]({ model: { provider: "ollama", ollamaModel: "x", ollamaBaseUrl: "http://127.0.0.1:11434" } })).model.provider).toBe("ollama");
      await engine["settings.set"]({ language: "es" });
      await expect(engine["settings.set"]({ model: { provider: "openai-compatible", serverUrl: "https://far.example/v1" } })).rejects.toThrow(/far\.example no está en esta computadora/);
    } finally {
      await engine.close();
    }
  });
});
