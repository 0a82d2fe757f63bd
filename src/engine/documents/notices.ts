/**
 * Notices: what the user and the model are told about how much of a file was read and how.
 * Each has a code and params (for translation) and an English sentence; `noticeText` renders
 * the same facts in English or Spanish.
 */
import type { DocumentKind, DocumentNotice, IngestPage, NoticeCode } from "./types";

/** "3,4,5,8" → "3–5, 8". */
export function pageList(pages: string | number[]): string {
  const ns = (typeof pages === "string" ? pages.split(",").map(Number) : pages).filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < ns.length; i++) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++;
    parts.push(j > i ? `${ns[i]}–${ns[j]}` : String(ns[i]));
    i = j;
  }
  return parts.join(", ");
}

type Language = "en" | "es";

/** What each kind is called in a sentence ("… says {claimed}, but it is {kind} …"), one table per language. */
const KIND_NAMES: Record<Language, Record<DocumentKind, string>> = {
  en: {
    pdf: "a PDF", image: "an image", docx: "a Word document", csv: "a CSV file", tsv: "a TSV file", html: "an HTML page",
    text: "plain text", markdown: "Markdown", json: "JSON",
  },
  es: {
    pdf: "un PDF", image: "una imagen", docx: "un documento de Word", csv: "un archivo CSV", tsv: "un archivo TSV",
    html: "una página HTML", text: "texto sin formato", markdown: "un archivo Markdown", json: "un archivo JSON",
  },
};

const isMany = (list: string) => list.includes(",") || list.includes("–");
const pagesWord = (list: string) => (isMany(list) ? `pages ${list}` : `page ${list}`);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number | string, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

function english(code: NoticeCode, p: Record<string, string | number>): string {
  const list = p.pages !== undefined ? pageList(String(p.pages)) : "";
  const verb = isMany(list) ? "were" : "was";
  switch (code) {
    case "pages_not_read":
      if (p.reason === "ocr_limit") {
        return `Read ${p.read} of ${p.total} pages: text recognition (OCR) stops after ${plural(p.limit!, "scanned page", "scanned pages")}, so ${pagesWord(list)} ${verb} not read.`;
      }
      return `Read ${p.read} of ${p.total} pages: ${pagesWord(list)} could not be read (damaged).`;
    case "page_truncated":
      return `${capital(pagesWord(list))}: only the first ${p.chars} characters were kept.`;
    case "text_truncated":
      return `The document is long: only its first ${p.chars} characters were kept, so the end is missing.`;
    case "empty_pages":
      return `No text was found on ${pagesWord(list)}.`;
    case "ocr_used":
      return `${capital(pagesWord(list))} ${verb} read with text recognition (OCR); check numbers against the original.`;
    case "kind_mismatch":
      return `The file's name says ${KIND_NAMES.en[p.claimed as DocumentKind]}, but it is ${KIND_NAMES.en[p.kind as DocumentKind]}, and was read as such.`;
    case "table_rows_truncated":
      return `The table has ${p.rows} rows; the first ${p.kept} were kept.`;
    case "encoding_fallback":
      return "The file is not UTF-8 text; it was read as Windows-1252 (Western European).";
    case "invalid_json":
      return "The file is not valid JSON; it was read as plain text.";
    case "tiff_first_page":
      return "This TIFF has several pages; only the first was read.";
    case "images_skipped":
      return `${plural(p.images!, "image", "images")} in the PDF ${Number(p.images) === 1 ? "was" : "were"} too large to read (over ${p.maxPixels} pixels).`;
  }
}

/** "la página 3" / "las páginas 3–5, 8"; `label` drops the article for "Página 3: …". */
const paginas = (list: string, label = false) => {
  const word = isMany(list) ? `páginas ${list}` : `página ${list}`;
  return label ? capital(word) : `${isMany(list) ? "las" : "la"} ${word}`;
};

function spanish(code: NoticeCode, p: Record<string, string | number>): string {
  const list = p.pages !== undefined ? pageList(String(p.pages)) : "";
  const many = isMany(list);
  const read = Number(p.read) === 1 ? `Se leyó ${p.read}` : `Se leyeron ${p.read}`;
  const ofTotal = `de ${plural(p.total!, "página", "páginas")}`;
  switch (code) {
    case "pages_not_read":
      if (p.reason === "ocr_limit") {
        return `${read} ${ofTotal}: el OCR (reconocimiento de texto) se detiene después de ${plural(p.limit!, "página escaneada", "páginas escaneadas")}, así que no se ${many ? "leyeron" : "leyó"} ${paginas(list)}.`;
      }
      return `${read} ${ofTotal}: no se ${many ? "pudieron" : "pudo"} leer ${paginas(list)} (${many ? "están dañadas" : "está dañada"}).`;
    case "page_truncated":
      return `${paginas(list, true)}: solo se conservaron los primeros ${p.chars} caracteres${many ? " de cada una" : ""}.`;
    case "text_truncated":
      return `El documento es largo: solo se conservaron sus primeros ${p.chars} caracteres, así que falta el final.`;
    case "empty_pages":
      return `No se encontró texto en ${paginas(list)}.`;
    case "ocr_used":
      return `${capital(paginas(list))} se ${many ? "leyeron" : "leyó"} con OCR (reconocimiento de texto); compare los números con el documento original.`;
    case "kind_mismatch":
      return `Por el nombre, parecía ${KIND_NAMES.es[p.claimed as DocumentKind]}, pero en realidad es ${KIND_NAMES.es[p.kind as DocumentKind]}, y se leyó como tal.`;
    case "table_rows_truncated":
      return `La tabla tiene ${plural(p.rows!, "fila", "filas")}; ${Number(p.kept) === 1 ? "se conservó la primera" : `se conservaron las primeras ${p.kept}`}.`;
    case "encoding_fallback":
      return "El archivo no es texto UTF-8; se leyó como Windows-1252 (Europa occidental).";
    case "invalid_json":
      return "El archivo no es JSON válido; se leyó como texto sin formato.";
    case "tiff_first_page":
      return "Este archivo TIFF tiene varias páginas; solo se leyó la primera.";
    case "images_skipped":
      return Number(p.images) === 1
        ? `No se pudo leer 1 imagen del PDF porque era demasiado grande (más de ${p.maxPixels} píxeles).`
        : `No se pudieron leer ${p.images} imágenes del PDF porque eran demasiado grandes (más de ${p.maxPixels} píxeles).`;
  }
}

/** The notice's sentence in `language`; English is exactly `DocumentNotice.message`. */
export function noticeText(notice: { code: NoticeCode; params: Record<string, string | number> }, language: "en" | "es"): string {
  return language === "es" ? spanish(notice.code, notice.params) : english(notice.code, notice.params);
}

export function notice(code: NoticeCode, params: Record<string, string | number> = {}): DocumentNotice {
  return { code, message: noticeText({ code, params }, "en"), params };
}

/** Notices that follow from the pages themselves: which were OCR'd and which had no text. */
export function pageNotices(pages: IngestPage[]): DocumentNotice[] {
  const out: DocumentNotice[] = [];
  const ocr = pages.filter((p) => p.read && p.ocr).map((p) => p.n);
  const empty = pages.filter((p) => p.read && p.empty).map((p) => p.n);
  if (ocr.length) out.push(notice("ocr_used", { pages: ocr.join(",") }));
  if (empty.length && empty.length < pages.length) out.push(notice("empty_pages", { pages: empty.join(",") }));
  return out;
}
