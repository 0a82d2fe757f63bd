/** Unified-diff parsing for the approval dialog, checked against diffs made by the `diff` package. */
import { createTwoFilesPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff, summarizeDiff } from "../../src/renderer/lib/diff";

describe("parseUnifiedDiff", () => {
  it("labels headers, hunks, additions, removals and context with line numbers", () => {
    const diff = createTwoFilesPatch("visit.md", "visit.md", "# Visit\n- Old item\n- Keep\n", "# Visit\n- New item\n- Keep\n- Added\n");
    const lines = parseUnifiedDiff(diff);
    expect(lines.filter((l) => l.kind === "file").map((l) => l.text)).toEqual(expect.arrayContaining(["--- visit.md", "+++ visit.md"]));
    const body = lines.filter((l) => l.kind !== "file" && l.kind !== "hunk");
    expect(body.map((l) => [l.kind, l.text, l.oldLine, l.newLine])).toEqual([
      ["context", "# Visit", 1, 1],
      ["remove", "- Old item", 2, null],
      ["add", "- New item", null, 2],
      ["context", "- Keep", 3, 3],
      ["add", "- Added", null, 4],
    ]);
    expect(summarizeDiff(lines)).toEqual({ added: 2, removed: 1 });
  });

  it("never mistakes a removed line starting with dashes for a file header", () => {
    const diff = "--- a.md\n+++ a.md\n@@ -1,2 +1,1 @@\n--- not a header\n ok\n";
    const lines = parseUnifiedDiff(diff);
    expect(lines.map((l) => l.kind)).toEqual(["file", "file", "hunk", "remove", "context"]);
    expect(lines[3]!.text).toBe("-- not a header");
  });

  it("keeps 'no newline at end of file' as a note, and handles a new file", () => {
    const diff = createTwoFilesPatch("n.md", "n.md", "", "only line");
    const lines = parseUnifiedDiff(diff);
    expect(lines.filter((l) => l.kind === "add").map((l) => l.text)).toEqual(["only line"]);
    expect(lines.some((l) => l.kind === "note" && l.text.includes("No newline"))).toBe(true);
  });

  it("rebuilds both versions from any diff (property)", () => {
    const line = fc.stringMatching(/^[a-z -]{0,12}$/);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (before, after) => {
        const oldText = before.map((l) => `${l}\n`).join("");
        const newText = after.map((l) => `${l}\n`).join("");
        const lines = parseUnifiedDiff(createTwoFilesPatch("f", "f", oldText, newText, undefined, undefined, { context: 1000 }));
        const rebuiltOld = lines.filter((l) => l.kind === "context" || l.kind === "remove").map((l) => l.text);
        const rebuiltNew = lines.filter((l) => l.kind === "context" || l.kind === "add").map((l) => l.text);
        if (oldText !== newText) {
          expect(rebuiltOld).toEqual(before);
          expect(rebuiltNew).toEqual(after);
        }
        expect(summarizeDiff(lines).added).toBe(lines.filter((l) => l.kind === "add").length);
      }),
      { numRuns: 200 },
    );
  });
});
