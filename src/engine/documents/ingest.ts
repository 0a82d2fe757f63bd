/**
 * ingestDocument: one file's bytes → its text page by page (plus the table of a CSV/TSV), with
 * notices saying what was and was not read. Size check and content sniffing here; every parser runs
 * in the worker. Writes nothing (see ocr.ts for the one exception, the OCR cache folder).
 */
import { DocumentError } from "./errors";
import { notice, pageNotices } from "./notices";
import { sniff, type Sniffed } from "./sniff";
import { DEFAULT_LIMITS, type DocumentKind, type IngestLimits, type IngestOptions, type IngestResult } from "./types";
import { runInWorker } from "./workerHost";
import type { WorkerOutput } from "./worker/protocol";

const TEXT_KINDS = new Set<DocumentKind>(["csv", "tsv", "html", "text", "markdown", "json"]);

export function resolveLimits(overrides: Partial<IngestLimits> = {}): IngestLimits {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) throw new TypeError(`Invalid document limit ${key}: ${String(value)}`);
  }
  return limits;
}

/** A name that claims another kind is worth saying (a text file named .csv read as CSV is not). */
function mismatch(sniffed: Sniffed): boolean {
  const { claimed, kind } = sniffed;
  if (!claimed || claimed === kind) return false;
  return !(TEXT_KINDS.has(claimed) && TEXT_KINDS.has(kind));
}

function assemble(sniffed: Sniffed, output: WorkerOutput): IngestResult {
  const pagesRead = output.pages.filter((p) => p.read).length;
  const notices = [];
  if (mismatch(sniffed)) notices.push(notice("kind_mismatch", { claimed: sniffed.claimed!, kind: sniffed.kind }));
  for (const n of output.notices) {
    const params = n.code === "pages_not_read" ? { ...n.params, read: pagesRead, total: output.pagesTotal } : n.params;
    notices.push(notice(n.code, params));
  }
  notices.push(...pageNotices(output.pages));
  return {
    kind: sniffed.kind,
    pages: output.pages,
    pagesTotal: output.pagesTotal,
    pagesRead,
    ...(output.table ? { table: output.table } : {}),
    notices,
  };
}

export async function ingestDocument(bytes: Uint8Array, name: string, options: IngestOptions & { workerExecArgv?: string[] } = {}): Promise<IngestResult> {
  const limits = resolveLimits(options.limits);
  if (options.signal?.aborted) throw new DocumentError("cancelled");
  if (bytes.length > limits.maxBytes) throw new DocumentError("too_large", { bytes: bytes.length, maxBytes: limits.maxBytes });
  const sniffed = sniff(bytes, name);

  const output = await runInWorker(
    {
      kind: sniffed.kind,
      bytes,
      ...(sniffed.imageFormat ? { imageFormat: sniffed.imageFormat } : {}),
      ...(sniffed.encoding ? { encoding: sniffed.encoding } : {}),
      limits,
      ocr: { languages: options.ocrLanguages?.length ? [...new Set(options.ocrLanguages)] : ["eng"], cacheDir: options.ocrCacheDir ?? null },
    },
    {
      timeMs: limits.timeMs,
      heapMb: limits.workerHeapMb,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.workerExecArgv ? { execArgv: options.workerExecArgv } : {}),
    },
  );

  const result = assemble(sniffed, output);
  const anyText = result.pages.some((p) => p.read && !p.empty);
  // Nothing at all to show (and nothing left unread that might have had text): say so plainly.
  if (!anyText && result.pagesRead === result.pagesTotal) throw new DocumentError("no_text", { kind: result.kind });
  return result;
}
