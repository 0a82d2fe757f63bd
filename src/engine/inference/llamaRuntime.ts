/**
 * One loaded GGUF model, one context, and a pool of context sequences handed out per conversation key.
 * Loaded lazily, once, and shared by every ChatNodeLlamaCpp built on it. Threads are set explicitly:
 * node-llama-cpp's CPU default of at least 4 threads makes generation ~40× slower on a 2-core machine.
 * The default is the physical core count (`llama.cpuMathCores`): generation is memory-bound, and SMT
 * siblings sharing a core's caches slow it down.
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
  type Token,
} from "node-llama-cpp";
import { KeyedPool, type PoolUse } from "./keyedPool";
import { modelIdentityOf, PrefixStateStore, type PrefixStateLimits, type PrefixStateReport } from "./prefixStates";

export interface LlamaRuntimeOptions {
  modelPath: string;
  /** Context window per sequence, in tokens (default 8192, capped at the model's training size). */
  contextSize?: number;
  /** CPU threads for evaluation (default: physical cores, see mathThreads). */
  threads?: number;
  /** Sequences kept warm at once, one per conversation key, LRU-evicted (default 2). */
  sequences?: number;
  /** Tokens evaluated per batch (default 512). Smaller batches let an abort land sooner. */
  batchSize?: number;
  /** GPU backend; false forces CPU. Default "auto". */
  gpu?: "auto" | false;
  /** Flash attention where the model supports it (default true: ~1.5× faster on CPU). */
  flashAttention?: boolean;
  /** Where evaluated prompt prefixes are saved and reloaded (issue 14); none: never saved. */
  prefixStateDir?: string | null;
  prefixStateLimits?: Partial<PrefixStateLimits>;
}

/** What the caches hold, for Settings and the benchmarks. */
export interface CacheReport {
  /** KV cache of all sequences in memory, bytes (fixed when the context is made). */
  kvBytes: number;
  sequences: number;
  contextSize: number;
  /** Keys holding a sequence, most recent first. */
  keys: string[];
  savedPrefixes: PrefixStateReport | null;
}

export interface SequenceLease {
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper;
  model: LlamaModel;
  /** True when the sequence last served this same key, so its KV cache holds this conversation. */
  sameKey: boolean;
  /** Saved evaluated prefixes, when the runtime keeps them. */
  prefixStates: PrefixStateStore | null;
  /** Records the stable prefix this key's prompt starts with (for a later pre-warm). */
  notePrefix(tokens: readonly Token[]): void;
}

const llamaInstances = new Map<string, Promise<Llama>>();

/**
 * One Llama binding instance per (gpu, threads) in the process; building from source is never allowed.
 * `threads: "physical"` caps the instance at the physical core count once the binding has measured it.
 */
export function sharedLlama(gpu: "auto" | false, threads: number | "physical"): Promise<Llama> {
  const cacheKey = `${gpu}:${threads}`;
  let instance = llamaInstances.get(cacheKey);
  if (!instance) {
    instance = getLlama({
      build: "never",
      gpu,
      maxThreads: threads === "physical" ? defaultThreads() : threads,
      logLevel: LlamaLogLevel.error,
      progressLogs: false,
    }).then((llama) => {
      if (threads === "physical") llama.maxThreads = mathThreads(llama.cpuMathCores);
      return llama;
    });
    instance.catch(() => llamaInstances.delete(cacheKey));
    llamaInstances.set(cacheKey, instance);
  }
  return instance;
}

/** Logical CPUs this process may use. */
export const defaultThreads = (): number => Math.max(1, availableParallelism());

/**
 * Threads for evaluation: the physical cores llama.cpp counts for math (`llama.cpuMathCores`: SMT
 * siblings and efficiency cores left out), never more than the logical CPUs this process may use
 * (a container's CPU set can be smaller than the host's core count), and at least 1.
 */
export function mathThreads(cpuMathCores: number, logical: number = defaultThreads()): number {
  const cores = Number.isFinite(cpuMathCores) && cpuMathCores >= 1 ? Math.floor(cpuMathCores) : logical;
  return Math.max(1, Math.min(cores, logical));
}

/** Conversations (orchestrator + one specialist) whose KV cache stays warm at once. */
export const DEFAULT_SEQUENCES = 2;

interface Loaded {
  /** Threads the context evaluates with. */
  threads: number;
  model: LlamaModel;
  context: LlamaContext;
  chatWrapper: ChatWrapper;
  pool: KeyedPool<LlamaContextSequence>;
  prefixStates: PrefixStateStore | null;
}

export class LlamaRuntime {
  /** `threads` is null until load when it defaults to the physical core count. */
  readonly options: Required<Omit<LlamaRuntimeOptions, "contextSize" | "threads" | "prefixStateDir" | "prefixStateLimits">> & {
    contextSize: number;
    threads: number | null;
    prefixStateDir: string | null;
    prefixStateLimits: Partial<PrefixStateLimits>;
  };
  /** Last prefix loaded or saved per key, so an idle pre-warm knows what each key starts with. */
  private readonly lastPrefix = new Map<string, readonly Token[]>();
  private loading: Promise<Loaded> | null = null;
  private disposed = false;

  constructor(options: LlamaRuntimeOptions) {
    this.options = {
      modelPath: options.modelPath,
      contextSize: options.contextSize ?? 8192,
      threads: options.threads ?? null,
      sequences: options.sequences ?? DEFAULT_SEQUENCES,
      batchSize: options.batchSize ?? 512,
      gpu: options.gpu ?? "auto",
      flashAttention: options.flashAttention ?? true,
      prefixStateDir: options.prefixStateDir ?? null,
      prefixStateLimits: options.prefixStateLimits ?? {},
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
    const { modelPath, gpu, sequences, batchSize, flashAttention } = this.options;
    const llama = await sharedLlama(gpu, this.options.threads ?? "physical");
    const threads = this.options.threads ?? mathThreads(llama.cpuMathCores);
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
    const { prefixStateDir, prefixStateLimits } = this.options;
    const identity = { contextSize: context.contextSize, flashAttention: context.flashAttention, wrapper: chatWrapper.wrapperName };
    const prefixStates = prefixStateDir ? new PrefixStateStore(prefixStateDir, modelIdentityOf(modelPath, identity), prefixStateLimits) : null;
    return { threads, model, context, chatWrapper, pool, prefixStates };
  }

  /**
   * Runs `fn` with the context sequence reserved for `key` (created, or taken over as needed: the one
   * sharing the longest prefix with `prompt`, else the least recently used).
   */
  async withSequence<T>(
    key: string,
    fn: (lease: SequenceLease) => Promise<T>,
    prompt?: (model: LlamaModel, chatWrapper: ChatWrapper) => Token[],
  ): Promise<T> {
    const { pool, chatWrapper, model, prefixStates } = await this.load();
    let tokens: Token[] | null = null;
    const affinity = prompt
      ? (sequence: LlamaContextSequence) => sequence.compareContextTokens((tokens ??= prompt(model, chatWrapper))).firstDifferentIndex
      : undefined;
    return pool.use(
      key,
      (sequence: LlamaContextSequence, info: PoolUse) => fn({ sequence, chatWrapper, model, sameKey: info.sameKey, prefixStates, notePrefix: (tokens) => this.lastPrefix.set(key, tokens) }),
      affinity,
    );
  }

  /**
   * Idle pre-warm: loads the saved prefix of each key (most likely first) into a sequence no other key
   * holds, so the next question to it reads no prefix at all. Never takes another key's sequence, never
   * delays a question (a question for the same key waits at most for one file load).
   */
  async prewarm(keys: readonly string[]): Promise<string[]> {
    const { pool, prefixStates } = await this.load();
    if (!prefixStates) return [];
    const warmed: string[] = [];
    for (const key of keys) {
      const prefix = this.lastPrefix.get(key) ?? prefixStates.latestFor(key);
      if (!prefix || pool.holds(key) || !pool.hasUnclaimed()) continue;
      const loaded = await pool.use(key, (sequence) => prefixStates.load(sequence, prefix));
      if (loaded) warmed.push(key);
    }
    return warmed;
  }

  /** The memory the caches use, and the saved prefixes on disk. */
  async cacheReport(): Promise<CacheReport> {
    const { context, pool, prefixStates } = await this.load();
    return { kvBytes: context.stateSize, sequences: this.options.sequences, contextSize: context.contextSize, keys: pool.keys(), savedPrefixes: prefixStates?.report() ?? null };
  }

  /** Keys whose conversation state is cached right now, most recent first. */
  async cachedKeys(): Promise<string[]> {
    return (await this.load()).pool.keys();
  }

  /** The threads evaluation uses (the option, or the physical core count). */
  async threads(): Promise<number> {
    return (await this.load()).threads;
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
