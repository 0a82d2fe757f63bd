/** Answers render as safe markdown: tables and checklists yes, raw HTML and remote images no. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "../../src/renderer/components/Markdown";

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("Markdown", () => {
  it("renders GitHub-style tables and task lists from the skills' logs", () => {
    const out = html("| Date | BP |\n|---|---|\n| Mon | 128/82 |\n\n- [ ] Bring the log");
    expect(out).toContain("<table>");
    expect(out).toContain("<td>128/82</td>");
    expect(out).toContain('type="checkbox"');
  });

  it("names each checklist box by its item (the label wraps the box and the words)", () => {
    const out = html("- [ ] Bring the log\n- [x] Call the pharmacy\n- plain item");
    expect(out).toMatch(/<li class="task-list-item"><label class="task-label"><input[^>]*type="checkbox"[^>]*\/?> ?Bring the log<\/label><\/li>/);
    expect(out).toContain("<li>plain item</li>");
  });

  it("drops raw HTML and never loads remote images", () => {
    const out = html('<script>alert(1)</script><b onclick="x()">hi</b>\n\n![scan](https://evil.example/x.png)');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("onclick");
    expect(out).not.toContain("<img");
    expect(out).toContain("[scan]");
  });

  it("shows where a link goes, and turns links with personal details or deceptive text into text", () => {
    const out = html(
      "[Medicare appeals](https://www.medicare.gov/claims-appeals) · [Your form](https://forms.example/a?name=Maria&dob=1950-03-02) · [www.medicare.gov](https://evil.example/login) · [run](javascript:alert(1))",
    );
    expect(out).toContain('href="https://www.medicare.gov/claims-appeals"');
    expect(out).toContain("(medicare.gov)");
    expect(out).not.toContain("forms.example");
    expect(out).not.toContain("evil.example");
    expect(out).not.toContain("javascript:");
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).toContain("Your form");
  });
});

