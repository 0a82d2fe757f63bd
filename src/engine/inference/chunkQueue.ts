/** Bridges node-llama-cpp's generation callbacks (text pieces, then one result or an error) to an async generator. */
export type QueueItem<T> = { kind: "text"; text: string } | { kind: "done"; result: T };

export class ChunkQueue<T> {
  private items: QueueItem<T>[] = [];
  private error: { value: unknown } | null = null;
  private wake: (() => void) | null = null;
  /** True once the producer has finished or failed. */
  settled = false;

  push(text: string): void {
    if (text.length === 0) return;
    this.items.push({ kind: "text", text });
    this.notify();
  }

  finish(result: T): void {
    this.items.push({ kind: "done", result });
    this.settled = true;
    this.notify();
  }

  fail(err: unknown): void {
    this.error = { value: err };
    this.settled = true;
    this.notify();
  }

  /** The next item; throws the producer's error once the queued items are consumed. */
  async next(): Promise<QueueItem<T>> {
    for (;;) {
      const item = this.items.shift();
      if (item) return item;
      if (this.error) throw this.error.value;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
