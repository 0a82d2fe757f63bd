import { describe, expect, it } from "vitest";
import { unwrapMarkdown } from "../../../src/engine/agents/promptText";

describe("unwrapMarkdown", () => {
  it("joins wrapped paragraph and list-item lines, keeps headings, items and blank lines", () => {
    const text = "## ROLE\n\nYou are the Heart\nVisit Guide. You help\npeople.\n\n- one item that\n  wraps here\n- two\n1. first\n2. second\n";
    expect(unwrapMarkdown(text)).toBe("## ROLE\n\nYou are the Heart Visit Guide. You help people.\n\n- one item that wraps here\n- two\n1. first\n2. second");
  });

  it("is idempotent", () => {
    const once = unwrapMarkdown("a\nb\n\n# h\nc\nd");
    expect(unwrapMarkdown(once)).toBe(once);
  });
});
