import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FtsCatalog, MAX_QUERY_WORDS, buildMatchExpression } from "../../src/engine/catalog";
import { openDatabase, type Db } from "../../src/engine/storage/database";
import { repoContent } from "./contentCopy";

/** Strings that are FTS5 syntax or otherwise hostile: each must be plain text to the catalog. */
const HOSTILE = [
  '"',
  '"""',
  'heart"',
  '"heart',
  "heart OR",
  "OR",
  "AND NOT",
  "NOT heart",
  "heart AND",
  "NEAR(heart kidney, 2)",
  "NEAR(",
  "near/3",
  "heart*",
  "*",
  "^heart",
  "^",
  "title:heart",
  "keywords : heart",
  "{title keywords}: heart",
  "- heart",
  "(heart",
  "heart)",
  "((((((",
  "))))",
  "heart + kidney",
  "\u0000",
  "heart\u0000kidney",
  "'; DROP TABLE catalog_agents; --",
  "catalog_agents_fts MATCH 'x'",
  "\uD83D", // lone surrogate
  "🫀🫁🦷",
  "💊 formulary 💊",
  "\u200B\u200Bheart\u200B",
  "ＨＥＡＲＴ",
  "\\",
  "%_%",
  "rank:bm25",
  "rowid = 1",
];

describe("buildMatchExpression", () => {
  it("emits only quoted words joined by OR", () => {
    const m = buildMatchExpression('NEAR("heart" kidney*) OR title:^lungs');
    expect(m).not.toBeNull();
    expect(m!.expression).toMatch(/^"[\p{L}\p{N} ]+"( OR "[\p{L}\p{N} ]+")*$/u);
    expect(m!.words).toEqual(["near", "heart", "kidney", "or", "title", "lungs"].filter((w) => w !== "or"));
  });

  it("adds adjacent word pairs as phrases", () => {
    expect(buildMatchExpression("blood sugar")!.expression).toBe('"blood" OR "sugar" OR "blood sugar"');
  });

  it("drops function words and returns null when nothing is left", () => {
    expect(buildMatchExpression("what should I do about it")).toBeNull();
    expect(buildMatchExpression("")).toBeNull();
    expect(buildMatchExpression("¿¡!?")).toBeNull();
  });

  it("bounds the number of terms however long the text", () => {
    const text = Array.from({ length: 500 }, (_, i) => `word${i}`).join(" ");
    const m = buildMatchExpression(text)!;
    expect(m.words).toHaveLength(MAX_QUERY_WORDS);
    expect(m.expression.split(" OR ").length).toBeLessThanOrEqual(2 * MAX_QUERY_WORDS);
  });
});

describe("catalog search with hostile input", () => {
  let db: Db;
  let catalog: FtsCatalog;
  beforeAll(() => {
    db = openDatabase(":memory:");
    catalog = FtsCatalog.open(db, repoContent());
  });
  afterAll(() => db.close());

  it.each(HOSTILE)("never throws for %j", (text) => {
    expect(() => catalog.searchAgents(text)).not.toThrow();
    expect(() => catalog.searchAgents(text, { category: text, domain: text })).not.toThrow();
    expect(() => catalog.searchSkills(text)).not.toThrow();
  });

  it("treats FTS operators as words, not syntax", () => {
    // A column filter would restrict the search to titles; as text it is just the word "heart".
    expect(catalog.searchAgents("title:heart")[0]?.id).toBe("cardiology-guide");
    // NOT would exclude; here "heart" is still found.
    expect(catalog.searchAgents("NOT heart")[0]?.id).toBe("cardiology-guide");
    expect(catalog.searchAgents("NEAR(kidney dialysis)")[0]?.id).toBe("nephrology-guide");
    // The tables are intact after an injection attempt.
    catalog.searchAgents("'; DROP TABLE catalog_agents; --");
    expect(catalog.agents()).toHaveLength(23);
  });

  it("handles a 1 MB message quickly", () => {
    const big = "my kidney numbers ".repeat(60_000) + '" NEAR( * ^ ' + "🙂".repeat(10_000);
    expect(big.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const hits = catalog.searchAgents(big);
    expect(performance.now() - started).toBeLessThan(500);
    expect(hits[0]?.id).toBe("nephrology-guide");
  });

  it("never throws for arbitrary strings (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "grapheme", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 100 })), (text) => {
        const hits = catalog.searchAgents(text);
        expect(Array.isArray(hits)).toBe(true);
        for (const h of hits) expect(Number.isFinite(h.score)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("builds expressions FTS5 accepts for arbitrary strings (property)", () => {
    const probe = db.prepare("SELECT COUNT(*) AS n FROM catalog_agents_fts WHERE catalog_agents_fts MATCH ?");
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 120 }), (text) => {
        const m = buildMatchExpression(text);
        if (m) expect(() => probe.get(m.expression)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });
});
