/**
 * The parsing worker (worker_threads): reads one file described by workerData and posts progress,
 * then one result or one error. Runs PDF parsing, OCR and the other parsers off the engine's event
 * loop; the engine terminates it to cancel. It writes nothing (OCR language data aside, see ocr.ts).
 */
import "./polyfills";
import { parentPort, workerData } from "node:worker_threads";
import type { IngestProgress } from "../types";
import { readDocx } from "./docxReader";
import { Failure } from "./failure";
import { readImage } from "./imageReader";
import { openOcr, type Ocr } from "./ocr";
import { applyTextLimits } from "./pageText";
import { readPdf } from "./pdfReader";
import type { WorkerJob, WorkerMessage, WorkerOutput } from "./protocol";
import { readTable } from "./tableReader";
import { readText } from "./textReader";

function post(message: WorkerMessage): void {
  parentPort?.postMessage(message);
}

async function read(job: WorkerJob): Promise<WorkerOutput> {
  let ocr: Promise<Ocr> | null = null;
  // OCR starts (about a second) only when a page or an image needs it.
  const ocrFor = () => (ocr ??= openOcr(job.ocr.languages, job.ocr.cacheDir));
  const report = (progress: IngestProgress) => post({ type: "progress", progress });
  try {
    switch (job.kind) {
      case "pdf":
        return await readPdf(job, report, ocrFor);
      case "image":
        return await readImage(job, report, ocrFor);
      case "docx":
        return await readDocx(job);
      case "csv":
      case "tsv":
        return await readTable(job);
      default:
        return await readText(job);
    }
  } finally {
    if (ocr) await (ocr as Promise<Ocr>).then((o) => o.close(), () => undefined);
  }
}

async function main(): Promise<void> {
  const job = workerData as WorkerJob;
  try {
    const output = await read(job);
    output.notices.push(...applyTextLimits(output.pages, job.limits));
    post({ type: "result", output });
  } catch (e) {
    if (e instanceof Failure) post({ type: "error", code: e.code, params: e.params, detail: e.message });
    else post({ type: "error", code: "damaged", params: {}, detail: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
}

void main();
