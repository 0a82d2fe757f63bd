/**
 * Search in the app (issue 18, item 8): the field is labelled and reachable, each result shows its
 * kind, title, date and snippet with the matched words in <mark> (accents and case ignored, the last
 * word as a prefix), snippets stay text (never HTML), and the count reads right in English and Spanish.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchBox, SearchResults } from "../../src/renderer/components/SearchBox";
import { ServicesContext, type Services } from "../../src/renderer/hooks/services";
import { initI18n } from "../../src/renderer/i18n";
import en from "../../src/renderer/i18n/en.json";
import es from "../../src/renderer/i18n/es.json";
import { SearchResultSchema, type SearchResult } from "../../src/shared/contract";
import { markHits, searchTerms } from "../../src/shared/searchTerms";

const RESULTS: SearchResult[] = [
  { kind: "thread", id: "t1", title: "Help me prepare for my heart visit", snippet: "…questions about your Corazón and the <b>medicine</b> list…", updatedAt: "2025-03-04T10:00:00.000Z" },
  { kind: "note", id: "preguntas.md", title: "Preguntas", snippet: "¿Qué dice mi corazon?", updatedAt: "2025-03-05T10:00:00.000Z" },
];
const noop = () => undefined;
const results = (query: string, list = RESULTS) => renderToStaticMarkup(createElement(SearchResults, { countId: "c", query, results: list, onOpen: noop }));

describe("marking the hits", () => {
  it("takes only letters and digits from a query, so FTS5 syntax never survives", () => {
    expect(searchTerms('NEAR("a" b) AND ^c* OR col:x')).toEqual(["NEAR", "a", "b", "AND", "c", "OR", "col", "x"]);
    expect(searchTerms('"')).toEqual([]);
    expect(searchTerms("¿Qué tal, riñón?")).toEqual(["Qué", "tal", "riñón"]);
  });

  it("marks whole words, accents and case ignored, the last query word as a prefix", () => {
    expect(markHits("Ask about the Corazón clinic", "corazon")).toEqual([
      { text: "Ask about the ", hit: false },
      { text: "Corazón", hit: true },
      { text: " clinic", hit: false },
    ]);
    const hits = (text: string, query: string) => markHits(text, query).filter((s) => s.hit).map((s) => s.text);
    expect(hits("cardiology and cardiac care", "cardi")).toEqual(["cardiology", "cardiac"]);
    expect(hits("cardiology visit", "cardi visit")).toEqual(["visit"]); // "cardi" only whole, before the last word
    expect(hits("the corazon", "CORAZÓN")).toEqual(["corazon"]);
    expect(hits("nothing here", '"')).toEqual([]);
    expect(markHits("", "x")).toEqual([]);
  });
});

describe("search results", () => {
  let i18n: ReturnType<typeof initI18n>;
  beforeAll(() => {
    i18n = initI18n("en");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("shows each result's kind, title, date and marked snippet, as buttons in a labelled list", () => {
    const out = results("corazon");
    expect(out).toContain('<p id="c" class="search-count">2 results</p>');
    expect(out).toContain('<ul aria-label="Results for corazon">');
    expect(out.match(/<button type="button" class="thread-item search-result"/g)).toHaveLength(2);
    expect(out).toContain('<span class="search-kind">Conversation</span>');
    expect(out).toContain('<span class="search-kind">Note</span>');
    expect(out).toContain('<span class="thread-title">Help me prepare for my heart visit</span>');
    expect(out).toContain("2025"); // the date, in the interface's language
    expect(out).toContain("<mark>Corazón</mark>");
    expect(out).toContain("<mark>corazon</mark>");
    // A snippet is text: markup in it is shown, never rendered.
    expect(out).toContain("&lt;b&gt;medicine&lt;/b&gt;");
    expect(out).not.toContain("<b>");
  });

  it("counts one result, and says when nothing matches", () => {
    expect(results("heart", RESULTS.slice(0, 1))).toContain(">1 result<");
    const none = results("zebra", []);
    expect(none).toContain("No conversations or notes match.");
    expect(none).not.toContain("<ul");
  });

  it("in Spanish, with its plural forms", async () => {
    await i18n.changeLanguage("es");
    const out = results("corazón");
    expect(out).toContain(">2 resultados<");
    expect(out).toContain('<span class="search-kind">Conversación</span>');
    expect(out).toContain('<span class="search-kind">Nota</span>');
    expect(results("x", RESULTS.slice(0, 1))).toContain(">1 resultado<");
    expect(results("x", [])).toContain("Ninguna conversación ni nota coincide.");
    expect(i18n.t("search.count", { count: 1_000_000 })).toBe("1000000 resultados");
    await i18n.changeLanguage("en");
  });

  it("has a label for both kinds in both languages", () => {
    for (const kind of SearchResultSchema.shape.kind.options) {
      expect(en.search.kind[kind]).toBeTruthy();
      expect(es.search.kind[kind]).toBeTruthy();
    }
  });
});

describe("the search field", () => {
  it("is a labelled search landmark with a search input of the contract's length", () => {
    const services = { client: {}, announce: noop, reportError: noop } as unknown as Services;
    const out = renderToStaticMarkup(
      createElement(ServicesContext.Provider, { value: services }, createElement(SearchBox, { refreshKey: 0, onOpenThread: noop, onOpenNote: noop })),
    );
    expect(out).toMatch(/<div class="search-box" role="search" aria-labelledby="([^"]+)-label"><label id="\1-label" for="\1-input"/);
    expect(out).toContain(">Search your conversations and notes</label>");
    expect(out).toMatch(/<input id="[^"]+-input" type="search" class="search-input" maxLength="200"/);
    expect(out).not.toContain("search-results"); // nothing until something is typed
  });
});
