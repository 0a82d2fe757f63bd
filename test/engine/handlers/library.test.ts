/**
 * Library requests: a new model server or download source off this computer is used only with its host
 * confirmed (issue 17); importing a model file and Ollama's status said plainly, in the user's language (issue 18).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../../../src/engine/engine";
import { buildModelsList } from "../../../src/engine/inference/modelsList";
import { RECOMMENDED_MODELS } from "../../../src/engine/inference/recommendedModels";
import { resolvePullTarget, unusualDownloadHost } from "../../../src/engine/inference/modelDownload";
import { EventLog, REPO } from "../../support/engineHarness";
import { generateModel } from "../../support/gguf/index";
import { closedPortUrl } from "../../support/ollamaStub";
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

describe("models.pull and download sources", () => {
  it("the recommended models come from the default source and need no question", () => {
    for (const m of RECOMMENDED_MODELS) expect(unusualDownloadHost(resolvePullTarget(m.id)), m.id).toBeNull();
    expect(unusualDownloadHost(resolvePullTarget("hf:someone/Model-GGUF:Q4_K_M"))).toBeNull();
    expect(unusualDownloadHost(resolvePullTarget("https://Files.Example:8443/m.gguf"))).toBe("files.example");
  });

  it("a download from another host starts only with that host confirmed; nothing starts before", async () => {
    const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO });
    const events = new EventLog();
    engine.onEvent(events.push);
    try {
      const id = "https://files.invalid/models/tiny.gguf";
      await expect(engine["models.pull"]({ id })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("files.invalid") });
      await expect(engine["models.pull"]({ id, confirmSourceHost: "other.invalid" })).rejects.toMatchObject({ code: "conflict" });
      expect(events.of("model.progress")).toHaveLength(0);
      const { downloadId } = await engine["models.pull"]({ id, confirmSourceHost: "FILES.invalid" });
      expect(events.of("model.progress")[0]).toMatchObject({ downloadId, state: "downloading" });
      // This computer is never a question.
      const local = `${await closedPortUrl()}/tiny.gguf`;
      expect((await engine["models.pull"]({ id: local })).downloadId).toMatch(/./);
      await engine["settings.set"]({ language: "es" });
      await expect(engine["models.pull"]({ id })).rejects.toThrow(/files\.invalid no es de donde Carefold obtiene/);
    } finally {
      await engine.close();
    }
  });
});

describe("models.import from the app's screens", () => {
  it("says what is wrong in plain words, in the user's language: a relative path, a missing file, a file of another kind, a model already there", async () => {
    const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO });
    const model = generateModel({}, "tiny-import.gguf");
    try {
      const relative = engine["models.import"]({ path: "Downloads/model.gguf" });
      await expect(relative).rejects.toMatchObject({ code: "invalid_input", message: expect.stringContaining("“Downloads/model.gguf” is not a full location") });
      await expect(engine["models.import"]({ path: "Downloads/model.gguf" })).rejects.not.toThrow(/ENOENT/);
      await expect(engine["models.import"]({ path: join(tmp.dir, "nowhere.gguf") })).rejects.toMatchObject({
        code: "invalid_input",
        message: expect.stringContaining("Carefold found no file at"),
      });
      await expect(engine["models.import"]({ path: join(tmp.dir, "nowhere.gguf") })).rejects.not.toThrow(/ENOENT|Cannot read/);
      expect(await engine["models.import"]({ path: model.path })).toMatchObject({ file: "tiny-import.gguf" });
      await expect(engine["models.import"]({ path: model.path })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("already in Carefold") });

      await engine["settings.set"]({ language: "es" });
      const letter = join(tmp.dir, "carta.gguf");
      writeFileSync(letter, "Estimada aseguradora: ...");
      await expect(engine["models.import"]({ path: letter })).rejects.toMatchObject({ message: expect.stringContaining("«carta.gguf» no es un archivo de modelo") });
      await expect(engine["models.import"]({ path: "modelo.gguf" })).rejects.toThrow(/no es una ubicación completa/);
    } finally {
      model.cleanup();
      await engine.close();
    }
  });
});

describe("models.list on the app's screens", () => {
  it("says Ollama is not running once (the status), without commands; the command line keeps its own sentence", async () => {
    const ollamaBaseUrl = await closedPortUrl();
    const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO });
    try {
      await engine["settings.set"]({ model: { provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl } });
      const list = await engine["models.list"]();
      expect(list.ollama).toMatchObject({ reachable: false, problem: null });
      const cli = await buildModelsList({ provider: "ollama", ollamaBaseUrl }, tmp.dir);
      expect(cli.ollama.problem).toContain("ollama serve");
    } finally {
      await engine.close();
    }
  });
});
