/**
 * Why a file could not be read: one typed error with a code the app can branch on (and translate),
 * the facts behind it as params, and a plain English sentence for the user.
 */

export type DocumentErrorCode =
  | "unsupported"
  | "too_large"
  | "too_many_pages"
  | "encrypted"
  | "damaged"
  | "zip_bomb"
  | "no_text"
  | "cancelled"
  | "timeout";

export type DocumentErrorParams = Record<string, string | number>;

const READABLE = "PDF, Word (.docx), CSV, TSV, HTML, text, Markdown, JSON, and PNG, JPEG, WebP, TIFF or BMP images";

/** Reasons a file is unsupported, each with its own sentence. */
const UNSUPPORTED_REASONS: Record<string, string> = {
  legacy_doc: "This is an old Word (.doc) file. Save it as .docx or PDF and attach that.",
  zip: "This is a ZIP archive, not a Word document. Unzip it and attach the files inside.",
  heic: "This is a HEIC photo. Export or share it as JPEG and attach that.",
  gif: "Carefold does not read GIF images. Save it as PNG or JPEG and attach that.",
  zip64: "This Word file uses a large-archive layout Carefold does not read. Save it again as .docx or PDF.",
  executable: "This is a program, not a document, so Carefold did not open it.",
};

export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function seconds(s: number): string {
  const shown = s >= 10 ? String(Math.round(s)) : String(Math.round(s * 10) / 10);
  return `${shown} ${shown === "1" ? "second" : "seconds"}`;
}

function sentence(code: DocumentErrorCode, p: DocumentErrorParams): string {
  switch (code) {
    case "unsupported":
      return UNSUPPORTED_REASONS[String(p.reason)] ?? `Carefold cannot read this kind of file. It reads ${READABLE}.`;
    case "too_large":
      if (p.reason === "memory") return "This file needs more memory to read than Carefold allows. Try a smaller or simpler file.";
      return p.pixels !== undefined
        ? `This image is too large to read (${p.pixels} pixels; the limit is ${p.maxPixels}). Attach a smaller photo.`
        : `This file is ${mib(Number(p.bytes))}; Carefold reads files up to ${mib(Number(p.maxBytes))}.`;
    case "too_many_pages":
      return `This PDF has ${p.pages} pages; Carefold reads documents of up to ${p.maxPages} pages. Split it and attach the parts you need.`;
    case "encrypted":
      return "This PDF is protected with a password. Open it, save an unprotected copy, and attach that.";
    case "damaged":
      return "This file seems damaged or incomplete, so Carefold could not read it. Try downloading or exporting it again.";
    case "zip_bomb":
      return "This Word file expands to far more data than a document should, so Carefold did not open it.";
    case "no_text":
      return "Carefold found no text in this file. If it is a photo or a scan, try a sharper, well-lit image.";
    case "cancelled":
      return "Reading the file was cancelled.";
    case "timeout":
      return `Reading this file took longer than ${seconds(Number(p.seconds))}, so Carefold stopped.`;
  }
}

export class DocumentError extends Error {
  override readonly name = "DocumentError";
  readonly code: DocumentErrorCode;
  readonly params: DocumentErrorParams;

  constructor(code: DocumentErrorCode, params: DocumentErrorParams = {}, options?: { cause?: unknown }) {
    super(sentence(code, params), options);
    this.code = code;
    this.params = params;
  }
}

export function isDocumentError(e: unknown): e is DocumentError {
  return e instanceof DocumentError;
}
