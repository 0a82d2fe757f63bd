import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FtsCatalog, INDEX_FORMAT, contentFingerprint } from "../../src/engine/catalog";
import { loadContent } from "../../src/engine/content";
import { openDatabase, type Db } from "../../src/engine/storage/database";
import { tempDir } from "../support/tempDir";
import { copyContent, hideAgent, repoContent } from "./contentCopy";
import { join } from "node:path";

describe("FtsCatalog over the shipped content", () => {
  let db: Db;
  let catalog: FtsCatalog;
  beforeAll(() => {
    db = openDatabase(":memory:");
    catalog = FtsCatalog.open(db, repoContent());
  });
  afterAll(() => db.close());

  it("indexes every agent and skill", () => {
    const content = repoContent();
    expect(catalog.agents().map((a) => a.id)).toEqual(content.agents.map((a) => a.id));
    expect(catalog.agents()).toHaveLength(23);
    const skills = db.prepare("SELECT id FROM catalog_skills ORDER BY id").all() as { id: string }[];
    expect(skills.map((s) => s.id)).toEqual(content.skills.map((s) => s.id).sort());
  });

  it("uses the porter/unicode61 tokenizer without diacritics", () => {
    const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'catalog_agents_fts'").get() as { sql: string }).sql;
    expect(sql).toContain("porter unicode61 remove_diacritics 2");
    // Accents, case and plurals fold: "RIÑONES" finds the kidney guide through "riñón" keywords.
    expect(catalog.searchAgents("RIÑONES")[0]?.id).toBe("nephrology-guide");
    expect(catalog.searchAgents("rinon")[0]?.id).toBe("nephrology-guide");
  });

  it("ranks by BM25 over title, description, tags, category and keywords", () => {
    expect(catalog.searchAgents("colonoscopy prep")[0]?.id).toBe("gastro-guide");
    expect(catalog.searchAgents("deductible")[0]?.id).toBe("benefits-guide");
    expect(catalog.searchAgents("step therapy")[0]?.id).toBe("prior-auth-navigator");
    const hits = catalog.searchAgents("heart", { limit: 10 });
    expect(hits[0]!.id).toBe("cardiology-guide");
    // Scores are ordered best first.
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });

  it("weights curated keywords above description prose", () => {
    // "hearing aids" is an ENT keyword and tag; other agents can only match it in prose, if at all.
    const hits = catalog.searchAgents("hearing aids", { limit: 5 });
    expect(hits[0]!.id).toBe("ent-guide");
    expect(hits[0]!.score).toBeGreaterThan((hits[1]?.score ?? 0) * 2);
  });

  it("filters by category and domain and excludes ids", () => {
    expect(catalog.searchAgents("insurance", { domain: "navigation", limit: 10 }).every((h) => h.domain === "navigation")).toBe(true);
    expect(catalog.searchAgents("insurance", { category: "navigation.claims" }).map((h) => h.id)).toEqual(["claims-appeals-guide"]);
    expect(catalog.searchAgents("heart", { exclude: ["cardiology-guide"] }).some((h) => h.id === "cardiology-guide")).toBe(false);
    expect(catalog.agentsIn({ category: "clinical.cardiology" }).map((a) => a.id)).toEqual(["cardiology-guide"]);
  });

  it("searches skills", () => {
    const hits = catalog.searchSkills("prior authorization checklist");
    expect(hits[0]?.id).toBe("prior-auth-prep");
    expect(catalog.searchSkills("colonoscopy")[0]?.id).toBe("gastro-prep");
  });

  it("returns nothing for text without searchable words", () => {
    expect(catalog.searchAgents("")).toEqual([]);
    expect(catalog.searchAgents("   ...  !!! ")).toEqual([]);
    expect(catalog.searchAgents("what should I do")).toEqual([]);
    expect(catalog.searchAgents("🙂🙃")).toEqual([]);
  });
});

describe("FtsCatalog storage", () => {
  it("lives in the engine database file, in WAL mode", () => {
    const tmp = tempDir();
    try {
      const db = openDatabase(join(tmp.dir, "carefold.db"));
      FtsCatalog.open(db, repoContent());
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table')").all() as { name: string }[]).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(["catalog_agents", "catalog_skills", "catalog_meta", "catalog_agents_fts", "catalog_skills_fts"]));
      db.close();
    } finally {
      tmp.cleanup();
    }
  });

  it("fingerprints content independent of load order and including the index format", () => {
    const content = repoContent();
    const reversed = { agents: [...content.agents].reverse(), skills: [...content.skills].reverse() };
    expect(contentFingerprint(reversed)).toBe(contentFingerprint(content));
    expect(INDEX_FORMAT).toBeGreaterThan(0);
    const fewer = { agents: content.agents.slice(1), skills: content.skills };
    expect(contentFingerprint(fewer)).not.toBe(contentFingerprint(content));
  });
});

describe("hidden agents", () => {
  it("are stored but never searched, listed as routable or returned by category", () => {
    const copy = copyContent();
    try {
      hideAgent(copy.dir, "cardiology-guide");
      const content = loadContent(copy.dir);
      const db = openDatabase(":memory:");
      const catalog = FtsCatalog.open(db, content);
      expect(catalog.agent("cardiology-guide")?.hidden).toBe(true);
      expect(catalog.agents().some((a) => a.id === "cardiology-guide")).toBe(false);
      expect(catalog.agents({ includeHidden: true }).some((a) => a.id === "cardiology-guide")).toBe(true);
      for (const q of ["heart", "cardiologist", "blood pressure palpitations", "Heart Visit Guide"]) {
        expect(catalog.searchAgents(q, { limit: 50 }).some((h) => h.id === "cardiology-guide")).toBe(false);
        expect(catalog.searchAgents(q, { category: "clinical.cardiology" })).toEqual([]);
      }
      expect(catalog.agentsIn({ category: "clinical.cardiology" })).toEqual([]);
      db.close();
    } finally {
      copy.cleanup();
    }
  });
});
