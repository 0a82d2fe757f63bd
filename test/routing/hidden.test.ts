import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FtsCatalog } from "../../src/engine/catalog";
import { loadContent } from "../../src/engine/content";
import { createRouting } from "../../src/engine/routing";
import { openDatabase } from "../../src/engine/storage/database";
import { scriptedProvider } from "../support/scriptedChatModel";
import { copyContent, hideAgent } from "../catalog/contentCopy";
import { readSet } from "./routingMetrics";

const QUERIES = [...readSet(join(__dirname, "routing-set.jsonl")), ...readSet(join(__dirname, "holdout-set.jsonl"))];

describe("hidden agents are never chosen", () => {
  it("by deterministic routing or by the model, over every labeled query", async () => {
    const hidden = ["cardiology-guide", "prior-auth-navigator", "visit-steward"];
    const copy = copyContent();
    try {
      for (const id of hidden) hideAgent(copy.dir, id);
      const content = loadContent(copy.dir);
      const db = openDatabase(":memory:");
      // A model that always answers with a hidden agent, to prove the answer is not trusted.
      const provider = scriptedProvider(() => ({ toolCalls: [{ name: "choose_guide", args: { agent: "cardiology-guide" } }] }));
      const routing = createRouting({ catalog: FtsCatalog.open(db, content), content, modelProvider: provider });
      for (const q of QUERIES) {
        const d = await routing.decide(q.text);
        expect(d.plan.agents.length, q.id).toBeGreaterThan(0);
        for (const id of hidden) expect(d.plan.agents, `${q.id} → ${d.plan.agents.join(",")}`).not.toContain(id);
      }
      // The model was consulted for the unsure ones, and every answer was rejected.
      expect(provider.model.calls.length).toBeGreaterThan(0);
      db.close();
    } finally {
      copy.cleanup();
    }
  });
});
