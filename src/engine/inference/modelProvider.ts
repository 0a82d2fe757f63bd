/**
 * Settings → ModelProvider. Nothing is loaded or contacted until the first getChatModel: the local model is
 * validated, checked against this machine's memory and loaded once; Ollama and the clinic server are
 * probed once. Every failure is an Error whose message tells the user what to do.
 */
import { join } from "node:path";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ModelInfo, ModelSettings } from "../../shared/contract";
import { ChatNodeLlamaCpp } from "./chatNodeLlamaCpp";
import { CarefoldChatOllama } from "./chatOllama";
import { ClinicChatModel, chooseServerModel, probeClinicServer } from "./clinicServer";
import { validateGgufFile } from "./ggufValidation";
import { checkHardwareFit, type MachineInfo } from "./hardwareFit";
import { DEFAULT_SEQUENCES, LlamaRuntime } from "./llamaRuntime";
import type { RuntimeLease, RuntimePool } from "./runtimePool";
import { resolveModelPath } from "./modelStore";
import { DEFAULT_CONTEXT_SIZE, describeModelSettings, settingsProblem } from "./modelSettings";
import { normalizeOllamaUrl, requireOllamaModel } from "./ollamaProbe";
import type { ChatModelRequest, ModelProvider } from "./types";

/**
 * The longest answer one model call may write. Without a cap a small local model can ramble for
 * minutes (or forever, if it never produces its end token); a visit agenda fits comfortably.
 */
export const DEFAULT_MAX_ANSWER_TOKENS = 1024;

export interface ModelProviderOptions {
  dataDir: string;
  /** Cap on tokens generated per model call (default DEFAULT_MAX_ANSWER_TOKENS). */
  maxTokens?: number;
  /** CPU threads for local inference (default: physical cores, llama.cpuMathCores). */
  threads?: number;
  /** Conversations whose KV cache is kept warm at once (default 2). */
  sequences?: number;
  gpu?: "auto" | false;
  /** Override the machine description for the hardware-fit check (tests). */
  machine?: MachineInfo;
  fetch?: typeof fetch;
  /** Ollama `keep_alive`: how long it keeps the model loaded between requests (default "30m"). */
  ollamaKeepAlive?: string | number;
  /** Fail an Ollama request that gets no byte for this long, in ms (default 5 minutes). */
  ollamaIdleTimeoutMs?: number;
  /** Keep evaluated prompt prefixes on disk under <data>/cache/prefix-states (default true). */
  savePrefixes?: boolean;
  /** The process's shared local models (profiles): the same model file is loaded once for all of them. */
  runtimes?: RuntimePool;
}

/** Where a local model's evaluated prompt prefixes are kept (no user data: see prefixStates.ts). */
export const prefixStateDirOf = (dataDir: string) => join(dataDir, "cache", "prefix-states");

/** Caches a successful async check; a failed one is retried on the next call. */
function once<T>(run: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= run().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

function localProvider(settings: ModelSettings, options: ModelProviderOptions, info: ModelInfo): ModelProvider {
  const contextSize = settings.contextSize ?? DEFAULT_CONTEXT_SIZE;
  const modelPath = resolveModelPath(options.dataDir, settings.modelPath!);
  let runtime: LlamaRuntime | null = null;
  let lease: RuntimeLease | null = null;
  const shape = { modelPath, contextSize, threads: options.threads, sequences: options.sequences ?? DEFAULT_SEQUENCES, gpu: options.gpu };
  const prepare = once(async () => {
    const summary = await validateGgufFile(modelPath);
    // A model another profile already loaded takes no more memory.
    if (!options.runtimes?.has(shape)) {
      const fit = checkHardwareFit(summary, { contextSize, sequences: shape.sequences }, options.machine);
      if (!fit.ok) throw new Error(fit.problems.join(" "));
    }
    if (options.runtimes) {
      lease = options.runtimes.acquire(shape);
      runtime = lease.runtime;
    } else {
      runtime = new LlamaRuntime({ ...shape, prefixStateDir: options.savePrefixes === false ? null : prefixStateDirOf(options.dataDir) });
    }
    try {
      await runtime.load();
    } catch (err) {
      // The next call tries again, holding the pooled model once, not twice.
      (lease as RuntimeLease | null)?.release();
      lease = null;
      throw err;
    }
    return runtime;
  });
  return {
    describe: () => info,
    async getChatModel(request: ChatModelRequest): Promise<BaseChatModel> {
      const loaded = await prepare();
      return new ChatNodeLlamaCpp({
        runtime: loaded,
        sequenceKey: request.key,
        modelName: info.model,
        maxTokens: options.maxTokens ?? DEFAULT_MAX_ANSWER_TOKENS,
      });
    },
    async prewarm(keys) {
      return (await prepare()).prewarm(keys);
    },
    async dispose() {
      if (lease) lease.release();
      else await runtime?.dispose();
      runtime = null;
      lease = null;
    },
  };
}

function ollamaProvider(settings: ModelSettings, options: ModelProviderOptions, info: ModelInfo): ModelProvider {
  const baseUrl = normalizeOllamaUrl(settings.ollamaBaseUrl);
  const model = settings.ollamaModel!;
  const ready = once(() => requireOllamaModel(baseUrl, model, { fetch: options.fetch }));
  return {
    describe: () => info,
    async getChatModel(): Promise<BaseChatModel> {
      const status = await ready();
      return new CarefoldChatOllama({
        model,
        baseUrl,
        // Never more than the model was trained for: Ollama would accept it and answer worse.
        numCtx: Math.min(settings.contextSize ?? DEFAULT_CONTEXT_SIZE, status.contextLength ?? Number.MAX_SAFE_INTEGER),
        numPredict: options.maxTokens ?? DEFAULT_MAX_ANSWER_TOKENS,
        temperature: 0,
        fetch: options.fetch,
        keepAlive: options.ollamaKeepAlive,
        idleTimeoutMs: options.ollamaIdleTimeoutMs,
      });
    },
  };
}

function clinicProvider(settings: ModelSettings, options: ModelProviderOptions, info: ModelInfo): ModelProvider {
  const serverUrl = settings.serverUrl!;
  const resolveModel = once(async () =>
    chooseServerModel(await probeClinicServer(serverUrl, { fetch: options.fetch }), settings.serverModel),
  );
  let described = info;
  return {
    describe: () => described,
    async getChatModel(): Promise<BaseChatModel> {
      const model = await resolveModel();
      described = { ...info, model };
      return new ClinicChatModel({ serverUrl, model, maxTokens: options.maxTokens ?? DEFAULT_MAX_ANSWER_TOKENS });
    },
  };
}

/** The provider the settings select; `none` (or incomplete settings) describes nothing and explains why. */
export function createModelProvider(settings: ModelSettings, options: ModelProviderOptions): ModelProvider {
  const problem = settingsProblem(settings);
  const info = describeModelSettings(settings);
  if (problem || !info) {
    return {
      describe: () => null,
      getChatModel: async () => {
        throw new Error(problem ?? "No model is configured.");
      },
    };
  }
  switch (settings.provider) {
    case "llama-cpp":
      return localProvider(settings, options, info);
    case "ollama":
      return ollamaProvider(settings, options, info);
    default:
      return clinicProvider(settings, options, info);
  }
}
