/**
 * Hop 2's fallback chain — category → domain → full text → visit-steward — exercised directly and
 * through the router, including catalogs where the category's only agent or the fallback is hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FtsCatalog } from "../../src/engine/catalog";
import { loadContent } from "../../src/engine/content";
import { createRouting, DEFAULT_MIN_TEXT_SCORE, rankSpecialist, type RankDeps, type Routing } from "../../src/engine/routing";
import { openDatabase, type Db } from "../../src/engine/storage/database";
import { copyContent, hideAgent, repoContent } from "../catalog/contentCopy";

describe("rankSpecialist on the shipped catalog", () => {
  let db: Db;
  let deps: RankDeps;
  beforeAll(() => {
    db = openDatabase(":memory:");
    deps = { catalog: FtsCatalog.open(db, repoContent()), fallbackAgent: "visit-steward", minTextScore: DEFAULT_MIN_TEXT_SCORE };
  });
  afterAll(() => db.close());

  it("1. category: the best FTS match inside hop 1's category", () => {
    expect(rankSpecialist({ text: "dialysis", category: "clinical.nephrology", domain: "clinical" }, deps)).toMatchObject({ id: "nephrology-guide", step: "category" });
  });

  it("1. category: hop 1's category stands even when the words are not in the index", () => {
    // The lexicon (or the model) named the category; FTS has no word of this text in it.
    expect(rankSpecialist({ text: "zzz", category: "clinical.ophthalmology" }, deps)).toMatchObject({ id: "eye-guide", step: "category" });
  });

  it("2. domain: an unknown category falls back to the best match in hop 1's domain", () => {
    expect(rankSpecialist({ text: "plan paperwork", category: "navigation.nonexistent", domain: "navigation" }, deps)).toMatchObject({
      id: "benefits-guide",
      step: "domain",
    });
  });

  it("3. full text: no category or domain match, but the words fit one agent", () => {
    // "symptom timelines" appears in an agent's description only: no keyword, tag or lexicon hit.
    expect(rankSpecialist({ text: "symptom timelines", category: "clinical.nonexistent", domain: "wellness" }, deps)).toMatchObject({
      id: "cardiology-guide",
      step: "fulltext",
    });
  });

  it("4. default: nothing matches, so visit-steward", () => {
    expect(rankSpecialist({ text: "qwerty asdf", category: "clinical.nonexistent", domain: "clinical" }, deps)).toMatchObject({ id: "visit-steward", step: "default" });
    expect(rankSpecialist({ text: "" }, deps)).toMatchObject({ id: "visit-steward", step: "default" });
  });

  it("ignores weak full-text matches on words every description shares", () => {
    const weak = deps.catalog.searchAgents("prepare questions")[0];
    expect(weak === undefined || weak.score < DEFAULT_MIN_TEXT_SCORE).toBe(true);
    expect(rankSpecialist({ text: "prepare questions" }, deps)).toMatchObject({ id: "visit-steward", step: "default" });
  });

  it("only the category step for further concerns", () => {
    expect(rankSpecialist({ text: "dialysis", category: "clinical.nonexistent", categoryOnly: true }, deps)).toBeNull();
  });

  it("never returns an excluded agent", () => {
    const picked = rankSpecialist({ text: "dialysis kidney", category: "clinical.nephrology", exclude: ["nephrology-guide"] }, deps);
    expect(picked?.id).not.toBe("nephrology-guide");
  });
});

describe("fallbacks through the router", () => {
  let db: Db;
  let routing: Routing;
  beforeAll(() => {
    db = openDatabase(":memory:");
    const content = repoContent();
    routing = createRouting({ catalog: FtsCatalog.open(db, content), content });
  });
  afterAll(() => db.close());

  it("routes words found only in descriptions through full text", () => {
    const d = routing.route("symptom timelines");
    expect(d.classification.concerns).toEqual([]);
    expect(d.plan.agents).toEqual(["cardiology-guide"]);
    expect(d.steps).toEqual(["fulltext"]);
    expect(d.plan.why).toBe("Closest match in the catalog: the Heart Visit Guide will help you.");
  });

  it("routes weak evidence shared by one domain through the domain step", () => {
    const d = routing.route("plan");
    expect(d.classification.concerns).toEqual([]);
    expect(d.classification.domain).toBe("navigation");
    expect(d.steps).toEqual(["domain"]);
    expect(d.plan.agents).toEqual(["benefits-guide"]);
  });

  it("sends messages nothing matches to visit-steward with confidence 0", () => {
    for (const text of ["qwerty asdf", "", "   ", "🙂", "hello?"]) {
      const d = routing.route(text);
      expect(d.plan).toMatchObject({ agents: ["visit-steward"], topology: "single", confidence: 0 });
      expect(d.plan.tasks).toEqual([{ agent: "visit-steward", dependsOn: [] }]);
      expect(d.steps).toEqual(["default"]);
      expect(d.plan.why).toBe("No specialist fits clearly, so the Visit Steward will help you prepare.");
    }
  });

  it("routes a follow-up that names no concern on the earlier user message", () => {
    const context = {
      history: [
        { role: "user" as const, content: "my dad's kidney numbers dropped again", turnId: "u1", createdAt: "2025-01-01T00:00:00Z" },
        { role: "assistant" as const, content: "Here is an agenda for the heart visit.", turnId: "u1", createdAt: "2025-01-01T00:00:01Z" },
      ],
      notes: [],
      notesOmitted: 0,
      attachments: [],
      memory: null,
    };
    const d = routing.route("ok, what else should I bring?", context);
    expect(d.followUp).toBe(true);
    expect(d.plan.agents).toEqual(["nephrology-guide"]);
    expect(d.plan.why.startsWith("Continuing your earlier topic.")).toBe(true);
    // A message with its own concern ignores the history.
    expect(routing.route("my eyes are dry", context).plan.agents).toEqual(["eye-guide"]);
  });
});

describe("fallbacks when agents are hidden", () => {
  it("uses the domain when the category's only agent is hidden, and never the hidden agent", () => {
    const copy = copyContent();
    try {
      hideAgent(copy.dir, "cardiology-guide");
      const content = loadContent(copy.dir);
      const db = openDatabase(":memory:");
      const deps: RankDeps = { catalog: FtsCatalog.open(db, content), fallbackAgent: "visit-steward", minTextScore: DEFAULT_MIN_TEXT_SCORE };
      const picked = rankSpecialist({ text: "heart failure and kidney disease", category: "clinical.cardiology", domain: "clinical" }, deps);
      expect(picked).toMatchObject({ id: "nephrology-guide", step: "domain" });
      db.close();
    } finally {
      copy.cleanup();
    }
  });

  it("never falls back to a hidden visit-steward", () => {
    const copy = copyContent();
    try {
      hideAgent(copy.dir, "visit-steward");
      const content = loadContent(copy.dir);
      const db = openDatabase(":memory:");
      const routing = createRouting({ catalog: FtsCatalog.open(db, content), content });
      const d = routing.route("qwerty asdf");
      expect(d.plan.agents).toHaveLength(1);
      expect(d.plan.agents[0]).not.toBe("visit-steward");
      expect(d.steps).toEqual(["default"]);
      expect(routing.route("first appointment with a new primary care doctor").plan.agents).not.toContain("visit-steward");
      db.close();
    } finally {
      copy.cleanup();
    }
  });
});
