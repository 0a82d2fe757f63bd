/** A photo or scan: its header is checked against the pixel limit, then tesseract reads it. */
import { Failure } from "./failure";
import { imageInfo } from "./imageInfo";
import type { Ocr } from "./ocr";
import { page } from "./pageText";
import type { Report } from "./pdfReader";
import type { WorkerJob, WorkerNotice, WorkerOutput } from "./protocol";

export async function readImage(job: WorkerJob, report: Report, ocrFor: () => Promise<Ocr>): Promise<WorkerOutput> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const info = imageInfo(bytes, job.imageFormat ?? "png");
  if (!info || !info.width || !info.height) throw new Failure("damaged", {}, "no image dimensions in the header");
  const pixels = info.width * info.height;
  if (pixels > job.limits.maxImagePixels) throw new Failure("too_large", { pixels, maxPixels: job.limits.maxImagePixels });
  report({ page: 1, pages: 1, stage: "ocr" });
  const text = await (await ocrFor()).recognize(bytes);
  const notices: WorkerNotice[] = info.multiPage ? [{ code: "tiff_first_page", params: {} }] : [];
  return { pages: [page(1, text, true)], pagesTotal: 1, notices };
}
