/**
 * Evaluated prompt prefixes kept on disk (issue 14, item 3). A specialist's prefix — system prompt,
 * main skill and tool definitions as the chat template renders them, up to where the conversation
 * starts — is the same for every question to it, and reading it is most of the wait before the first
 * word on a CPU. Once evaluated, the context sequence's state is saved here, and loaded (a file read)
 * instead of evaluated the next time, also after a restart.
 *
 * A state is named by the sha256 of the model's identity and the exact prefix tokens, so a change of
 * model file, context settings, prompt bytes or the template's date line is a different name: a stale
 * state is never loaded, only aged out. Prefixes hold no user data (memory and notes go with the
 * conversation's messages), but they live in the data folder, owner-only, and go with "delete all".
 * Bounded in count and bytes; least recently used first out.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { writeFileAtomic } from "../storage/atomicWrite";
import { PRIVATE_DIR_MODE, makePrivateIfExists } from "../storage/privateFiles";

export interface PrefixStateLimits {
  /** At most this many states (default 8). */
  maxStates: number;
  /** At most this many bytes on disk in all (default 1 GiB). */
  maxBytes: number;
}

export const DEFAULT_PREFIX_STATE_LIMITS: PrefixStateLimits = { maxStates: 8, maxBytes: 1024 ** 3 };

/** Prefixes shorter than this are cheaper to evaluate than to load. */
export const MIN_SAVED_PREFIX_TOKENS = 256;

export interface PrefixStateReport {
  states: number;
  bytes: number;
  limits: PrefixStateLimits;
}

const SUFFIX = ".state";
/** Beside each state: which key saved it and its tokens (the prefix of a system prompt, nothing of the user's). */
const SIDECAR = ".json";

export class PrefixStateStore {
  private readonly limits: PrefixStateLimits;

  constructor(
    readonly dir: string,
    /** What makes a state loadable: the model file and the context it was evaluated in. */
    private readonly modelIdentity: string,
    limits: Partial<PrefixStateLimits> = {},
  ) {
    this.limits = { ...DEFAULT_PREFIX_STATE_LIMITS, ...limits };
  }

  nameOf(tokens: readonly Token[]): string {
    return createHash("sha256").update(this.modelIdentity).update("\n").update(Uint32Array.from(tokens)).digest("hex");
  }

  private fileOf(tokens: readonly Token[]): string {
    return join(this.dir, this.nameOf(tokens) + SUFFIX);
  }

  has(tokens: readonly Token[]): boolean {
    return existsSync(this.fileOf(tokens));
  }

  /**
   * Loads the saved state of exactly `tokens` into `sequence` (replacing what it held). False when there
   * is none, or what loaded is not that prefix (then the sequence is emptied, as if evaluated from zero).
   */
  async load(sequence: LlamaContextSequence, tokens: readonly Token[]): Promise<boolean> {
    const file = this.fileOf(tokens);
    if (!existsSync(file)) return false;
    try {
      await sequence.loadStateFromFile(file, { acceptRisk: true });
    } catch {
      this.drop(file);
      await sequence.clearHistory();
      return false;
    }
    const loaded = sequence.contextTokens;
    if (loaded.length !== tokens.length || loaded.some((t, i) => t !== tokens[i])) {
      // Not this prefix after all: never loaded again (it is saved afresh once evaluated).
      this.drop(file);
      await sequence.clearHistory();
      return false;
    }
    const now = new Date();
    utimesSync(file, now, now); // most recently used
    return true;
  }

  /** Saves `sequence`, which must hold exactly `tokens`, for `key`; written whole or not at all. */
  async save(sequence: LlamaContextSequence, tokens: readonly Token[], key: string): Promise<boolean> {
    if (tokens.length < MIN_SAVED_PREFIX_TOKENS || sequence.nextTokenIndex !== tokens.length) return false;
    mkdirSync(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const file = this.fileOf(tokens);
    const partial = `${file}.${process.pid}.partial`;
    try {
      await sequence.saveStateToFile(partial);
      makePrivateIfExists(partial);
      writeFileAtomic(file.replace(SUFFIX, SIDECAR), JSON.stringify({ key, tokens }));
      renameSync(partial, file);
    } catch {
      rmSync(partial, { force: true });
      return false;
    }
    this.trim();
    return true;
  }

  private entries(): { file: string; bytes: number; used: number }[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(SUFFIX))
      .map((f) => {
        const stat = statSync(join(this.dir, f));
        return { file: join(this.dir, f), bytes: stat.size, used: stat.mtimeMs };
      })
      .sort((a, b) => b.used - a.used);
  }

  private drop(file: string): void {
    rmSync(file, { force: true });
    rmSync(file.replace(SUFFIX, SIDECAR), { force: true });
  }

  /** Drops the least recently used states beyond the limits, and what a killed save left half-written. */
  trim(): void {
    if (existsSync(this.dir)) {
      // Another process may be saving right now: only a partial file older than any save takes is dropped.
      const stale = Date.now() - 10 * 60_000;
      for (const f of readdirSync(this.dir)) {
        const path = join(this.dir, f);
        if (f.endsWith(".partial") && statSync(path).mtimeMs < stale) rmSync(path, { force: true });
      }
    }
    let bytes = 0;
    this.entries().forEach((entry, index) => {
      bytes += entry.bytes;
      if (index >= this.limits.maxStates || bytes > this.limits.maxBytes) {
        rmSync(entry.file, { force: true });
        rmSync(entry.file.replace(SUFFIX, SIDECAR), { force: true });
      }
    });
  }

  /** The prefix `key` most recently saved or loaded, if its state is still here (an idle pre-warm loads it). */
  latestFor(key: string): Token[] | null {
    for (const entry of this.entries()) {
      try {
        const side = JSON.parse(readFileSync(entry.file.replace(SUFFIX, SIDECAR), "utf8")) as { key?: unknown; tokens?: unknown };
        if (side.key === key && Array.isArray(side.tokens)) return side.tokens as Token[];
      } catch {
        // A state without its sidecar is still loadable by name, just not pre-warmed.
      }
    }
    return null;
  }

  report(): PrefixStateReport {
    const entries = this.entries();
    return { states: entries.length, bytes: entries.reduce((sum, e) => sum + e.bytes, 0), limits: this.limits };
  }

  clear(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The identity a saved state depends on: the model file as it is now and how its context is made. */
export function modelIdentityOf(modelPath: string, context: Record<string, unknown>): string {
  const stat = statSync(modelPath);
  return JSON.stringify({ modelPath, size: stat.size, mtimeMs: stat.mtimeMs, ...context });
}
