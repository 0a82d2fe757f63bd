/** What the attachments panel says about a file, and how files become base64 for the contract. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readingStatus, sizeProblem, typeKey } from "../../src/renderer/lib/attachmentFiles";
import { bytesToBase64 } from "../../src/renderer/lib/base64";
import { MAX_ATTACHMENT_BYTES, requests } from "../../src/shared/contract";

describe("attachment files", () => {
  it("refuses more than 20 MiB and empty files before reading them", () => {
    expect(sizeProblem({ name: "a.pdf", size: MAX_ATTACHMENT_BYTES })).toBeNull();
    expect(sizeProblem({ name: "a.pdf", size: MAX_ATTACHMENT_BYTES + 1 })).toEqual({ key: "attachments.tooLarge", params: { name: "a.pdf", limit: 20 } });
    expect(sizeProblem({ name: "e.txt", size: 0 })).toEqual({ key: "attachments.empty", params: { name: "e.txt" } });
  });

  it("names the type from the MIME type, else the extension", () => {
    expect(typeKey("application/pdf", "x")).toBe("attachments.type.pdf");
    expect(typeKey("text/markdown", "x.md")).toBe("attachments.type.markdown");
    expect(typeKey("text/plain", "x.txt")).toBe("attachments.type.text");
    expect(typeKey("", "Letter.DOCX")).toBe("attachments.type.word");
    expect(typeKey("", "noext")).toBe("attachments.type.other");
  });

  it("says honestly how much was read", () => {
    expect(readingStatus({ pagesRead: 4, pagesTotal: 40, problem: null })).toEqual({ key: "attachments.readSome", params: { read: 4, total: 40 }, truncated: true, problem: false });
    expect(readingStatus({ pagesRead: 2, pagesTotal: 2, problem: null })).toMatchObject({ key: "attachments.readAll", params: { count: 2 }, truncated: false });
    expect(readingStatus({ pagesRead: null, pagesTotal: null, problem: "Cannot read .pdf yet" })).toMatchObject({ key: "attachments.problem", problem: true });
    expect(readingStatus({ pagesRead: null, pagesTotal: null, problem: null }).key).toBe("attachments.notRead");
  });

  it("encodes bytes exactly like Node, across chunk boundaries, and the contract accepts it", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
        const encoded = bytesToBase64(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString("base64"));
        expect(requests["attachments.add"].input.safeParse({ name: "f.bin", dataBase64: encoded }).success).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
