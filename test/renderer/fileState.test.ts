/**
 * What the app says about a file's reading (issue 15, item 3): the page being read (OCR said so), how
 * much was read, OCR, the structured data found, and a file that could not be read said plainly not to
 * be read with the question — never "sent with your next question" as if it were.
 */
import { describe, expect, it } from "vitest";
import { fileState, hasTrend, shortStateKey } from "../../src/renderer/lib/attachmentState";
import { attachment } from "./fixtures/documents";

describe("a file's reading state", () => {
  it("says which page is being read, and when the scan is being read by OCR", () => {
    const a = attachment({ status: "reading", pagesRead: null, pagesTotal: null });
    expect(fileState(a)).toEqual({ tone: "reading", lines: [{ key: "files.reading" }] });
    expect(fileState(a, { page: 3, pages: 12, stage: "text" }).lines[0]).toEqual({ key: "files.readingPage", params: { page: 3, pages: 12 } });
    expect(fileState(a, { page: 2, pages: 3, stage: "ocr" }).lines[0]).toEqual({ key: "files.readingScan", params: { page: 2, pages: 3 } });
    // Page 0 of 12 (started) reads as page 1; a page past the end as the last.
    expect(fileState(a, { page: 0, pages: 12, stage: "text" }).lines[0]!.params).toEqual({ page: 1, pages: 12 });
    expect(fileState(a, { page: 14, pages: 12, stage: "text" }).lines[0]!.params).toEqual({ page: 12, pages: 12 });
    // In the composer: the answer waits for it.
    expect(fileState(a, null, true).lines.map((l) => l.key)).toEqual(["files.reading", "files.waitsForReading"]);
  });

  it("says how much was read, with OCR, and what was found", () => {
    expect(fileState(attachment({ pagesRead: 2, pagesTotal: 2 }))).toEqual({ tone: "read", lines: [{ key: "attachments.readAll", params: { count: 2 } }] });
    expect(fileState(attachment({ pagesRead: 4, pagesTotal: 12 }))).toEqual({ tone: "partial", lines: [{ key: "attachments.readSome", params: { read: 4, total: 12 } }] });
    const scan = fileState(attachment({ pagesRead: 3, pagesTotal: 3, ocrPages: 3, structured: "bp_log" }));
    expect(scan.lines.map((l) => l.key)).toEqual(["attachments.readAll", "files.readWithOcr", "files.found.bp_log"]);
    expect(scan.lines[1]!.params).toEqual({ count: 3 });
  });

  it("says plainly that a file that could not be read will not be read with the question", () => {
    const bad = attachment({ status: "failed", pagesRead: null, pagesTotal: null, problem: "the PDF is password-protected." });
    expect(fileState(bad, null, true)).toEqual({
      tone: "failed",
      lines: [{ key: "files.couldNotRead", params: { problem: "the PDF is password-protected." } }, { key: "files.willNotBeRead" }],
    });
    expect(fileState(attachment({ status: "failed", problem: null })).lines).toEqual([{ key: "files.couldNotReadPlain" }]);
    // A problem on a file marked ready is still a problem.
    expect(fileState(attachment({ problem: "no text" })).tone).toBe("failed");
    expect(shortStateKey(bad)).toBe("files.short.failed");
  });

  it("draws trends for blood-pressure and glucose logs only", () => {
    expect(hasTrend({ structured: "bp_log" })).toBe(true);
    expect(hasTrend({ structured: "glucose_log" })).toBe(true);
    expect(hasTrend({ structured: "medication_list" })).toBe(false);
    expect(hasTrend({ structured: null })).toBe(false);
  });
});
