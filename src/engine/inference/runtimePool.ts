/**
 * One loaded local model for all the profiles of a process: two people's profiles set to the same model
 * file share one LlamaRuntime (one copy of the weights in memory, one load), instead of each engine loading
 * its own. A runtime is kept while any engine holds it and for `keepMs` after the last lets go, so
 * switching profiles does not reload the model. What the runtime keeps is prompts' token states in
 * memory and, on disk, prefix states that hold no user data (prefixStates.ts), in the pool's own folder.
 */
import { LlamaRuntime, type LlamaRuntimeOptions } from "./llamaRuntime";

/** What a pooled runtime is: the same file with the same shape. */
export type PooledRuntimeOptions = Pick<LlamaRuntimeOptions, "modelPath" | "contextSize" | "threads" | "sequences" | "gpu">;

export interface RuntimeLease {
  readonly runtime: LlamaRuntime;
  /** This engine is done with it (idempotent). */
  release(): void;
}

export interface RuntimePool {
  /** Whether a runtime of this shape is loaded or loading (its memory is already taken: no new fit check). */
  has(options: PooledRuntimeOptions): boolean;
  acquire(options: PooledRuntimeOptions): RuntimeLease;
  close(): Promise<void>;
}

export interface RuntimePoolOptions {
  /** Where the pooled runtimes keep prefix states (null: none kept). */
  prefixStateDir: string | null;
  /** How long an unused runtime stays loaded (default 2 minutes). */
  keepMs?: number;
  /** Makes a runtime (tests pass a counting one). */
  create?: (options: LlamaRuntimeOptions) => LlamaRuntime;
}

interface Entry {
  runtime: LlamaRuntime;
  holders: number;
  idle: NodeJS.Timeout | null;
}

const keyOf = (o: PooledRuntimeOptions): string => JSON.stringify([o.modelPath, o.contextSize ?? null, o.threads ?? null, o.sequences ?? null, o.gpu ?? "auto"]);

export function createRuntimePool(options: RuntimePoolOptions): RuntimePool {
  const keepMs = options.keepMs ?? 120_000;
  const create = options.create ?? ((o: LlamaRuntimeOptions) => new LlamaRuntime(o));
  const entries = new Map<string, Entry>();

  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
    void entry.runtime.dispose();
  };

  return {
    has: (o) => entries.has(keyOf(o)),
    acquire(o) {
      const key = keyOf(o);
      let entry = entries.get(key);
      if (!entry) {
        entry = { runtime: create({ ...o, prefixStateDir: options.prefixStateDir }), holders: 0, idle: null };
        entries.set(key, entry);
      }
      const held = entry;
      if (held.idle) clearTimeout(held.idle);
      held.idle = null;
      held.holders += 1;
      let released = false;
      return {
        runtime: held.runtime,
        release() {
          if (released) return;
          released = true;
          held.holders -= 1;
          if (held.holders > 0 || entries.get(key) !== held) return;
          if (keepMs <= 0) return drop(key, held);
          held.idle = setTimeout(() => drop(key, held), keepMs);
          held.idle.unref();
        },
      };
    },
    async close() {
      const all = [...entries.values()];
      entries.clear();
      for (const e of all) if (e.idle) clearTimeout(e.idle);
      await Promise.all(all.map((e) => e.runtime.dispose()));
    },
  };
}
