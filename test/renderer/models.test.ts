/** The model screen's logic: which listed model is in use, and which download belongs to which model. */
import { describe, expect, it } from "vitest";
import { isActiveLocal, isActiveOllama, isRunning, latestDownloads, notesKey, ollamaHintKey } from "../../src/renderer/lib/models";
import type { ModelProgress } from "../../src/renderer/state/downloads";
import enCatalog from "../../src/renderer/i18n/en.json";
import esCatalog from "../../src/renderer/i18n/es.json";

const progress = (downloadId: string, model: string, state: ModelProgress["state"]): ModelProgress => ({
  type: "model.progress",
  downloadId,
  model,
  receivedBytes: 0,
  totalBytes: null,
  state,
  message: null,
});

describe("model in use", () => {
  it("marks a local file only when a local model with that file name is active", () => {
    const active = { provider: "llama-cpp" as const, model: "tiny.gguf", contextSize: 8192 };
    expect(isActiveLocal(active, "tiny.gguf")).toBe(true);
    expect(isActiveLocal(active, "other.gguf")).toBe(false);
    expect(isActiveLocal({ ...active, provider: "ollama" }, "tiny.gguf")).toBe(false);
    expect(isActiveLocal(null, "tiny.gguf")).toBe(false);
  });

  it("treats an Ollama name and name:latest as the same model", () => {
    const active = { provider: "ollama" as const, model: "llama3.2", contextSize: 8192 };
    expect(isActiveOllama(active, "llama3.2:latest")).toBe(true);
    expect(isActiveOllama({ ...active, model: "qwen2.5:3b" }, "qwen2.5:3b")).toBe(true);
    expect(isActiveOllama({ ...active, model: "qwen2.5:3b" }, "qwen2.5:7b")).toBe(false);
    expect(isActiveOllama({ ...active, provider: "llama-cpp" }, "llama3.2:latest")).toBe(false);
  });
});

describe("downloads", () => {
  it("keeps the latest download of each model, whatever id it came with", () => {
    const latest = latestDownloads({
      d1: progress("d1", "qwen", "failed"),
      d2: progress("d2", "llama", "downloading"),
      d3: progress("d3", "qwen", "downloading"),
    });
    expect(latest.get("qwen")?.downloadId).toBe("d3");
    expect(latest.get("llama")?.downloadId).toBe("d2");
    expect([...latest.keys()].sort()).toEqual(["llama", "qwen"]);
  });

  it("counts downloading and verifying as running, done and failed as ended", () => {
    expect(isRunning(progress("d", "m", "downloading"))).toBe(true);
    expect(isRunning(progress("d", "m", "verifying"))).toBe(true);
    expect(isRunning(progress("d", "m", "done"))).toBe(false);
    expect(isRunning(progress("d", "m", "failed"))).toBe(false);
    expect(isRunning(undefined)).toBe(false);
  });
});

describe("recommended models' notes", () => {
  it("are written in both languages for every model the engine recommends", async () => {
    const { RECOMMENDED_MODELS } = await import("../../src/engine/inference/recommendedModels");
    const en = (await import("../../src/renderer/i18n/en.json")).default as { models: { notes: Record<string, string> } };
    const es = (await import("../../src/renderer/i18n/es.json")).default as { models: { notes: Record<string, string> } };
    for (const model of RECOMMENDED_MODELS) {
      const key = notesKey(model.id).replace("models.notes.", "");
      expect(key).not.toContain(".");
      expect(en.models.notes[key], model.id).toBe(model.notes);
      expect(es.models.notes[key], model.id).toMatch(/\S/);
    }
  });
});

describe("the Ollama hint", () => {
  const ollama = (reachable: boolean, models: string[] = []) => ({ reachable, baseUrl: "http://127.0.0.1:11434", models, problem: null });
  it("points only at controls on its screen: the first run has no model form, Settings has", () => {
    const [en, es] = [enCatalog, esCatalog];
    expect(ollamaHintKey(ollama(false), "firstRun")).toBe("models.ollamaHelpFirstRun");
    expect(ollamaHintKey(ollama(false), "settings")).toBe("models.ollamaHelpSettings");
    expect(ollamaHintKey(ollama(true), "firstRun")).toBe("models.ollamaNoModels");
    expect(ollamaHintKey(ollama(true, ["qwen2.5:3b"]), "firstRun")).toBe("models.ollamaPick");
    expect(ollamaHintKey(ollama(true, ["qwen2.5:3b"]), "settings")).toBe("models.ollamaHint");
    // The first run's words never name the model form ("Where the model runs") that only Settings shows.
    for (const key of ["ollamaHelpFirstRun", "ollamaNoModels", "ollamaPick"] as const) {
      expect(en.models[key]).not.toContain(en.models.providerLabel);
      expect(es.models[key]).not.toContain(es.models.providerLabel);
    }
    expect(en.models.ollamaHelpSettings).toContain(en.models.providerLabel);
    expect(es.models.ollamaHelpSettings).toContain(es.models.providerLabel);
    // No command for a window user to run.
    for (const text of [en.models.ollamaHelpFirstRun, en.models.ollamaHelpSettings, es.models.ollamaHelpFirstRun, es.models.ollamaHelpSettings]) expect(text).not.toMatch(/ollama (serve|pull)|`/);
  });
});
