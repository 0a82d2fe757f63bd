import { describe, expect, it } from "vitest";
import { blocks, headings, normalizeTitle, referenceMentions, section, wordCount } from "../../src/engine/content/markdown";

describe("markdown helpers", () => {
  it("finds headings outside code fences only", () => {
    const text = "# A\n\n```\n## not a heading\n```\n\n## B ##\n";
    expect(headings(text).map((h) => [h.level, h.title])).toEqual([
      [1, "A"],
      [2, "B"],
    ]);
  });

  it("returns a section up to the next heading of level 2 or higher", () => {
    const text = "# T\n## One\nx\n### Sub\ny\n## Two\nz\n";
    expect(section(text, "one")).toBe("x\n### Sub\ny");
    expect(section(text, "Three")).toBeNull();
  });

  it("normalizes titles: case, dashes, emphasis, trailing colon", () => {
    expect(normalizeTitle("**Choose the top 3-5 questions:**")).toBe(normalizeTitle("Choose the top 3–5 questions"));
  });

  it("joins wrapped list lines and splits paragraphs at blank lines", () => {
    const items = blocks("- one\n  more\n- two\n\npara\ntext\n\n1. **Step** go\n");
    expect(items).toEqual([
      { marker: "-", text: "one more", indent: 0 },
      { marker: "-", text: "two", indent: 0 },
      { marker: "", text: "para text", indent: 0 },
      { marker: "1", text: "**Step** go", indent: 0 },
    ]);
  });

  it("extracts references/ mentions without trailing punctuation", () => {
    expect(referenceMentions("See `references/a-b.md`, then references/c.md. Not references/ alone.").sort()).toEqual(["a-b.md", "c.md"]);
  });

  it("counts words, not headings or bare punctuation", () => {
    expect(wordCount("## Heading words\n\nOne two — three.\n")).toBe(3);
  });
});
