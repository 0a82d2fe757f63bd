/** What the settings select, described for the UI and `carefold ask` — pure, no I/O. */
import { basename } from "node:path";
import type { ModelInfo, ModelSettings } from "../../shared/contract";

export const DEFAULT_CONTEXT_SIZE = 8192;

export const NO_MODEL_MESSAGE =
  "No model is configured. Choose one in Settings → Model: download a recommended model " +
  "(`carefold models pull qwen2.5-1.5b-instruct`), import a .gguf file (`carefold models import <file>`), " +
  "use Ollama, or enter your clinic's model server.";

export function describeModelSettings(settings: ModelSettings): ModelInfo | null {
  const contextSize = settings.contextSize ?? DEFAULT_CONTEXT_SIZE;
  switch (settings.provider) {
    case "none":
      return null;
    case "llama-cpp":
      return settings.modelPath ? { provider: "llama-cpp", model: basename(settings.modelPath), contextSize } : null;
    case "ollama":
      return settings.ollamaModel ? { provider: "ollama", model: settings.ollamaModel, contextSize } : null;
    case "openai-compatible":
      return settings.serverUrl
        ? { provider: "openai-compatible", model: settings.serverModel ?? "(first model the server lists)", contextSize }
        : null;
  }
}

/** Why the settings cannot produce a model, or null when they can. */
export function settingsProblem(settings: ModelSettings): string | null {
  switch (settings.provider) {
    case "none":
      return NO_MODEL_MESSAGE;
    case "llama-cpp":
      return settings.modelPath ? null : "Local model selected but no model file is set. Choose a .gguf file in Settings → Model.";
    case "ollama":
      return settings.ollamaModel ? null : "Ollama selected but no model is set. Enter the model name, e.g. qwen2.5:3b.";
    case "openai-compatible":
      return settings.serverUrl ? null : "Clinic server selected but no server address is set. Enter it in Settings → Model.";
  }
}
