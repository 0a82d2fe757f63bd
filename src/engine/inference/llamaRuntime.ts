/**
 * One loaded GGUF model, one context, and a pool of context sequences handed out per conversation key.
 * Loaded lazily, once, and shared by every ChatNodeLlamaCpp built on it. Threads are set explicitly:
 * node-llama-cpp's CPU default of at least 4 threads makes generation ~40× slower on a 2-core machine.
 */
import { availableParallelism } from "node:os";
import {
  getLlama,
  LlamaLogLevel,
  resolveChatWrapper,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaModel,
} from "node-llama-cpp";
import { KeyedPool, type PoolUse } from "./keyedPool";

export interface LlamaRuntimeOptions {
  modelPath: string;
  /** Context window per sequence, in tokens (default 8192, capped at the model's training size). */
  contextSize?: number;
  /** CPU threads for evaluation (default: os.availableParallelism()). */
  threads?: number;
  /** Sequences kept warm at once, one per conversation key, LRU-evicted (default 2). */
  sequences?: number;
  /** Tokens evaluated per batch (default 512). Smaller batches let an abort land sooner. */
  batchSize?: number;
  /** GPU backend; false forces CPU. Default "auto". */
  gpu?: "auto" | false;
  /** Flash attention where the model supports it (default true: ~1.5× faster on CPU). */
  flashAttention?: boolean;
}

export interface SequenceLease {
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper;
  model: LlamaModel;
  /** True when the sequence last served this same key, so its KV cache holds this conversation. */
  sameKey: boolean;
}

const llamaInstances = new Map<string, Promise<Llama>>();

/** One Llama binding instance per (gpu, threads) in the process; building from source is never allowed. */
export function sharedLlama(gpu: "auto" | false, threads: number): Promise<Llama> {
  const cacheKey = `${gpu}:${threads}`;
  let instance = llamaInstances.get(cacheKey);
  if (!instance) {
    instance = getLlama({
      build: "never",
      gpu,
      maxThreads: threads,
      logLevel: LlamaLogLevel.error,
      progressLogs: false,
    });
    instance.catch(() => llamaInstances.delete(cacheKey));
    llamaInstances.set(cacheKey, instance);
  }
  return instance;
}

export const defaultThreads = (): number => Math.max(1, availableParallelism());

/** Conversations (orchestrator + one specialist) whose KV cache stays warm at once. */
export const DEFAULT_SEQUENCES = 2;

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  chatWrapper: ChatWrapper;
  pool: KeyedPool<LlamaContextSequence>;
}

export class LlamaRuntime {
  readonly options: Required<Omit<LlamaRuntimeOptions, "contextSize">> & { contextSize: number };
  private loading: Promise<Loaded> | null = null;
  private disposed = false;

  constructor(options: LlamaRuntimeOptions) {
    this.options = {
      modelPath: options.modelPath,
      contextSize: options.contextSize ?? 8192,
      threads: options.threads ?? defaultThreads(),
      sequences: options.sequences ?? DEFAULT_SEQUENCES,
      batchSize: options.batchSize ?? 512,
      gpu: options.gpu ?? "auto",
      flashAttention: options.flashAttention ?? true,
    };
  }

  /** Loads the model and context once; later calls share them. */
  load(): Promise<Loaded> {
    if (this.disposed) return Promise.reject(new Error("The local model has been unloaded."));
    this.loading ??= this.doLoad().catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  private async doLoad(): Promise<Loaded> {
    const { modelPath, threads, gpu, sequences, batchSize, flashAttention } = this.options;
    const llama = await sharedLlama(gpu, threads);
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath, defaultContextFlashAttention: flashAttention });
    } catch (err) {
      throw new Error(`Could not load the model file ${modelPath}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const contextSize = Math.min(this.options.contextSize, model.trainContextSize);
    const context = await model.createContext({
      contextSize,
      sequences,
      threads,
      batchSize: Math.min(batchSize, contextSize),
      flashAttention: flashAttention && model.flashAttentionSupported,
    });
    const chatWrapper = resolveChatWrapper(model);
    const pool = new KeyedPool<LlamaContextSequence>(sequences, () => context.getSequence());
    return { model, context, chatWrapper, pool };
  }

  /** Runs `fn` with the context sequence reserved for `key` (created or LRU-evicted as needed). */
  async withSequence<T>(key: string, fn: (lease: SequenceLease) => Promise<T>): Promise<T> {
    const { pool, chatWrapper, model } = await this.load();
    return pool.use(key, (sequence: LlamaContextSequence, info: PoolUse) =>
      fn({ sequence, chatWrapper, model, sameKey: info.sameKey }),
    );
  }

  /** Keys whose conversation state is cached right now, most recent first. */
  async cachedKeys(): Promise<string[]> {
    return (await this.load()).pool.keys();
  }

  /** The context size actually created (after capping at the model's training size). */
  async contextSize(): Promise<number> {
    return (await this.load()).context.contextSize;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const loading = this.loading;
    this.loading = null;
    if (!loading) return;
    const loaded = await loading.catch(() => null);
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
  }
}
