/**
 * What the engine sends the parsing worker (as workerData) and what the worker posts back.
 * Types only: the worker bundle and the engine bundle share no runtime code through this file.
 */
import type { DocumentErrorCode, DocumentErrorParams } from "../errors";
import type {
  DocumentKind,
  DocumentTable,
  ImageFormat,
  IngestLimits,
  IngestPage,
  IngestProgress,
  NoticeCode,
  OcrLanguage,
  TextEncoding,
} from "../types";

export interface WorkerJob {
  kind: DocumentKind;
  bytes: Uint8Array;
  imageFormat?: ImageFormat;
  encoding?: TextEncoding;
  limits: IngestLimits;
  ocr: {
    languages: OcrLanguage[];
    /** Writable folder for multi-language data (null: a private temporary one); unused for one language. */
    cacheDir: string | null;
  };
}

export interface WorkerNotice {
  code: NoticeCode;
  params: Record<string, string | number>;
}

export interface WorkerOutput {
  pages: IngestPage[];
  pagesTotal: number;
  table?: DocumentTable;
  notices: WorkerNotice[];
}

export type WorkerMessage =
  | { type: "progress"; progress: IngestProgress }
  | { type: "result"; output: WorkerOutput }
  | { type: "error"; code: DocumentErrorCode; params: DocumentErrorParams; detail: string };
