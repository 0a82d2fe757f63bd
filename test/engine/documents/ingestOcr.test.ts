/**
 * OCR of a photographed log and of a scanned (image-only) PDF, offline: the parsing worker and
 * tesseract's own worker run with a network tripwire, and nothing is written outside the cache folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { ingestDocument, type IngestProgress } from "../../../src/engine/documents";
import { characterAccuracy, imageOnlyPdf, OCR_LINES, renderTextPng, textPdf } from "../../support/documentFixtures";
import { tempDir } from "../../support/tempDir";

const TRIPWIRE = fileURLToPath(new URL("./noNetwork.mjs", import.meta.url));
const offline = { workerExecArgv: ["--import", pathToFileURL(TRIPWIRE).href] };
/**
 * Measured 1.000 with DejaVu Sans, clean at 32 px and as a grey, noisy "photo" (±40 noise, 24 px);
 * tesseract's binarisation breaks down near ±50 (0.10). The floor leaves room for another font.
 */
const OCR_FLOOR = 0.9;

const ocrTemps = () => readdirSync(tmpdir()).filter((f) => f.startsWith("carefold-ocr-")).length;
const tempsBefore = ocrTemps();
const cache = tempDir("carefold-test-ocrcache-");
afterAll(() => cache.cleanup());

describe("OCR (offline)", () => {
  it("the tripwire really stops network use in the worker and in workers it starts", async () => {
    const probe = new URL("data:text/javascript," + encodeURIComponent(`
      import { parentPort } from "node:worker_threads";
      try { await fetch("http://127.0.0.1:9/"); parentPort.postMessage("reached"); } catch (e) { parentPort.postMessage(String(e.message)); }`));
    const worker = new Worker(probe, { execArgv: offline.workerExecArgv });
    const message = await new Promise((resolve) => worker.once("message", resolve));
    await worker.terminate();
    expect(message).toMatch(/network use during document ingestion: fetch/);
  });

  it("reads a grey, noisy PNG of rendered text with high character accuracy", async () => {
    const progress: IngestProgress[] = [];
    const photo = await renderTextPng(OCR_LINES, { fontSize: 24, noise: 40 });
    const result = await ingestDocument(photo, "bp-photo.png", { ...offline, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ kind: "image", pagesTotal: 1, pagesRead: 1 });
    expect(result.pages[0]!.ocr).toBe(true);
    const accuracy = characterAccuracy(OCR_LINES.join("\n"), result.pages[0]!.text);
    console.log(`OCR character accuracy (noisy PNG): ${accuracy.toFixed(3)}`);
    expect(accuracy).toBeGreaterThanOrEqual(OCR_FLOOR);
    expect(progress).toEqual([{ page: 1, pages: 1, stage: "ocr" }]);
    expect(result.notices.map((n) => n.message)).toContain("Page 1 was read with text recognition (OCR); check numbers against the original.");
  });

  it("OCRs the scanned pages of a PDF (RGB and 1-bit fax-style) up to the OCR page limit, listing the rest as not read", async () => {
    const png = await renderTextPng();
    const progress: IngestProgress[] = [];
    const scanned = await imageOnlyPdf([png, png, png], [2]);
    const result = await ingestDocument(scanned, "scan.pdf", { ...offline, limits: { maxOcrPages: 2 }, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ kind: "pdf", pagesTotal: 3, pagesRead: 2 });
    expect(result.pages.map((p) => [p.n, p.ocr, p.read, p.empty])).toEqual([[1, true, true, false], [2, true, true, false], [3, false, false, false]]);
    expect(result.pages[2]!.text).toBe("");
    for (const p of result.pages.slice(0, 2)) {
      const accuracy = characterAccuracy(OCR_LINES.join("\n"), p.text);
      console.log(`OCR character accuracy (image-only PDF page ${p.n}, ${p.n === 2 ? "1-bit" : "RGB"}): ${accuracy.toFixed(3)}`);
      expect(accuracy).toBeGreaterThanOrEqual(OCR_FLOOR);
    }
    expect(progress).toEqual([
      { page: 1, pages: 3, stage: "text" },
      { page: 2, pages: 3, stage: "text" },
      { page: 3, pages: 3, stage: "text" },
      { page: 1, pages: 3, stage: "ocr" },
      { page: 2, pages: 3, stage: "ocr" },
    ]);
    expect(result.notices.find((n) => n.code === "pages_not_read")!.message).toBe(
      "Read 2 of 3 pages: text recognition (OCR) stops after 2 scanned pages, so page 3 was not read.",
    );
    expect(result.notices.find((n) => n.code === "ocr_used")!.message).toBe("Pages 1–2 were read with text recognition (OCR); check numbers against the original.");
  });

  it("reports a blank page as empty and a PDF with no text at all as no_text", async () => {
    const blank = await textPdf([{ lines: [], values: [] }]);
    await expect(ingestDocument(blank, "blank.pdf", offline)).rejects.toMatchObject({ code: "no_text" });
    const mixed = await textPdf([{ lines: ["Glucose 104 mg/dL"], values: [] }, { lines: [], values: [] }]);
    const result = await ingestDocument(mixed, "mixed.pdf", offline);
    expect(result.pages[1]).toMatchObject({ n: 2, empty: true, read: true });
    expect(result.notices.find((n) => n.code === "empty_pages")!.message).toBe("No text was found on page 2.");
  });

  it("reads English and Spanish together from the given cache folder, writing only the language data there", async () => {
    const png = await renderTextPng(["Presión arterial 128/82", "Tomar con comida"]);
    const result = await ingestDocument(png, "nota.png", { ...offline, ocrLanguages: ["eng", "spa"], ocrCacheDir: cache.dir });
    const accuracy = characterAccuracy("Presión arterial 128/82\nTomar con comida", result.pages[0]!.text);
    console.log(`OCR character accuracy (eng+spa): ${accuracy.toFixed(3)}`);
    expect(accuracy).toBeGreaterThanOrEqual(OCR_FLOOR);
    expect(readdirSync(cache.dir).sort()).toEqual(["eng.traineddata.gz", "spa.traineddata.gz"]);
  });

  it("left no tesseract cache in the working folder and no temporary folder behind", () => {
    expect(existsSync("eng.traineddata")).toBe(false);
    expect(existsSync("spa.traineddata")).toBe(false);
    expect(ocrTemps()).toBe(tempsBefore);
  });
});
