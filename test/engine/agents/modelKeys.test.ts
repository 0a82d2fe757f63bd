/**
 * Model calls are keyed by specialist, not by conversation (issue 14, item 3): a second conversation
 * with the same specialist asks for the same key, so a KV-cache provider hands it the context sequence
 * that already holds that specialist's prefix.
 */
import { afterAll, describe, expect, it } from "vitest";
import { specialistModelKey } from "../../../src/engine/agents/deepAgentRunner";
import { createEngine } from "../../../src/engine/engine";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

const tmp = tempDir("carefold-keys-");
const provider = scriptedProvider(() => ({ text: "Here is an agenda for your visit." }));
let agent = "records-coordinator";
const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider, router: () => () => singlePlan(agent) });
const log = new EventLog();
engine.onEvent(log.push);
afterAll(async () => {
  await engine.close();
  tmp.cleanup();
});

describe("model keys", () => {
  it("are the specialist's in every conversation, and differ between specialists", async () => {
    for (const text of ["Help me request my records", "Another conversation about my records"]) {
      const { turnId } = await engine["consult.ask"]({ text });
      expect((await log.done(turnId)).outcome).toBe("answered");
    }
    agent = "benefits-guide";
    const { turnId } = await engine["consult.ask"]({ text: "Help me read my EOB" });
    await log.done(turnId);
    expect(provider.keys).toEqual([specialistModelKey("records-coordinator"), specialistModelKey("records-coordinator"), specialistModelKey("benefits-guide")]);
  });
});
