/**
 * What reading an attachment produced, as stored beside it: `document.json` (pages, table, notices, the
 * structured data) for the attachment view, and `extracted.txt` (page texts separated by form feeds) for
 * the model's context. Both are written atomically once reading is done, and read only when they really
 * live in the attachment's folder.
 */
import { join } from "node:path";
import type { DocumentPage, StructuredData } from "../../shared/contract";
import type { IngestResult } from "../documents";
import { lexists, NotContainedError } from "../storage/containedFile";
import { FileSealer } from "../storage/sealedFile";

/** A "page" of plain text for honest truncation reporting (roughly one printed page). */
export const TEXT_PAGE_CHARS = 3000;
/** How many pages of one attachment are read into a consult's context (small local models). */
export const MAX_CONTEXT_PAGES = 4;

const PAGE_BREAK = "\f";

export interface StoredDocument {
  kind: string;
  pages: DocumentPage[];
  table: { columns: string[]; rows: string[][] } | null;
  /** English sentences and their codes, for the user's language at read time. */
  notices: { code: string; message: string; params: Record<string, string | number> }[];
  structured: StructuredData | null;
}

const PAGED = new Set(["pdf", "image"]);

/**
 * Pages as the app counts them: a PDF's or a scan's own pages; any other kind cut into pages of
 * TEXT_PAGE_CHARS at line breaks where it can, so "read 4 of 12 pages" means the same everywhere.
 */
export function documentPages(result: IngestResult): DocumentPage[] {
  if (PAGED.has(result.kind)) return result.pages.map(({ n, text, ocr, empty, read }) => ({ n, text, ocr, empty, read }));
  const text = result.pages.map((p) => p.text).join("\n");
  const pages: DocumentPage[] = [];
  let rest = text;
  while (rest.length > 0 || pages.length === 0) {
    let cut = rest.length <= TEXT_PAGE_CHARS ? rest.length : rest.lastIndexOf("\n", TEXT_PAGE_CHARS);
    if (cut < TEXT_PAGE_CHARS / 2) cut = Math.min(rest.length, TEXT_PAGE_CHARS);
    const chunk = rest.slice(0, cut);
    pages.push({ n: pages.length + 1, text: chunk, ocr: false, empty: chunk.trim() === "", read: true });
    rest = rest.slice(cut).replace(/^\n/, "");
    if (rest.length === 0) break;
  }
  return pages;
}

/** Both files hold the document's text: sealed with the data key like the attachment itself. */
export function writeDocument(folder: string, doc: StoredDocument, files: FileSealer = new FileSealer(folder, null)): void {
  files.write(join(folder, "document.json"), JSON.stringify(doc));
  files.write(join(folder, "extracted.txt"), doc.pages.map((p) => (p.read ? p.text : "")).join(PAGE_BREAK));
}

function readInside(root: string, file: string, files: FileSealer): string | null {
  if (!lexists(file)) return null;
  try {
    return files.readContainedText(root, file);
  } catch (err) {
    if (err instanceof NotContainedError) return null;
    throw err;
  }
}

export function readDocument(root: string, id: string, files: FileSealer = new FileSealer(root, null)): StoredDocument | null {
  const text = readInside(root, join(root, id, "document.json"), files);
  if (text === null) return null;
  try {
    return JSON.parse(text) as StoredDocument;
  } catch {
    return null;
  }
}

/**
 * The text a consult reads of an attachment: its first MAX_CONTEXT_PAGES pages, each headed with its
 * citation ("[lab-report.pdf p.2]") so the model can say where a value came from.
 */
export function contextTextOf(root: string, id: string, name: string, files: FileSealer = new FileSealer(root, null)): string | null {
  const text = readInside(root, join(root, id, "extracted.txt"), files);
  if (text === null) return null;
  const pages = text.split(PAGE_BREAK);
  if (pages.length === 1) return text.slice(0, MAX_CONTEXT_PAGES * TEXT_PAGE_CHARS);
  return pages
    .slice(0, MAX_CONTEXT_PAGES)
    .map((page, i) => `[${name} p.${i + 1}]\n${page.slice(0, TEXT_PAGE_CHARS * 2)}`)
    .join("\n\n");
}
