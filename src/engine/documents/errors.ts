/**
 * Why a file could not be read: one typed error with a code the app can branch on (and translate),
 * the facts behind it as params, and a plain English sentence for the user; `documentErrorText`
 * renders the same facts in English or Spanish.
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

type Language = "en" | "es";

/** What Carefold reads, as the unsupported sentence lists it, one per language. */
const READABLE: Record<Language, string> = {
  en: "PDF, Word (.docx), CSV, TSV, HTML, text, Markdown, JSON, and PNG, JPEG, WebP, TIFF or BMP images",
  es: "archivos PDF, Word (.docx), CSV, TSV, HTML, de texto, Markdown y JSON, e imágenes PNG, JPEG, WebP, TIFF o BMP",
};

/** Reasons a file is unsupported, each with its own sentence, one table per language. */
const UNSUPPORTED_REASONS: Record<Language, Record<string, string>> = {
  en: {
    legacy_doc: "This is an old Word (.doc) file. Save it as .docx or PDF and attach that.",
    zip: "This is a ZIP archive, not a Word document. Unzip it and attach the files inside.",
    heic: "This is a HEIC photo. Export or share it as JPEG and attach that.",
    gif: "Carefold does not read GIF images. Save it as PNG or JPEG and attach that.",
    zip64: "This Word file uses a large-archive layout Carefold does not read. Save it again as .docx or PDF.",
    executable: "This is a program, not a document, so Carefold did not open it.",
  },
  es: {
    legacy_doc: "Este es un archivo de Word antiguo (.doc). Guárdelo como .docx o PDF y adjunte ese archivo.",
    zip: "Este es un archivo comprimido ZIP, no un documento de Word. Descomprímalo y adjunte los archivos que contiene.",
    heic: "Esta es una foto HEIC. Expórtela o compártala como JPEG y adjunte esa versión.",
    gif: "Carefold no lee imágenes GIF. Guarde la imagen como PNG o JPEG y adjunte esa versión.",
    zip64: "Este archivo de Word usa un formato de archivo comprimido grande que Carefold no lee. Vuelva a guardarlo como .docx o PDF.",
    executable: "Esto es un programa, no un documento, así que Carefold no lo abrió.",
  },
};

export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function seconds(s: number, language: Language = "en"): string {
  const shown = s >= 10 ? String(Math.round(s)) : String(Math.round(s * 10) / 10);
  if (language === "es") return `${shown} ${shown === "1" ? "segundo" : "segundos"}`;
  return `${shown} ${shown === "1" ? "second" : "seconds"}`;
}

function english(code: DocumentErrorCode, p: DocumentErrorParams): string {
  switch (code) {
    case "unsupported":
      return UNSUPPORTED_REASONS.en[String(p.reason)] ?? `Carefold cannot read this kind of file. It reads ${READABLE.en}.`;
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

const paginas = (n: number | string) => `${n} ${Number(n) === 1 ? "página" : "páginas"}`;

function spanish(code: DocumentErrorCode, p: DocumentErrorParams): string {
  switch (code) {
    case "unsupported":
      return UNSUPPORTED_REASONS.es[String(p.reason)] ?? `Carefold no puede leer este tipo de archivo. Lee ${READABLE.es}.`;
    case "too_large":
      if (p.reason === "memory") {
        return "Este archivo necesita más memoria de la que Carefold permite para leerlo. Pruebe con un archivo más pequeño o más sencillo.";
      }
      return p.pixels !== undefined
        ? `Esta imagen es demasiado grande para leerla (${p.pixels} píxeles; el límite es ${p.maxPixels}). Adjunte una foto más pequeña.`
        : `Este archivo ocupa ${mib(Number(p.bytes))}; Carefold lee archivos de hasta ${mib(Number(p.maxBytes))}.`;
    case "too_many_pages":
      return `Este PDF tiene ${paginas(p.pages!)}; Carefold lee documentos de hasta ${paginas(p.maxPages!)}. Divídalo y adjunte las partes que necesite.`;
    case "encrypted":
      return "Este PDF está protegido con contraseña. Ábralo, guarde una copia sin protección y adjunte esa copia.";
    case "damaged":
      return "Este archivo parece estar dañado o incompleto, así que Carefold no pudo leerlo. Intente descargarlo o exportarlo de nuevo.";
    case "zip_bomb":
      return "Este archivo de Word se expande a muchos más datos de los que debería tener un documento, así que Carefold no lo abrió.";
    case "no_text":
      return "Carefold no encontró texto en este archivo. Si es una foto o un documento escaneado, pruebe con una imagen más nítida y bien iluminada.";
    case "cancelled":
      return "Se canceló la lectura del archivo.";
    case "timeout":
      return `La lectura de este archivo tardó más de ${seconds(Number(p.seconds), "es")}, así que Carefold la detuvo.`;
  }
}

/** The error's sentence in `language`; English is exactly `DocumentError.message`. */
export function documentErrorText(error: { code: DocumentErrorCode; params: DocumentErrorParams }, language: "en" | "es"): string {
  return language === "es" ? spanish(error.code, error.params) : english(error.code, error.params);
}

export class DocumentError extends Error {
  override readonly name = "DocumentError";
  readonly code: DocumentErrorCode;
  readonly params: DocumentErrorParams;

  constructor(code: DocumentErrorCode, params: DocumentErrorParams = {}, options?: { cause?: unknown }) {
    super(documentErrorText({ code, params }, "en"), options);
    this.code = code;
    this.params = params;
  }
}

export function isDocumentError(e: unknown): e is DocumentError {
  return e instanceof DocumentError;
}
