/**
 * The attachments store's reader: the documents module reads the stored file in its worker (content
 * sniffed, limits, OCR), and what it read is stored beside the file; progress goes out as events.
 */
import type { EngineEvent, StructuredData } from "../../shared/contract";
import { DocumentError, documentErrorText, ingestDocument, type IngestResult } from "../documents";
import { documentPages, MAX_CONTEXT_PAGES, writeDocument } from "./attachmentDocument";
import type { AttachmentReader, AttachmentReadResult } from "./attachmentsStore";
import { ensurePrivateDir } from "../storage/privateFiles";
import { FileSealer } from "../storage/sealedFile";

export interface DocumentReaderOptions {
  emit(event: EngineEvent): void;
  /** The user's language now: why a file could not be read is said in it. */
  language?(): "en" | "es";
  /** Structured data found in what was read (logs, medication lists, labs, EOBs), or null. */
  structure?(result: IngestResult, pages: ReturnType<typeof documentPages>): StructuredData | null;
  /** Where OCR language data may be unpacked (made 0700 before the worker writes into it). */
  ocrCacheDir?: string;
  /** The stored files' encryption (the data key); default: plain files. */
  files?: FileSealer;
  /** Test hook: extra execArgv for the worker. */
  workerExecArgv?: string[];
}

export function createDocumentReader(options: DocumentReaderOptions): AttachmentReader {
  return {
    async read({ id, name, file, folder }, signal): Promise<AttachmentReadResult> {
      let result: IngestResult;
      try {
        // The OCR worker copies language data in at the files' own mode: a 0700 folder keeps it the owner's.
        if (options.ocrCacheDir) ensurePrivateDir(options.ocrCacheDir);
        // Decrypted here, in the engine: the worker gets the bytes, never a key or a path.
        result = await ingestDocument((options.files ?? new FileSealer(folder, null)).read(file), name, {
          signal,
          ocrLanguages: ["eng", "spa"],
          ...(options.ocrCacheDir ? { ocrCacheDir: options.ocrCacheDir } : {}),
          ...(options.workerExecArgv ? { workerExecArgv: options.workerExecArgv } : {}),
          onProgress: (p) => options.emit({ type: "attachment.progress", attachmentId: id, page: p.page, pages: p.pages, stage: p.stage }),
        });
      } catch (err) {
        const language = options.language?.() ?? "en";
        const problem =
          err instanceof DocumentError
            ? documentErrorText(err, language)
            : language === "es"
              ? `Carefold no pudo leer este archivo (${err instanceof Error ? err.message : String(err)}).`
              : `Carefold could not read this file (${err instanceof Error ? err.message : String(err)}).`;
        return { status: "failed", kind: null, pagesRead: null, pagesTotal: null, ocrPages: 0, structured: null, problem };
      }
      // Removed (or the app closing) while it was read: write nothing back into a deleted folder.
      if (signal.aborted) return { status: "failed", kind: null, pagesRead: null, pagesTotal: null, ocrPages: 0, structured: null, problem: null };
      const pages = documentPages(result);
      const structured = options.structure?.(result, pages) ?? null;
      writeDocument(folder, { kind: result.kind, pages, table: result.table ?? null, notices: result.notices, structured }, options.files);
      const read = pages.filter((p) => p.read).length;
      const empty = pages.every((p) => !p.read || p.empty);
      return {
        status: "ready",
        kind: result.kind,
        // What a consult's first look holds (the model can ask for later pages): "read 4 of 12 pages".
        pagesRead: Math.min(read, MAX_CONTEXT_PAGES),
        pagesTotal: pages.length,
        ocrPages: pages.filter((p) => p.ocr).length,
        structured: structured?.kind ?? null,
        problem: empty ? documentErrorText({ code: "no_text", params: {} }, options.language?.() ?? "en") : null,
      };
    },
  };
}
