/** Catalog helpers over the shipped specialists: grouping, plain-word risk labels, starters. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEngine } from "../../src/engine/engine";
import { agentTitles, groupByDomain, pickStarters, riskLabelKey } from "../../src/renderer/lib/catalog";
import en from "../../src/renderer/i18n/en.json";
import { RiskClassSchema, type AgentSummary } from "../../src/shared/contract";
import { tempDir } from "../support/tempDir";

const agent = (id: string, domain: string, starters: string[] = [`${id} starter`]): AgentSummary => ({
  id,
  title: id.toUpperCase(),
  description: "",
  domain,
  category: `${domain}.x`,
  riskClass: "admin",
  starters,
  icon: null,
});

describe("catalog helpers", () => {
  it("groups paperwork first, then health topics, then habits, then anything else", () => {
    const groups = groupByDomain([agent("b", "clinical"), agent("z", "other"), agent("a", "clinical"), agent("w", "wellness"), agent("n", "navigation")]);
    expect(groups.map((g) => g.domain)).toEqual(["navigation", "clinical", "wellness", "other"]);
    expect(groups[1]!.agents.map((a) => a.id)).toEqual(["a", "b"]);
  });

  it("picks the visit steward's starter first, then takes domains in turn", () => {
    const agents = [agent("visit-steward", "navigation"), agent("n1", "navigation"), agent("c1", "clinical"), agent("c2", "clinical"), agent("w1", "wellness"), agent("none", "clinical", [])];
    expect(pickStarters(agents, 4).map((p) => p.agentId)).toEqual(["visit-steward", "n1", "c1", "w1"]);
    expect(pickStarters(agents, 10).map((p) => p.agentId)).toEqual(["visit-steward", "n1", "c1", "w1", "c2"]);
    expect(pickStarters([], 3)).toEqual([]);
  });

  it("has a plain-words label for every risk class in every domain, and says 'needs your OK' only for health specialists", () => {
    for (const riskClass of RiskClassSchema.options) {
      for (const domain of ["clinical", "navigation", "wellness"]) {
        const [group, sub, key] = riskLabelKey({ riskClass, domain }).split(".");
        expect((en as unknown as Record<string, Record<string, Record<string, string>>>)[group!]![sub!]![key!]).toBeTruthy();
      }
    }
    expect(riskLabelKey({ riskClass: "clinical_assist", domain: "clinical" })).toBe("catalog.risk.clinical_assist");
    // The visit steward: navigation only, though its shared safety skills make it clinical_assist.
    expect(riskLabelKey({ riskClass: "clinical_assist", domain: "navigation" })).toBe("catalog.risk.navigation");
  });

  it("names answering specialists by title", () => {
    expect(agentTitles([agent("a", "x")], ["a", "unknown"])).toEqual(["A", "unknown"]);
  });

  it("covers the shipped catalog: every domain has a heading and every specialist shows starters in both languages", async () => {
    const tmp = tempDir();
    const engine = createEngine({ dataDir: tmp.dir, contentDir: join(__dirname, "..", "..") });
    try {
      const english = await engine["catalog.agents"]();
      for (const g of groupByDomain(english)) expect(en.catalog.domain).toHaveProperty(g.domain);
      expect(pickStarters(english, 4)).toHaveLength(4);
      await engine["settings.set"]({ language: "es" });
      const spanish = await engine["catalog.agents"]();
      expect(pickStarters(spanish, 4).map((s) => s.text)).not.toEqual(pickStarters(english, 4).map((s) => s.text));
    } finally {
      await engine.close();
      tmp.cleanup();
    }
  });
});
