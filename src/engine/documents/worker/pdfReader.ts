/**
 * PDF: the text layer page by page (unpdf's pdf.js build, no canvas), and OCR of the images on
 * pages that have no text layer (scans), up to the OCR page limit; later scanned pages are listed
 * as not read.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "unpdf/pdfjs";
import type { IngestPage, IngestProgress } from "../types";
import { Failure } from "./failure";
import type { Ocr } from "./ocr";
import { notRead, page as readPage } from "./pageText";
import { pageImages } from "./pdfImages";
import type { WorkerJob, WorkerNotice, WorkerOutput } from "./protocol";

/** A page with fewer visible characters than this has no usable text layer. */
const MIN_TEXT_CHARS = 3;

export type Report = (p: IngestProgress) => void;

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocumentProxy } = await import("unpdf");
  try {
    // pdf.js detaches the buffer it is given, so it gets its own copy.
    return await getDocumentProxy(new Uint8Array(bytes), {
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    });
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === "PasswordException") throw new Failure("encrypted", {}, String(e));
    throw new Failure("damaged", {}, String(e));
  }
}

async function textOf(p: PDFPageProxy): Promise<string> {
  const content = await p.getTextContent();
  return (content.items as TextItemLike[])
    .filter((item) => typeof item.str === "string")
    .map((item) => item.str + (item.hasEOL ? "\n" : ""))
    .join("");
}

export async function readPdf(job: WorkerJob, report: Report, ocrFor: () => Promise<Ocr>): Promise<WorkerOutput> {
  const pdf = await open(job.bytes);
  const total = pdf.numPages;
  if (total > job.limits.maxPages) throw new Failure("too_many_pages", { pages: total, maxPages: job.limits.maxPages });
  const { OPS } = await import("unpdf/pdfjs");

  const pages: IngestPage[] = [];
  const scanned: number[] = [];
  const damaged: number[] = [];
  for (let n = 1; n <= total; n++) {
    report({ page: n, pages: total, stage: "text" });
    try {
      const p = await pdf.getPage(n);
      const text = await textOf(p);
      pages.push(readPage(n, text, false));
      if (text.replace(/\s/g, "").length < MIN_TEXT_CHARS) scanned.push(n);
    } catch {
      pages.push(notRead(n));
      damaged.push(n);
    }
  }

  const notices: WorkerNotice[] = [];
  const overLimit: number[] = [];
  let oversized = 0;
  let ocrPages = 0;
  for (const n of scanned) {
    if (ocrPages >= job.limits.maxOcrPages) {
      overLimit.push(n);
      pages[n - 1] = notRead(n);
      continue;
    }
    const images = await pageImages(await pdf.getPage(n), OPS, job.limits.maxImagePixels);
    oversized += images.oversized;
    if (images.pngs.length === 0) continue; // a blank page, or one whose only text was the few characters kept
    ocrPages++;
    report({ page: n, pages: total, stage: "ocr" });
    const ocr = await ocrFor();
    const texts: string[] = [];
    for (const png of images.pngs) texts.push(await ocr.recognize(png));
    const before = pages[n - 1]!.text;
    pages[n - 1] = readPage(n, [before, ...texts].filter(Boolean).join("\n"), true);
  }
  await pdf.loadingTask.destroy();

  if (overLimit.length) notices.push({ code: "pages_not_read", params: { pages: overLimit.join(","), reason: "ocr_limit", limit: job.limits.maxOcrPages } });
  if (damaged.length) notices.push({ code: "pages_not_read", params: { pages: damaged.join(","), reason: "damaged" } });
  if (oversized) notices.push({ code: "images_skipped", params: { images: oversized, maxPixels: job.limits.maxImagePixels } });
  return { pages, pagesTotal: total, notices };
}
