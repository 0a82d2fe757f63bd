/**
 * Local inference, public surface. The engine asks a ModelProvider for chat models; the host builds one from
 * settings with createModelProvider and answers the models.* requests with the model-manager functions.
 */
export type { ChatModelRequest, ModelProvider } from "./types";
export { createModelProvider, type ModelProviderOptions } from "./modelProvider";
export { describeModelSettings, settingsProblem, DEFAULT_CONTEXT_SIZE, NO_MODEL_MESSAGE } from "./modelSettings";
export { buildModelsList } from "./modelsList";
export { importModel, listLocalModels, removeModel, resolveModelPath, modelsDir, type LocalModel } from "./modelStore";
export { pullModel, ModelDownloadError, type DownloadProgress, type PullOptions } from "./modelDownload";
export { RECOMMENDED_MODELS, type RecommendedModelEntry } from "./recommendedModels";
export { checkHardwareFit, type HardwareFit } from "./hardwareFit";
export { validateGgufFile, InvalidModelFileError, type GgufSummary } from "./ggufValidation";
export { ChatNodeLlamaCpp, type ChatNodeLlamaCppInput, type EvaluationStats } from "./chatNodeLlamaCpp";
export { LlamaRuntime, type LlamaRuntimeOptions } from "./llamaRuntime";
export { CarefoldChatOllama } from "./chatOllama";
export { OllamaError } from "./ollamaErrors";
export { probeOllama, requireOllamaModel, type OllamaStatus } from "./ollamaProbe";
export { ClinicChatModel, ClinicServerError, probeClinicServer } from "./clinicServer";
