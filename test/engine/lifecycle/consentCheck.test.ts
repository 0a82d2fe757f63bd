/**
 * Consent only where it belongs (issue 18, item 4): the health specialists ask before answering; the
 * navigation-only visit steward ("hello", agendas) never does, though its shared safety skills make it
 * clinical_assist. Through the real engine, without any consent given.
 */
import { afterAll, describe, expect, it } from "vitest";
import { needsConsent } from "../../../src/shared/consentRule";
import { checkConsent, type ConsentCheckDeps } from "../../../src/engine/lifecycle/consentCheck";
import type { Plan } from "../../../src/engine/lifecycle/state";
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

/**
 * Asked once per conversation per specialist (issue 18, item 4), through the contract: after "Not now"
 * (the dialog closed, nothing allowed), the same specialist does not ask again in that conversation —
 * the visit steward answers, and the event offers to turn the specialist on instead. Another
 * conversation asks again; the mark survives a restart and goes with a deleted conversation.
 */
describe("consent asked once per conversation", () => {
  const dir = tempDir("carefold-consent-once-");
  const open = (kiosk = false) =>
    createEngine({ dataDir: dir.dir, contentDir: REPO, kiosk, modelProvider: scriptedProvider(() => ({ text: "Here is a list of questions for your visit." })), router: () => () => singlePlan("cardiology-guide", "Heart visit preparation.") });
  let e = open();
  let events = new EventLog();
  e.onEvent(events.push);
  afterAll(async () => {
    await e.close();
    dir.cleanup();
  });
  const ask = async (text: string, threadId?: string) => {
    const { turnId, threadId: thread } = await e["consult.ask"](threadId ? { text, threadId } : { text });
    return { done: await events.done(turnId), consent: events.of("consent.required", turnId), threadId: thread };
  };

  it("asks the first time; the second time in that conversation the visit steward answers and the event only offers", async () => {
    const first = await ask("Help me prepare for my heart visit");
    expect(first.done.outcome).toBe("needs_consent");
    expect(first.consent).toHaveLength(1);
    expect(first.consent[0]!.askedBefore).toBeUndefined();

    const second = await ask("What should I ask about my heart?", first.threadId);
    expect(second.done.outcome).toBe("answered");
    expect(second.done.agents).toEqual(["visit-steward"]);
    expect(second.done.why).toBe("The Heart Visit Guide is off in this conversation (you chose “Not now”), so this answer sticks to visit preparation, papers and questions.");
    expect(second.consent).toEqual([{ type: "consent.required", turnId: second.done.turnId, threadId: first.threadId, agents: [expect.objectContaining({ id: "cardiology-guide" })], askedBefore: true }]);
    // The thread keeps the why with the answer: a reload shows it.
    const stored = (await e["threads.get"]({ threadId: first.threadId })).messages.at(-1)!;
    expect(stored.why).toBe(second.done.why);

    // Another conversation asks again.
    const other = await ask("Help me prepare for my heart visit");
    expect(other.threadId).not.toBe(first.threadId);
    expect(other.done.outcome).toBe("needs_consent");
    expect(other.consent[0]!.askedBefore).toBeUndefined();
  });

  it("keeps the mark across a restart; allowing the specialist lets it answer there; deleting the conversation forgets it", async () => {
    const threadId = (await e["threads.list"]()).at(-1)!.id;
    await e.close();
    e = open();
    events = new EventLog();
    e.onEvent(events.push);
    const again = await ask("And about my blood pressure readings?", threadId);
    expect(again.done.outcome).toBe("answered");
    expect(again.consent[0]!.askedBefore).toBe(true);
    // In Spanish, the same plain sentence.
    await e["settings.set"]({ language: "es" });
    const es = await ask("¿Y sobre mi tensión?", threadId);
    expect(es.done.why).toMatch(/^«.+» está desactivado en esta conversación/);
    await e["settings.set"]({ language: "en" });

    await e["consent.set"]({ scope: "agent", agentId: "cardiology-guide", granted: true });
    const allowed = await ask("Help me prepare for my heart visit", threadId);
    expect(allowed.done.agents).toEqual(["cardiology-guide"]);
    expect(allowed.consent).toEqual([]);
    await e["consent.set"]({ scope: "agent", agentId: "cardiology-guide", granted: false });

    const rows = () => (e.db.prepare("SELECT COUNT(*) AS n FROM consent_asked WHERE thread_id = ?").get(threadId) as { n: number }).n;
    expect(rows()).toBe(1);
    await e["threads.delete"]({ threadId });
    expect(rows()).toBe(0);
    await e["data.deleteAll"]({ confirm: true });
    expect((e.db.prepare("SELECT COUNT(*) AS n FROM consent_asked").get() as { n: number }).n).toBe(0);
  });

  it("on a shared computer the mark lives in memory only, like consent", async () => {
    await e.close();
    e = open(true);
    events = new EventLog();
    e.onEvent(events.push);
    const first = await ask("Help me prepare for my heart visit");
    expect(first.done.outcome).toBe("needs_consent");
    const second = await ask("What should I ask about my heart?", first.threadId);
    expect(second.consent[0]!.askedBefore).toBe(true);
    expect(e.db.prepare("SELECT COUNT(*) AS n FROM consent_asked").get()).toEqual({ n: 0 });
  });
});

describe("checkConsent's plan", () => {
  const plan: Plan = {
    agents: ["cardiology-guide", "benefits-guide"],
    topology: "pipeline",
    tasks: [{ agent: "cardiology-guide", dependsOn: [] }, { agent: "benefits-guide", dependsOn: ["cardiology-guide"] }],
    confidence: 1,
    why: "Heart visit and its costs.",
  };
  const asked = new Set<string>();
  const deps: ConsentCheckDeps = {
    hasConsent: () => false,
    needsConsent: (id) => id === "cardiology-guide",
    describe: (id) => ({ title: id === "cardiology-guide" ? "Heart Visit Guide" : "Insurance Benefits Guide", description: "" }),
    wasAsked: (thread, id) => asked.has(`${thread}/${id}`),
    markAsked: (thread, ids) => ids.forEach((id) => asked.add(`${thread}/${id}`)),
  };
  const ref = { turnId: "11111111-1111-4111-8111-111111111111", threadId: "22222222-2222-4222-8222-222222222222" };

  it("asks (and marks) first; then the others still answer without the one that is off", () => {
    const first = checkConsent(plan, ref, "en", deps)!;
    expect("result" in first && first.result.outcome).toBe("needs_consent");
    expect(asked.has(`${ref.threadId}/cardiology-guide`)).toBe(true);
    const second = checkConsent(plan, ref, "en", deps)!;
    expect("plan" in second && second.plan).toEqual({
      agents: ["benefits-guide"],
      topology: "single",
      tasks: [{ agent: "benefits-guide", dependsOn: [] }],
      confidence: 1,
      why: "The Heart Visit Guide is off in this conversation (you chose “Not now”), so this answer sticks to visit preparation, papers and questions.",
    });
    expect(second.event).toMatchObject({ type: "consent.required", askedBefore: true, agents: [{ id: "cardiology-guide" }] });
    // Another conversation is asked again.
    const other = checkConsent(plan, { ...ref, threadId: "33333333-3333-4333-8333-333333333333" }, "en", deps)!;
    expect("result" in other).toBe(true);
  });
});
