/**
 * A fixed number of resources (context sequences) handed out by key, least recently used first evicted.
 * A key keeps its resource between uses, so its KV cache survives across the calls of one consult; work on
 * one key is serialized; a busy resource is never evicted — callers wait for one to become idle.
 */
export interface PoolUse {
  /** True when the resource last served this same key (its state is this key's). */
  sameKey: boolean;
}

interface Slot<R> {
  resource: R;
  key: string | null;
  busy: boolean;
  lastUsed: number;
}

export class KeyedPool<R> {
  private readonly slots: Slot<R>[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly keyTails = new Map<string, Promise<unknown>>();
  private clock = 0;

  constructor(
    private readonly capacity: number,
    private readonly create: () => R,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error("pool capacity must be a positive integer");
  }

  /** Keys currently holding a resource, most recently used first. */
  keys(): string[] {
    return this.slots
      .filter((s) => s.key !== null)
      .sort((a, b) => b.lastUsed - a.lastUsed)
      .map((s) => s.key!);
  }

  resources(): R[] {
    return this.slots.map((s) => s.resource);
  }

  /**
   * Runs `fn` with the resource for `key`; calls for the same key run one after another. A key without a
   * resource of its own takes the idle one with the highest `affinity` (how much of what it needs a
   * resource already holds: the longest common prefix of a context sequence), else the least recently used.
   */
  use<T>(key: string, fn: (resource: R, info: PoolUse) => Promise<T>, affinity?: (resource: R) => number): Promise<T> {
    const previous = this.keyTails.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.runExclusive(key, fn, affinity));
    const tail = run.catch(() => undefined);
    this.keyTails.set(key, tail);
    void tail.then(() => {
      if (this.keyTails.get(key) === tail) this.keyTails.delete(key);
    });
    return run;
  }

  /** Whether `key` holds a resource now (its state is that key's). */
  holds(key: string): boolean {
    return this.slots.some((s) => s.key === key);
  }

  /** Whether a resource is free for a new key without evicting another key's state. */
  hasUnclaimed(): boolean {
    return this.slots.length < this.capacity || this.slots.some((s) => s.key === null && !s.busy);
  }

  private async runExclusive<T>(key: string, fn: (resource: R, info: PoolUse) => Promise<T>, affinity?: (resource: R) => number): Promise<T> {
    const { slot, sameKey } = await this.acquire(key, affinity);
    try {
      return await fn(slot.resource, { sameKey });
    } finally {
      slot.busy = false;
      slot.lastUsed = ++this.clock;
      this.waiters.shift()?.();
    }
  }

  /** Picks and claims (synchronously, so no other caller can take it) a slot for `key`. */
  private async acquire(key: string, affinity?: (resource: R) => number): Promise<{ slot: Slot<R>; sameKey: boolean }> {
    for (;;) {
      const slot = this.pick(key, affinity);
      if (slot) {
        const sameKey = slot.key === key;
        slot.key = key;
        slot.busy = true;
        slot.lastUsed = ++this.clock;
        return { slot, sameKey };
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private pick(key: string, affinity?: (resource: R) => number): Slot<R> | null {
    const own = this.slots.find((s) => s.key === key);
    if (own) return own.busy ? null : own;
    const free = this.slots.find((s) => s.key === null && !s.busy);
    if (free) return free;
    if (this.slots.length < this.capacity) {
      const slot: Slot<R> = { resource: this.create(), key: null, busy: false, lastUsed: 0 };
      this.slots.push(slot);
      return slot;
    }
    // Another key's state has to go: the one sharing the most with what this key needs, else the oldest.
    const score = (s: Slot<R>) => (affinity ? affinity(s.resource) : 0);
    return (
      this.slots
        .filter((s) => !s.busy)
        .map((s) => ({ s, score: score(s) }))
        .sort((a, b) => b.score - a.score || a.s.lastUsed - b.s.lastUsed)[0]?.s ?? null
    );
  }
}
