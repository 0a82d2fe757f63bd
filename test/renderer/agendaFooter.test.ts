/** The printed agenda carries the engine's canonical footer once, at the foot of the page. */
import { describe, expect, it } from "vitest";
import { CANONICAL_FOOTER } from "../../src/engine/lifecycle/synthesize";
import { splitFooter } from "../../src/renderer/lib/agendaFooter";
import en from "../../src/renderer/i18n/en.json";
import es from "../../src/renderer/i18n/es.json";

const plain = (footer: string) => footer.replace(/^_|_$/g, "");

describe("agenda footer", () => {
  it("moves the answer's closing footer out of the body, in English and Spanish", () => {
    for (const language of ["en", "es"] as const) {
      const markdown = `# Visit agenda\n\n- Bring the medicine list\n\n${CANONICAL_FOOTER[language]}`;
      expect(splitFooter(markdown)).toEqual({ body: "# Visit agenda\n\n- Bring the medicine list\n", footer: plain(CANONICAL_FOOTER[language]) });
    }
  });

  it("leaves an answer without the footer as it is", () => {
    const markdown = "# Visit agenda\n\n- Ask about Carefold helps you prepare and organize.\n";
    expect(splitFooter(markdown)).toEqual({ body: markdown, footer: null });
    expect(splitFooter("")).toEqual({ body: "", footer: null });
  });

  it("handles an answer that is only the footer, and *…* emphasis", () => {
    expect(splitFooter(CANONICAL_FOOTER.en)).toEqual({ body: "", footer: plain(CANONICAL_FOOTER.en) });
    expect(splitFooter(`Hi\n\n*${plain(CANONICAL_FOOTER.en)}*\n`).footer).toBe(plain(CANONICAL_FOOTER.en));
  });

  it("falls back to the same words the engine uses", () => {
    expect(en.agenda.footer).toBe(plain(CANONICAL_FOOTER.en));
    expect(es.agenda.footer).toBe(plain(CANONICAL_FOOTER.es));
  });
});
