/** The contract's `models.list` answer: active model, local GGUF files, recommendations, Ollama status. */
import type { ModelSettings, ModelsList } from "../../shared/contract";
import { listLocalModels } from "./modelStore";
import { describeModelSettings } from "./modelSettings";
import { probeOllama, type ProbeOptions } from "./ollamaProbe";
import { RECOMMENDED_MODELS, toRecommendedModel } from "./recommendedModels";

export async function buildModelsList(
  settings: ModelSettings,
  dataDir: string,
  options: { ollama?: ProbeOptions } = {},
): Promise<ModelsList> {
  const [local, ollama] = await Promise.all([
    listLocalModels(dataDir),
    probeOllama(settings.ollamaBaseUrl, { timeoutMs: 1500, ...options.ollama }),
  ]);
  return {
    active: describeModelSettings(settings),
    local,
    recommended: RECOMMENDED_MODELS.map(toRecommendedModel),
    ollama: { reachable: ollama.reachable, baseUrl: ollama.baseUrl, models: ollama.models, problem: ollama.problem },
  };
}
