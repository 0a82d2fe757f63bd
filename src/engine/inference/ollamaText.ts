/**
 * An Ollama failure during an answer, said in the user's language and without commands to run (the
 * English messages in ollamaErrors.ts keep `ollama serve` / `ollama pull` for logs and the command line's
 * own checks). Null for anything that is not an OllamaError.
 */
import { engineText, type EngineLanguage } from "../i18n";
import { OllamaError, type OllamaProblem } from "./ollamaErrors";

const KEYS: Record<OllamaProblem, string> = {
  "not-running": "ollamaTurn.notRunning",
  "model-missing": "ollamaTurn.modelMissing",
  "no-tool-support": "ollamaTurn.noToolSupport",
  "incomplete-stream": "ollamaTurn.incompleteStream",
  timeout: "ollamaTurn.timeout",
  other: "ollamaTurn.other",
};

export function ollamaErrorText(language: EngineLanguage, err: unknown): string | null {
  if (!(err instanceof OllamaError) || err.baseUrl === null) return null;
  return engineText(language, KEYS[err.problem], { url: err.baseUrl, model: err.model ?? "" });
}
