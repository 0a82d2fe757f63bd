/**
 * Idle pre-warm (issue 14, item 3): a while after the app starts, with nothing asked yet, the local model
 * is loaded and the saved prefixes of the specialists the user turned to most recently are loaded into
 * free context sequences, so the next question to one of them reads no prefix at all. Only hosts a person
 * sits at ask for it (desktop, serve); a failure only means the first answer is slower.
 */
import { availableParallelism } from "node:os";
import { specialistModelKey } from "../agents/deepAgentRunner";
import type { ModelProvider } from "../inference/types";

export interface IdlePrewarm {
  /** Resolves with the keys warmed (empty when cancelled, not configured or nothing was saved). */
  readonly done: Promise<string[]>;
  cancel(): void;
}

export const PREWARM_DELAY_MS = 1_500;

export function scheduleIdlePrewarm(provider: ModelProvider, recentAgents: () => string[], delayMs = PREWARM_DELAY_MS): IdlePrewarm {
  let timer: NodeJS.Timeout | null = null;
  let cancelled = false;
  const done = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      timer = null;
      const agents = recentAgents();
      if (cancelled || !provider.prewarm || !provider.describe() || agents.length === 0) return resolve([]);
      provider.prewarm(agents.map(specialistModelKey)).then(resolve, () => resolve([]));
    }, delayMs);
    timer.unref?.();
  });
  return {
    done,
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Cores at or below which a local model's specialists run one after another rather than side by side. */
export const FEW_CORES = 4;

/** Whether the model runs on this machine's CPU with few cores (splitting them only delays the first answer). */
export function runsOnFewCores(provider: ModelProvider, cores: number = availableParallelism()): boolean {
  return provider.describe()?.provider === "llama-cpp" && cores <= FEW_CORES;
}
