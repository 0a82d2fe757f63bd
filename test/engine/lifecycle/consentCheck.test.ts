/**
 * Consent only where it belongs (issue 18, item 4): the health specialists ask before answering; the
 * navigation-only visit steward ("hello", agendas) never does, though its shared safety skills make it
 * clinical_assist. Through the real engine, without any consent given.
 */
import { afterAll, describe, expect, it } from "vitest";
import { needsConsent } from "../../../src/shared/consentRule";
import { createEngine } from "../../../src/engine/engine";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

const tmp = tempDir("carefold-consent-");
let agent = "visit-steward";
const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider([{ text: "Here is an agenda for your checkup." }]), router: () => () => singlePlan(agent) });
const log = new EventLog();
engine.onEvent(log.push);
afterAll(async () => {
  await engine.close();
  tmp.cleanup();
});

describe("who asks for consent", () => {
  it("the visit steward answers without asking; a health specialist asks first", async () => {
    const hello = await engine["consult.ask"]({ text: "hello, I have a checkup on Friday" });
    expect((await log.done(hello.turnId)).outcome).toBe("answered");
    expect(log.of("consent.required", hello.turnId)).toEqual([]);

    agent = "cardiology-guide";
    const heart = await engine["consult.ask"]({ text: "Help me prepare for my heart visit" });
    expect((await log.done(heart.turnId)).outcome).toBe("needs_consent");
    expect(log.of("consent.required", heart.turnId)[0]!.agents.map((a) => a.id)).toEqual(["cardiology-guide"]);
  });

  it("is one rule for every shipped specialist: the clinical ones, and only they", () => {
    const asking = engine.content.agents.filter((a) => needsConsent({ riskClass: a.metadata.risk_class, domain: a.metadata.domain })).map((a) => a.id);
    expect(asking).not.toContain("visit-steward");
    expect(asking.length).toBeGreaterThan(10);
    for (const a of engine.content.agents) expect(asking.includes(a.id), a.id).toBe(a.metadata.domain === "clinical");
  });
});
