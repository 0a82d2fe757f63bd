/**
 * The documents port: what ingestion reads from a file, the limits it reads within, and the progress
 * it reports. Plain data only, shared by the engine side and the worker (type imports only there).
 */

/** What the bytes are (decided from the content, never from the name). */
export type DocumentKind = "pdf" | "image" | "docx" | "csv" | "tsv" | "html" | "text" | "markdown" | "json";

/** Image container formats tesseract can decode. */
export type ImageFormat = "png" | "jpeg" | "webp" | "tiff" | "bmp";

/** Text encodings ingestion decodes. */
export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export type OcrLanguage = "eng" | "spa";

export interface IngestLimits {
  /** Largest file read, in bytes (the app's attachment cap). */
  maxBytes: number;
  /** A PDF with more pages is refused (too_many_pages). */
  maxPages: number;
  /** Scanned pages OCR'd per document; later scanned pages are listed as not read. */
  maxOcrPages: number;
  /** Text kept per page; the rest is cut and a notice says so. */
  maxCharsPerPage: number;
  /** Text kept for the whole document (all pages together). */
  maxTotalChars: number;
  /** Wall-clock limit for one ingestion, in milliseconds. */
  timeMs: number;
  /** An image (or a PDF page image) with more pixels is not decoded (decompression bombs). */
  maxImagePixels: number;
  /** DOCX: members in the zip. */
  maxZipEntries: number;
  /** DOCX: all members inflated together, in bytes. */
  maxZipUncompressedBytes: number;
  /** DOCX: inflated/compressed ratio allowed for a member larger than 1 MiB. */
  maxZipRatio: number;
  /** CSV/TSV: data rows kept in the table. */
  maxTableRows: number;
  /** Heap for the parsing worker, in MiB (a hostile file exhausts the worker, not the engine). */
  workerHeapMb: number;
}

export const DEFAULT_LIMITS: Readonly<IngestLimits> = Object.freeze({
  maxBytes: 20 * 1024 * 1024,
  maxPages: 300,
  maxOcrPages: 20,
  maxCharsPerPage: 20_000,
  maxTotalChars: 1_000_000,
  timeMs: 180_000,
  maxImagePixels: 40_000_000,
  maxZipEntries: 2_000,
  maxZipUncompressedBytes: 100 * 1024 * 1024,
  maxZipRatio: 100,
  maxTableRows: 50_000,
  workerHeapMb: 1024,
});

export interface IngestPage {
  /** 1-based page number (non-paged kinds have one page, n = 1). */
  n: number;
  text: string;
  /** The text came from OCR (a scanned page or an image). */
  ocr: boolean;
  /** Read, and no text was found on it. */
  empty: boolean;
  /** False when a limit stopped ingestion before this page (text is then ""). */
  read: boolean;
  /** The page's text was cut at a limit. */
  truncated: boolean;
}

export type NoticeCode =
  | "pages_not_read"
  | "page_truncated"
  | "text_truncated"
  | "empty_pages"
  | "ocr_used"
  | "kind_mismatch"
  | "table_rows_truncated"
  | "encoding_fallback"
  | "invalid_json"
  | "tiff_first_page"
  | "images_skipped";

/** Something the user and the model should know about what was read; `message` is English. */
export interface DocumentNotice {
  code: NoticeCode;
  message: string;
  params: Record<string, string | number>;
}

export interface DocumentTable {
  columns: string[];
  rows: string[][];
}

export interface IngestResult {
  kind: DocumentKind;
  pages: IngestPage[];
  pagesTotal: number;
  /** Pages whose text (or OCR) was read; pages with `read: false` were skipped at a limit. */
  pagesRead: number;
  /** CSV/TSV only: the header row as columns, every later row as strings. */
  table?: DocumentTable;
  notices: DocumentNotice[];
}

export interface IngestProgress {
  page: number;
  pages: number;
  stage: "text" | "ocr";
}

export interface IngestOptions {
  signal?: AbortSignal;
  onProgress?: (p: IngestProgress) => void;
  limits?: Partial<IngestLimits>;
  /** Languages for OCR (default English). Both at once is slower. */
  ocrLanguages?: OcrLanguage[];
  /**
   * A folder ingestion may write OCR language data into (needed only for more than one language,
   * which tesseract loads from one folder). Without it a private temporary folder is used and removed.
   */
  ocrCacheDir?: string;
}
