/**
 * Waiting limits for model servers that accept a request and then go quiet. `fetchWithIdleTimeout` fails
 * a request when no byte (response headers, then each body chunk) arrives for `idleMs`, and aborts the
 * socket; `raceAbort` ends a stream as soon as the caller's signal aborts, even while the source is stuck.
 */

/**
 * A fetch that errors with `makeError()` when the server sends nothing for `idleMs` — before the response
 * headers or between body chunks. The timer restarts on every chunk, so a slow but steady stream never
 * times out. The caller's own `signal` still aborts the request as usual.
 */
export function fetchWithIdleTimeout(base: typeof fetch, idleMs: number, makeError: () => Error): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timeout: Error | null = null;
    const arm = (onTimeout: (err: Error) => void) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timeout = makeError();
        controller.abort(timeout);
        onTimeout(timeout);
      }, idleMs);
    };
    const disarm = () => clearTimeout(timer);

    const response = await new Promise<Response>((resolve, reject) => {
      arm(reject);
      base(input, { ...init, signal }).then(resolve, (err: unknown) => reject(timeout ?? err));
    }).finally(disarm);
    if (!response.body) return response;

    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        // The timer errors the stream itself too, in case the source ignores the abort.
        arm((err) => {
          try {
            stream.error(err);
          } catch {
            // already closed or errored
          }
        });
        try {
          const { done, value } = await reader.read();
          if (timeout) return;
          if (done) stream.close();
          else stream.enqueue(value);
        } catch (err) {
          if (!timeout) stream.error(err);
        } finally {
          disarm();
        }
      },
      cancel(reason) {
        disarm();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * Yields `source` until `signal` aborts; then calls `onAbort` (to release the request) and throws the
 * abort reason at once, without waiting for the source's next item.
 */
export async function* raceAbort<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined, onAbort: () => void): AsyncGenerator<T> {
  if (!signal) {
    yield* source;
    return;
  }
  const iterator = source[Symbol.asyncIterator]();
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted.", "AbortError"));
    if (signal.aborted) fail();
    else signal.addEventListener("abort", fail, { once: true });
  });
  aborted.catch(() => undefined);
  let finished = false;
  try {
    for (;;) {
      const next = iterator.next();
      next.catch(() => undefined);
      let item: IteratorResult<T>;
      try {
        item = await Promise.race([next, aborted]);
      } catch (err) {
        if (signal.aborted) onAbort();
        throw err;
      }
      if (item.done) {
        finished = true;
        return;
      }
      yield item.value;
    }
  } finally {
    // A consumer that stops early (or an abort) releases the source when it is not stuck.
    if (!finished && !signal.aborted) await iterator.return?.();
  }
}
