/**
 * Bad files and limits → one clear DocumentError each, and nothing written anywhere; cancel and the
 * time limit stop the worker.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { DocumentError, ingestDocument, type DocumentErrorCode } from "../../../src/engine/documents";
import { guardZip } from "../../../src/engine/documents/worker/zipGuard";
import { DEFAULT_LIMITS } from "../../../src/engine/documents/types";
import {
  docx,
  encryptedPdf,
  imageOnlyPdf,
  LAB_REPORT,
  lyingZipBombDocx,
  manyPagePdf,
  renderTextPng,
  textPdf,
  truncatedPdf,
  zipBombDocx,
} from "../../support/documentFixtures";

async function failure(run: Promise<unknown>): Promise<DocumentError> {
  try {
    await run;
  } catch (e) {
    if (e instanceof DocumentError) return e;
    throw e;
  }
  throw new Error("it was read");
}

async function expectCode(run: Promise<unknown>, code: DocumentErrorCode, message: RegExp): Promise<DocumentError> {
  const e = await failure(run);
  expect(e.code).toBe(code);
  expect(e.message).toMatch(message);
  return e;
}

const ocrTemps = () => readdirSync(tmpdir()).filter((f) => f.startsWith("carefold-ocr-")).length;
const tempsBefore = ocrTemps();

describe("bad files → clear errors", () => {
  it("refuses an encrypted PDF", async () => {
    await expectCode(ingestDocument(await encryptedPdf(), "locked.pdf"), "encrypted", /protected with a password/);
  });

  it("refuses a truncated PDF as damaged", async () => {
    await expectCode(ingestDocument(await truncatedPdf(), "cut.pdf"), "damaged", /damaged or incomplete/);
  });

  it("refuses a zip bomb by its declared sizes, and one that lies about them by inflating with a cap", async () => {
    await expectCode(ingestDocument(zipBombDocx(), "bomb.docx"), "zip_bomb", /expands to far more data/);
    await expectCode(ingestDocument(lyingZipBombDocx(), "liar.docx"), "zip_bomb", /expands to far more data/);
  });

  it("the zip guard also limits the member count and the total size", () => {
    const many = docx(["x"], Array.from({ length: 30 }, (_, i) => ({ name: `word/m${i}.xml`, data: "<a/>" })));
    expect(() => guardZip(many, { ...DEFAULT_LIMITS, maxZipEntries: 10 })).toThrow(expect.objectContaining({ code: "zip_bomb" }));
    const big = docx(["x"], [{ name: "word/big.xml", data: randomBytes(200_000).toString("hex") }]);
    expect(() => guardZip(big, { ...DEFAULT_LIMITS, maxZipUncompressedBytes: 100_000 })).toThrow(expect.objectContaining({ code: "zip_bomb" }));
    expect(() => guardZip(docx(), DEFAULT_LIMITS)).not.toThrow();
  });

  it("reads by content, not by name: a PDF named .txt is read, a program named .pdf is refused", async () => {
    const pdf = await ingestDocument(await textPdf(LAB_REPORT), "notes.txt");
    expect(pdf.kind).toBe("pdf");
    expect(pdf.notices[0]!.message).toBe("The file's name says plain text, but it is a PDF, and was read as such.");
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), randomBytes(1000)]);
    await expectCode(ingestDocument(exe, "lab-report.pdf"), "unsupported", /a program, not a document/);
    await expectCode(ingestDocument(randomBytes(8192), "scan.png"), "unsupported", /cannot read this kind of file/);
  });

  it("says no_text for an empty file, a blank text file and a blank photo", async () => {
    await expectCode(ingestDocument(Buffer.alloc(0), "empty.txt"), "no_text", /found no text/);
    await expectCode(ingestDocument(Buffer.from("  \n\n "), "blank.md"), "no_text", /found no text/);
    await expectCode(ingestDocument(await renderTextPng([" "]), "blank.png"), "no_text", /found no text/);
  });

  it("refuses an image whose header declares more pixels than the limit, before decoding it", async () => {
    const png = await renderTextPng(["x"]);
    await expectCode(ingestDocument(png, "huge.png", { limits: { maxImagePixels: 1000 } }), "too_large", /image is too large/);
  });
});

describe("limits", () => {
  it("refuses a file over the size limit before reading it", async () => {
    const e = await expectCode(ingestDocument(Buffer.alloc(DEFAULT_LIMITS.maxBytes + 1, 0x20), "big.txt"), "too_large", /Carefold reads files up to 20\.0 MB/);
    expect(e.params).toEqual({ bytes: DEFAULT_LIMITS.maxBytes + 1, maxBytes: DEFAULT_LIMITS.maxBytes });
  });

  it("refuses a PDF with more pages than the page limit", async () => {
    await expectCode(ingestDocument(await manyPagePdf(12), "long.pdf", { limits: { maxPages: 10 } }), "too_many_pages", /has 12 pages; Carefold reads documents of up to 10 pages/);
  });

  it("rejects nonsense limits", async () => {
    await expect(ingestDocument(Buffer.from("x"), "a.txt", { limits: { maxPages: -1 } })).rejects.toThrow(/Invalid document limit maxPages/);
  });
});

describe("cancel and time limit", () => {
  it("cancels during OCR: the worker is terminated and the call rejects with cancelled", async () => {
    const controller = new AbortController();
    const scanned = await imageOnlyPdf([await renderTextPng()]);
    let abortedAt = 0;
    const run = ingestDocument(scanned, "scan.pdf", {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === "ocr") {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    await expectCode(run, "cancelled", /cancelled/);
    expect(Date.now() - abortedAt).toBeLessThan(1000);
  });

  it("an already aborted signal reads nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    await expectCode(ingestDocument(Buffer.from("hello"), "a.txt", { signal: controller.signal }), "cancelled", /cancelled/);
  });

  it("stops at the time limit", async () => {
    await expectCode(ingestDocument(await renderTextPng(), "slow.png", { limits: { timeMs: 200 } }), "timeout", /took longer than 0\.2 seconds/);
  });

  it("wrote nothing: no temporary OCR folder is left behind", () => {
    expect(ocrTemps()).toBe(tempsBefore);
  });
});
