import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DocumentError, sniff } from "../../../src/engine/documents";
import { CSV_LOG, docx, renderTextPng, textPdf, LAB_REPORT, TSV_LOG, zip } from "../../support/documentFixtures";

function refusal(bytes: Uint8Array, name: string): DocumentError {
  try {
    sniff(bytes, name);
  } catch (e) {
    if (e instanceof DocumentError) return e;
    throw e;
  }
  throw new Error(`${name} was accepted`);
}

describe("content sniffing (the extension is never trusted)", () => {
  it("reads a PDF named .txt as a PDF and says what the name claimed", async () => {
    const s = sniff(await textPdf(LAB_REPORT), "notes.txt");
    expect(s).toMatchObject({ kind: "pdf", claimed: "text" });
  });

  it("recognises images by signature whatever they are called", async () => {
    expect(sniff(await renderTextPng(["x"]), "scan.pdf")).toMatchObject({ kind: "image", imageFormat: "png", claimed: "pdf" });
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), "a.jpg").imageFormat).toBe("jpeg");
    expect(sniff(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), "a").imageFormat).toBe("webp");
    expect(sniff(Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), "a").imageFormat).toBe("tiff");
  });

  it("refuses a program named .pdf, random bytes, GIF, HEIC, old .doc and a plain zip, each with its reason", () => {
    const exe = Buffer.concat([Buffer.from("MZ"), randomBytes(200)]);
    expect(refusal(exe, "lab-report.pdf")).toMatchObject({ code: "unsupported", params: { reason: "executable" } });
    expect(refusal(randomBytes(4096), "photo.jpg").code).toBe("unsupported");
    expect(refusal(Buffer.from("GIF89a......"), "a.gif").params.reason).toBe("gif");
    expect(refusal(Buffer.from("\x00\x00\x00\x18ftypheic\x00\x00", "latin1"), "IMG_1.HEIC").params.reason).toBe("heic");
    expect(refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), "old.doc").params.reason).toBe("legacy_doc");
    expect(refusal(zip([{ name: "a.txt", data: "hi" }]), "records.docx").params.reason).toBe("zip");
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "broken.docx").code).toBe("damaged");
  });

  it("recognises DOCX by its word/document.xml member, not by name", () => {
    expect(sniff(docx(), "medications.bin").kind).toBe("docx");
  });

  it("tells text kinds apart from the content, and lets the extension choose between text kinds", () => {
    expect(sniff(Buffer.from(CSV_LOG), "bp").kind).toBe("csv");
    expect(sniff(Buffer.from(TSV_LOG), "glucose").kind).toBe("tsv");
    expect(sniff(Buffer.from("fecha;sistolica;diastolica\n2024-03-04;128;82\n"), "bp").kind).toBe("csv");
    expect(sniff(Buffer.from('{"readings": [1, 2]}'), "data").kind).toBe("json");
    expect(sniff(Buffer.from("<!doctype html><html><body><p>Hi</p></body></html>"), "page").kind).toBe("html");
    expect(sniff(Buffer.from("# Visit notes\n\n- ask about dizziness\n"), "notes").kind).toBe("markdown");
    expect(sniff(Buffer.from("Just a note about the visit."), "n").kind).toBe("text");
    expect(sniff(Buffer.from("Just a note, with a comma."), "log.csv").kind).toBe("csv");
    expect(sniff(Buffer.from(CSV_LOG), "bp.txt").kind).toBe("text");
  });

  it("decodes UTF-16 with a byte-order mark and falls back to Windows-1252 for old exports", () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Presión 128/82", "utf16le")]);
    expect(sniff(utf16, "bp.txt")).toMatchObject({ kind: "text", encoding: "utf-16le" });
    expect(sniff(Buffer.from("Presi\xf3n;128;82\nPresi\xf3n;131;84\n", "latin1"), "bp.csv")).toMatchObject({ kind: "csv", encoding: "windows-1252" });
  });
});
