/**
 * Runs one parsing job in a worker thread: progress relayed, the first result or error kept, and
 * the thread terminated on completion, cancel (AbortSignal) or the time limit. The thread has its
 * own heap limit, so a hostile file exhausts the worker, never the engine.
 *
 * Where the worker comes from:
 * - from source (vitest, tsx, the CLI) this file is a .ts module: worker/bootstrap.mjs registers tsx
 *   in the new thread and imports worker/documentWorker.ts;
 * - in the electron-vite main bundle, worker/documentWorker.ts is its own entry, emitted next to
 *   index.js as documentWorker.js (electron.vite.config.ts, main input `documentWorker`).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { DocumentError } from "./errors";
import type { IngestProgress } from "./types";
import type { WorkerJob, WorkerMessage, WorkerOutput } from "./worker/protocol";

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: IngestProgress) => void;
  timeMs: number;
  heapMb: number;
  /** Extra Node options for the worker thread (tests load a network tripwire this way). */
  execArgv?: string[];
}

export function workerEntry(): URL {
  if (new URL(import.meta.url).pathname.endsWith(".ts")) return new URL("./worker/bootstrap.mjs", import.meta.url);
  // Bundled: documentWorker.js sits beside the main entry (this code may be in a chunk one level down).
  const candidates = [new URL("./documentWorker.js", import.meta.url), new URL("../documentWorker.js", import.meta.url)];
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (!found) throw new Error(`The document worker is missing: expected ${fileURLToPath(candidates[0]!)} (is it an entry in electron.vite.config.ts?)`);
  return found;
}

export function runInWorker(job: WorkerJob, options: RunOptions): Promise<WorkerOutput> {
  if (options.signal?.aborted) return Promise.reject(new DocumentError("cancelled"));
  return new Promise<WorkerOutput>((resolve, reject) => {
    const worker = new Worker(workerEntry(), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      ...(options.execArgv ? { execArgv: [...process.execArgv, ...options.execArgv] } : {}),
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(new DocumentError("cancelled")));
    const timer = setTimeout(() => finish(() => reject(new DocumentError("timeout", { seconds: options.timeMs / 1000 }))), options.timeMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });

    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") {
        try {
          options.onProgress?.(message.progress);
        } catch {
          // A failing progress listener must not stop the reading.
        }
      } else if (message.type === "result") {
        finish(() => resolve(message.output));
      } else {
        finish(() => reject(new DocumentError(message.code, message.params, { cause: message.detail })));
      }
    });
    worker.on("error", (err: Error & { code?: string }) => {
      const outOfMemory = err.code === "ERR_WORKER_OUT_OF_MEMORY";
      finish(() => reject(new DocumentError(outOfMemory ? "too_large" : "damaged", outOfMemory ? { reason: "memory" } : {}, { cause: err })));
    });
    worker.on("exit", (code) => {
      finish(() => reject(new DocumentError("damaged", {}, { cause: `the document worker exited (${code}) without a result` })));
    });
  });
}
