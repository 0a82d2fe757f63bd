/**
 * Documents: reading what people attach (PDF, scans and photos, DOCX, CSV/TSV, HTML, text) offline.
 * The port the attachments store and the tools use.
 */
export { ingestDocument, resolveLimits } from "./ingest";
export { DocumentError, documentErrorText, isDocumentError, type DocumentErrorCode, type DocumentErrorParams } from "./errors";
export { sniff, claimedKind, type Sniffed } from "./sniff";
export { noticeText, pageList } from "./notices";
export {
  DEFAULT_LIMITS,
  type DocumentKind,
  type DocumentNotice,
  type DocumentTable,
  type ImageFormat,
  type IngestLimits,
  type IngestOptions,
  type IngestPage,
  type IngestProgress,
  type IngestResult,
  type NoticeCode,
  type OcrLanguage,
} from "./types";
