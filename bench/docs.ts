/**
 * Documents benchmark (`npm run bench:docs`): pages per second through ingestDocument (worker start
 * included, as a user waits for it) for text PDFs and for OCR of scanned pages, the process's peak
 * memory (RSS, worker threads and tesseract's WebAssembly included), and the accuracy on the test
 * fixtures. Prints one JSON object. Fixtures are generated here, nothing is read from disk.
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { ingestDocument, type IngestResult } from "../src/engine/documents";
import {
  BP_LOG,
  characterAccuracy,
  imageOnlyPdf,
  LAB_REPORT,
  manyPagePdf,
  OCR_LINES,
  renderTextPng,
  textPdf,
  valuesFound,
} from "../test/support/documentFixtures";

const TEXT_PAGES = 200;
const TEXT_ROUNDS = 3;
const OCR_PAGES = 3;
/** A scanned page as people have them: a lab report and a BP log, 20 lines of 28 px text (~150 dpi). */
const SCAN_LINES = [...LAB_REPORT.flatMap((p) => p.lines), ...BP_LOG.flatMap((p) => p.lines)];

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: () => Promise<IngestResult>): Promise<{ ms: number; result: IngestResult }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

const loadBefore = loadavg();

// Text layer: one long PDF, a few rounds (the first also pays for loading pdf.js from disk).
const longPdf = await manyPagePdf(TEXT_PAGES);
const textRuns: number[] = [];
for (let i = 0; i < TEXT_ROUNDS; i++) textRuns.push((await timed(() => ingestDocument(longPdf, "long.pdf", { limits: { maxPages: TEXT_PAGES } }))).ms);
const labTimed = await timed(async () => ingestDocument(await textPdf(LAB_REPORT), "lab.pdf"));
const lab = valuesFound(LAB_REPORT, labTimed.result.pages.map((p) => p.text));
const bpResult = await ingestDocument(await textPdf(BP_LOG), "bp.pdf");
const bp = valuesFound(BP_LOG, bpResult.pages.map((p) => p.text));

// OCR: a scanned PDF of full pages (one tesseract start, then page after page), and one photo.
const scanPage = await renderTextPng(SCAN_LINES, { fontSize: 28 });
const scanned = await imageOnlyPdf(Array.from({ length: OCR_PAGES }, () => scanPage));
const ocrRun = await timed(() => ingestDocument(scanned, "scan.pdf", { limits: { maxOcrPages: OCR_PAGES } }));
const scanAccuracy = ocrRun.result.pages.map((p) => characterAccuracy(SCAN_LINES.join("\n"), p.text));
const expected = OCR_LINES.join("\n");
const photo = await timed(async () => ingestDocument(await renderTextPng(OCR_LINES, { fontSize: 24, noise: 40 }), "photo.png"));
const noisier = await ingestDocument(await renderTextPng(OCR_LINES, { fontSize: 24, noise: 50 }), "photo.png").catch((e: Error) => e);

const text = median(textRuns);
console.log(
  JSON.stringify(
    {
      machine: {
        node: process.version,
        cpus: availableParallelism(),
        cpu: cpus()[0]?.model ?? "unknown",
        loadAverage1m: { before: round2(loadBefore[0]!), after: round2(loadavg()[0]!) },
      },
      textPdf: {
        pages: TEXT_PAGES,
        rounds: TEXT_ROUNDS,
        medianMs: Math.round(text),
        pagesPerSecond: round2(TEXT_PAGES / (text / 1000)),
        smallPdfMs: Math.round(labTimed.ms),
      },
      ocr: {
        scannedPdf: {
          pages: OCR_PAGES,
          ms: Math.round(ocrRun.ms),
          pagesPerSecond: round2(OCR_PAGES / (ocrRun.ms / 1000)),
          imagePixels: `${scanPage.readUInt32BE(16)}x${scanPage.readUInt32BE(20)}, ${SCAN_LINES.length} lines of 28 px text`,
          meanCharacterAccuracy: round3(scanAccuracy.reduce((s, a) => s + a, 0) / scanAccuracy.length),
        },
        photoPng: {
          ms: Math.round(photo.ms),
          characterAccuracy: round3(characterAccuracy(expected, photo.result.pages[0]!.text)),
          what: "grey paper, +/-40 pixel noise, 24 px text",
        },
        noisierPhotoPng: {
          characterAccuracy: noisier instanceof Error ? 0 : round3(characterAccuracy(expected, noisier.pages[0]!.text)),
          what: "+/-50 pixel noise: where tesseract's binarisation gives out",
        },
      },
      extractionAccuracy: {
        labReport: { found: lab.found, total: lab.total },
        bpLog: { found: bp.found, total: bp.total },
      },
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
    null,
    2,
  ),
);
