/** DOCX: the zip is checked first (zipGuard), then mammoth reads the document's raw text. */
import type { WorkerJob, WorkerOutput } from "./protocol";
import { Failure } from "./failure";
import { page } from "./pageText";
import { guardZip } from "./zipGuard";

export async function readDocx(job: WorkerJob): Promise<WorkerOutput> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  guardZip(bytes, job.limits);
  const mammoth = (await import("mammoth")).default;
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch (e) {
    throw new Failure("damaged", {}, `mammoth: ${String(e)}`);
  }
  // A Word file has no fixed pages; it is one page for citations ("visit-summary.docx p.1").
  return { pages: [page(1, text, false)], pagesTotal: 1, notices: [] };
}
