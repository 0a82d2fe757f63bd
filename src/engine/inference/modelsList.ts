/** The contract's `models.list` answer: active model, local GGUF files, recommendations, Ollama status. */
import type { ModelSettings, ModelsList } from "../../shared/contract";
import { listLocalModels } from "./modelStore";
import { describeModelSettings } from "./modelSettings";
import { engineText, type EngineLanguage } from "../i18n";
import { probeOllama, type OllamaProbeProblem, type OllamaStatus, type ProbeOptions } from "./ollamaProbe";
import { RECOMMENDED_MODELS, toRecommendedModel } from "./recommendedModels";

const OLLAMA_TEXT: Record<OllamaProbeProblem, string> = { "not-running": "ollama.notRunning", timeout: "ollama.timeout", "not-ollama": "ollama.notOllama", other: "ollama.other" };

/**
 * For the app's screens (`language` given) Ollama's problem is said in the user's language and without
 * commands; "not running" is left out, since the status itself already says so (one status, not two).
 */
function ollamaProblem(status: OllamaStatus, language: EngineLanguage | undefined): string | null {
  if (!language || !status.problemKind) return status.problem;
  return status.problemKind === "not-running" ? null : engineText(language, OLLAMA_TEXT[status.problemKind], { url: status.baseUrl });
}

export async function buildModelsList(
  settings: ModelSettings,
  dataDir: string,
  options: { ollama?: ProbeOptions; language?: EngineLanguage } = {},
): Promise<ModelsList> {
  const [local, ollama] = await Promise.all([
    listLocalModels(dataDir),
    probeOllama(settings.ollamaBaseUrl, { timeoutMs: 1500, ...options.ollama }),
  ]);
  return {
    active: describeModelSettings(settings),
    local,
    recommended: RECOMMENDED_MODELS.map(toRecommendedModel),
    ollama: { reachable: ollama.reachable, baseUrl: ollama.baseUrl, models: ollama.models, problem: ollamaProblem(ollama, options.language) },
  };
}
