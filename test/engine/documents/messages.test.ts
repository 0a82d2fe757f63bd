import { describe, expect, it } from "vitest";
import {
  DocumentError,
  documentErrorText,
  noticeText,
  type DocumentErrorCode,
  type DocumentErrorParams,
  type DocumentKind,
  type NoticeCode,
} from "../../../src/engine/documents";
import { notice, pageNotices } from "../../../src/engine/documents/notices";

type Params = Record<string, string | number>;

/**
 * Every code with params shaped as the readers, ingest and the worker host build them, and the English
 * sentence each produced before Spanish was added (it must not change).
 */
const NOTICES: [NoticeCode, Params, string][] = [
  ["pages_not_read", { pages: "3", reason: "ocr_limit", limit: 2, read: 2, total: 3 }, "Read 2 of 3 pages: text recognition (OCR) stops after 2 scanned pages, so page 3 was not read."],
  ["pages_not_read", { pages: "21,22,23,24,25", reason: "ocr_limit", limit: 20, read: 20, total: 25 }, "Read 20 of 25 pages: text recognition (OCR) stops after 20 scanned pages, so pages 21–25 were not read."],
  ["pages_not_read", { pages: "2,3", reason: "ocr_limit", limit: 1, read: 1, total: 3 }, "Read 1 of 3 pages: text recognition (OCR) stops after 1 scanned page, so pages 2–3 were not read."],
  ["pages_not_read", { pages: "4", reason: "damaged", read: 4, total: 5 }, "Read 4 of 5 pages: page 4 could not be read (damaged)."],
  ["pages_not_read", { pages: "2,3,7", reason: "damaged", read: 1, total: 4 }, "Read 1 of 4 pages: pages 2–3, 7 could not be read (damaged)."],
  ["page_truncated", { pages: "1,2", chars: 120 }, "Pages 1–2: only the first 120 characters were kept."],
  ["page_truncated", { pages: "3", chars: 20000 }, "Page 3: only the first 20000 characters were kept."],
  ["text_truncated", { chars: 1000000, pages: 2 }, "The document is long: only its first 1000000 characters were kept, so the end is missing."],
  ["empty_pages", { pages: "2" }, "No text was found on page 2."],
  ["empty_pages", { pages: "2,3,5" }, "No text was found on pages 2–3, 5."],
  ["ocr_used", { pages: "1" }, "Page 1 was read with text recognition (OCR); check numbers against the original."],
  ["ocr_used", { pages: "1,2" }, "Pages 1–2 were read with text recognition (OCR); check numbers against the original."],
  ["ocr_used", { pages: "3,4,5,8" }, "Pages 3–5, 8 were read with text recognition (OCR); check numbers against the original."],
  ["kind_mismatch", { claimed: "text", kind: "pdf" }, "The file's name says plain text, but it is a PDF, and was read as such."],
  ["kind_mismatch", { claimed: "pdf", kind: "image" }, "The file's name says a PDF, but it is an image, and was read as such."],
  ["kind_mismatch", { claimed: "docx", kind: "text" }, "The file's name says a Word document, but it is plain text, and was read as such."],
  ["kind_mismatch", { claimed: "csv", kind: "tsv" }, "The file's name says a CSV file, but it is a TSV file, and was read as such."],
  ["kind_mismatch", { claimed: "markdown", kind: "html" }, "The file's name says Markdown, but it is an HTML page, and was read as such."],
  ["kind_mismatch", { claimed: "json", kind: "text" }, "The file's name says JSON, but it is plain text, and was read as such."],
  ["table_rows_truncated", { rows: 30, kept: 10 }, "The table has 30 rows; the first 10 were kept."],
  ["table_rows_truncated", { rows: 2, kept: 1 }, "The table has 2 rows; the first 1 were kept."],
  ["encoding_fallback", { encoding: "windows-1252" }, "The file is not UTF-8 text; it was read as Windows-1252 (Western European)."],
  ["invalid_json", {}, "The file is not valid JSON; it was read as plain text."],
  ["tiff_first_page", {}, "This TIFF has several pages; only the first was read."],
  ["images_skipped", { images: 1, maxPixels: 40000000 }, "1 image in the PDF was too large to read (over 40000000 pixels)."],
  ["images_skipped", { images: 3, maxPixels: 40000000 }, "3 images in the PDF were too large to read (over 40000000 pixels)."],
];

const ERRORS: [DocumentErrorCode, DocumentErrorParams, string][] = [
  ["unsupported", {}, "Carefold cannot read this kind of file. It reads PDF, Word (.docx), CSV, TSV, HTML, text, Markdown, JSON, and PNG, JPEG, WebP, TIFF or BMP images."],
  ["unsupported", { reason: "legacy_doc" }, "This is an old Word (.doc) file. Save it as .docx or PDF and attach that."],
  ["unsupported", { reason: "zip" }, "This is a ZIP archive, not a Word document. Unzip it and attach the files inside."],
  ["unsupported", { reason: "heic" }, "This is a HEIC photo. Export or share it as JPEG and attach that."],
  ["unsupported", { reason: "gif" }, "Carefold does not read GIF images. Save it as PNG or JPEG and attach that."],
  ["unsupported", { reason: "zip64" }, "This Word file uses a large-archive layout Carefold does not read. Save it again as .docx or PDF."],
  ["unsupported", { reason: "executable" }, "This is a program, not a document, so Carefold did not open it."],
  ["unsupported", { reason: "something_else" }, "Carefold cannot read this kind of file. It reads PDF, Word (.docx), CSV, TSV, HTML, text, Markdown, JSON, and PNG, JPEG, WebP, TIFF or BMP images."],
  ["too_large", { bytes: 31457280, maxBytes: 20971520 }, "This file is 30.0 MB; Carefold reads files up to 20.0 MB."],
  ["too_large", { bytes: 22000000, maxBytes: 20971520 }, "This file is 21.0 MB; Carefold reads files up to 20.0 MB."],
  ["too_large", { pixels: 50000000, maxPixels: 40000000 }, "This image is too large to read (50000000 pixels; the limit is 40000000). Attach a smaller photo."],
  ["too_large", { reason: "memory" }, "This file needs more memory to read than Carefold allows. Try a smaller or simpler file."],
  ["too_many_pages", { pages: 412, maxPages: 300 }, "This PDF has 412 pages; Carefold reads documents of up to 300 pages. Split it and attach the parts you need."],
  ["encrypted", {}, "This PDF is protected with a password. Open it, save an unprotected copy, and attach that."],
  ["damaged", {}, "This file seems damaged or incomplete, so Carefold could not read it. Try downloading or exporting it again."],
  ["zip_bomb", { entries: 30 }, "This Word file expands to far more data than a document should, so Carefold did not open it."],
  ["zip_bomb", { member: "word/document.xml", ratio: 1200 }, "This Word file expands to far more data than a document should, so Carefold did not open it."],
  ["zip_bomb", { bytes: 900000000 }, "This Word file expands to far more data than a document should, so Carefold did not open it."],
  ["no_text", { kind: "pdf" }, "Carefold found no text in this file. If it is a photo or a scan, try a sharper, well-lit image."],
  ["cancelled", {}, "Reading the file was cancelled."],
  ["timeout", { seconds: 180 }, "Reading this file took longer than 180 seconds, so Carefold stopped."],
  ["timeout", { seconds: 1 }, "Reading this file took longer than 1 second, so Carefold stopped."],
  ["timeout", { seconds: 2.5 }, "Reading this file took longer than 2.5 seconds, so Carefold stopped."],
  ["timeout", { seconds: 12.4 }, "Reading this file took longer than 12 seconds, so Carefold stopped."],
];

const ALL_NOTICE_CODES: Record<NoticeCode, true> = {
  pages_not_read: true, page_truncated: true, text_truncated: true, empty_pages: true, ocr_used: true, kind_mismatch: true,
  table_rows_truncated: true, encoding_fallback: true, invalid_json: true, tiff_first_page: true, images_skipped: true,
};
const ALL_ERROR_CODES: Record<DocumentErrorCode, true> = {
  unsupported: true, too_large: true, too_many_pages: true, encrypted: true, damaged: true, zip_bomb: true, no_text: true,
  cancelled: true, timeout: true,
};

/** Words that would mean an English sentence (or part of one) was left in the Spanish. */
const ENGLISH =
  /\b(the|was|were|read|pages?|file|files|could|not|only|and|of|this|it|is|too|large|scanned|image|images|kept|rows|seconds?|attach|save|try|text recognition)\b/i;

function expectCleanSpanish(text: string): void {
  expect(text.trim().length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\{\{|\}\}|\$\{|undefined|NaN|null/);
  expect(text).not.toMatch(ENGLISH);
  expect(text).toMatch(/\.$/);
}

const es = (code: NoticeCode, params: Params) => noticeText({ code, params }, "es");

describe("document messages: English stays exactly as it was", () => {
  it("covers every notice code and every error code", () => {
    expect(new Set(NOTICES.map(([c]) => c))).toEqual(new Set(Object.keys(ALL_NOTICE_CODES)));
    expect(new Set(ERRORS.map(([c]) => c))).toEqual(new Set(Object.keys(ALL_ERROR_CODES)));
  });

  it.each(NOTICES)("notice %s %j", (code, params, english) => {
    const n = notice(code, params);
    expect(n.message).toBe(english);
    expect(noticeText(n, "en")).toBe(english);
  });

  it.each(ERRORS)("error %s %j", (code, params, english) => {
    const e = new DocumentError(code, params);
    expect(e.message).toBe(english);
    expect(documentErrorText(e, "en")).toBe(english);
  });

  it("notices built from the pages read the same through noticeText", () => {
    const page = (n: number, ocr: boolean, empty: boolean) => ({ n, text: "", read: true, ocr, empty, truncated: false });
    const notices = pageNotices([page(1, true, false), page(2, true, true), page(3, false, false), page(4, true, false)]);
    expect(notices.map((n) => n.message)).toEqual([
      "Pages 1–2, 4 were read with text recognition (OCR); check numbers against the original.",
      "No text was found on page 2.",
    ]);
    for (const n of notices) expect(noticeText(n, "en")).toBe(n.message);
  });
});

describe("document messages in Spanish", () => {
  it.each(NOTICES)("notice %s %j is plain Spanish with nothing left unfilled", (code, params) => {
    expectCleanSpanish(es(code, params));
  });

  it.each(ERRORS)("error %s %j is plain Spanish with nothing left unfilled", (code, params) => {
    expectCleanSpanish(documentErrorText({ code, params }, "es"));
  });

  it("says página or páginas to match the list, and renders the list as ranges", () => {
    expect(es("ocr_used", { pages: "1" })).toBe("La página 1 se leyó con OCR (reconocimiento de texto); compare los números con el documento original.");
    expect(es("ocr_used", { pages: "3,4,5,8" })).toBe(
      "Las páginas 3–5, 8 se leyeron con OCR (reconocimiento de texto); compare los números con el documento original.",
    );
    expect(es("empty_pages", { pages: "2" })).toBe("No se encontró texto en la página 2.");
    expect(es("empty_pages", { pages: "2,3,5" })).toBe("No se encontró texto en las páginas 2–3, 5.");
    expect(es("page_truncated", { pages: "3", chars: 20000 })).toBe("Página 3: solo se conservaron los primeros 20000 caracteres.");
    expect(es("page_truncated", { pages: "1,2", chars: 120 })).toBe("Páginas 1–2: solo se conservaron los primeros 120 caracteres de cada una.");
  });

  it("keeps the facts of the pages not read, with counts in singular or plural", () => {
    expect(es("pages_not_read", { pages: "3", reason: "ocr_limit", limit: 2, read: 2, total: 3 })).toBe(
      "Se leyeron 2 de 3 páginas: el OCR (reconocimiento de texto) se detiene después de 2 páginas escaneadas, así que no se leyó la página 3.",
    );
    expect(es("pages_not_read", { pages: "2,3", reason: "ocr_limit", limit: 1, read: 1, total: 3 })).toBe(
      "Se leyó 1 de 3 páginas: el OCR (reconocimiento de texto) se detiene después de 1 página escaneada, así que no se leyeron las páginas 2–3.",
    );
    expect(es("pages_not_read", { pages: "4", reason: "damaged", read: 4, total: 5 })).toBe(
      "Se leyeron 4 de 5 páginas: no se pudo leer la página 4 (está dañada).",
    );
    expect(es("pages_not_read", { pages: "2,3,7", reason: "damaged", read: 1, total: 4 })).toBe(
      "Se leyó 1 de 4 páginas: no se pudieron leer las páginas 2–3, 7 (están dañadas).",
    );
  });

  it("counts images, rows and seconds in singular or plural", () => {
    expect(es("images_skipped", { images: 1, maxPixels: 40000000 })).toBe(
      "No se pudo leer 1 imagen del PDF porque era demasiado grande (más de 40000000 píxeles).",
    );
    expect(es("images_skipped", { images: 3, maxPixels: 40000000 })).toBe(
      "No se pudieron leer 3 imágenes del PDF porque eran demasiado grandes (más de 40000000 píxeles).",
    );
    expect(es("table_rows_truncated", { rows: 30, kept: 10 })).toBe("La tabla tiene 30 filas; se conservaron las primeras 10.");
    expect(es("table_rows_truncated", { rows: 2, kept: 1 })).toBe("La tabla tiene 2 filas; se conservó la primera.");
    expect(documentErrorText({ code: "timeout", params: { seconds: 1 } }, "es")).toBe(
      "La lectura de este archivo tardó más de 1 segundo, así que Carefold la detuvo.",
    );
    expect(documentErrorText({ code: "timeout", params: { seconds: 180 } }, "es")).toBe(
      "La lectura de este archivo tardó más de 180 segundos, así que Carefold la detuvo.",
    );
  });

  it("names kinds and sizes in Spanish", () => {
    expect(es("kind_mismatch", { claimed: "text", kind: "pdf" })).toBe(
      "Por el nombre, parecía texto sin formato, pero en realidad es un PDF, y se leyó como tal.",
    );
    expect(documentErrorText({ code: "too_large", params: { bytes: 31457280, maxBytes: 20971520 } }, "es")).toBe(
      "Este archivo ocupa 30.0 MB; Carefold lee archivos de hasta 20.0 MB.",
    );
    expect(documentErrorText({ code: "too_many_pages", params: { pages: 412, maxPages: 300 } }, "es")).toBe(
      "Este PDF tiene 412 páginas; Carefold lee documentos de hasta 300 páginas. Divídalo y adjunte las partes que necesite.",
    );
  });

  it("names every kind of document in Spanish", () => {
    const kinds = Object.keys({
      pdf: 1, image: 1, docx: 1, csv: 1, tsv: 1, html: 1, text: 1, markdown: 1, json: 1,
    } satisfies Record<DocumentKind, number>) as DocumentKind[];
    for (const claimed of kinds) {
      for (const kind of kinds) {
        const english = notice("kind_mismatch", { claimed, kind }).message;
        expect(english).not.toContain("undefined");
        expect(noticeText({ code: "kind_mismatch", params: { claimed, kind } }, "en")).toBe(english);
        expectCleanSpanish(es("kind_mismatch", { claimed, kind }));
      }
    }
    expect(es("kind_mismatch", { claimed: "docx", kind: "markdown" })).toBe(
      "Por el nombre, parecía un documento de Word, pero en realidad es un archivo Markdown, y se leyó como tal.",
    );
  });

  it("gives each unsupported reason its own sentence, and the general one for any other", () => {
    const reasons = ["legacy_doc", "zip", "heic", "gif", "zip64", "executable"];
    const general = documentErrorText({ code: "unsupported", params: {} }, "es");
    const sentences = reasons.map((reason) => documentErrorText({ code: "unsupported", params: { reason } }, "es"));
    expect(new Set([...sentences, general]).size).toBe(reasons.length + 1);
    expect(documentErrorText({ code: "unsupported", params: { reason: "something_else" } }, "es")).toBe(general);
    expect(general).toContain("imágenes PNG, JPEG, WebP, TIFF o BMP");
  });

  it("translates a DocumentError and a notice as they are thrown and returned", () => {
    expect(documentErrorText(new DocumentError("encrypted"), "es")).toBe(
      "Este PDF está protegido con contraseña. Ábralo, guarde una copia sin protección y adjunte esa copia.",
    );
    expect(noticeText(notice("tiff_first_page"), "es")).toBe("Este archivo TIFF tiene varias páginas; solo se leyó la primera.");
  });
});
