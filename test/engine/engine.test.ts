/** The engine end to end under Node: consult lifecycle with a scripted model, stores, cancellation. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../src/shared/contract";
import { createEngine, type Engine } from "../../src/engine/engine";
import { verifyAuditLog } from "../../src/engine/audit/auditLog";
import { MAX_CONTEXT_PAGES } from "../../src/engine/workspace/attachmentDocument";
import { scriptedProvider, type Script } from "../support/scriptedChatModel";
import { engineWithRouter, perAgentScript } from "../support/engineHarness";
import { defaultPlan } from "../../src/engine/lifecycle/plan";
import { tempDir } from "../support/tempDir";

const contentDir = join(__dirname, "..", "..");
let tmp = tempDir();
let engine: Engine | null = null;

afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

/** The plan is fixed (visit-steward) so every scripted step goes to the specialist, not the router. */
function start(script?: Script) {
  engine = engineWithRouter({ dataDir: tmp.dir, contentDir, modelProvider: script ? scriptedProvider(script) : undefined }, () => defaultPlan());
  engine.consent.grantGlobal();
  const events: EngineEvent[] = [];
  engine.onEvent((e) => events.push(e));
  return { engine, events };
}

function doneOf(events: EngineEvent[], turnId: string): Promise<Extract<EngineEvent, { type: "done" }>> {
  return new Promise((resolve) => {
    const check = () => {
      const d = events.find((e): e is Extract<EngineEvent, { type: "done" }> => e.type === "done" && e.turnId === turnId);
      if (d) resolve(d);
      else setTimeout(check, 5);
    };
    check();
  });
}

describe("engine consult", () => {
  it("runs the five phases in order and streams the scripted reply", async () => {
    const { engine, events } = start([{ chunks: ["Here is ", "a visit ", "checklist."] }]);
    const { turnId, threadId } = await engine["consult.ask"]({ text: "Help me prepare for my visit" });
    const done = await doneOf(events, turnId);
    expect(events.filter((e) => e.type === "progress").map((e) => (e as { phase: string }).phase)).toEqual([
      "loadContext",
      "gate",
      "plan",
      "dispatch",
      "synthesize",
    ]);
    // Tokens reach the user a sentence at a time, after the output guard has checked each sentence.
    expect(events.filter((e) => e.type === "token").map((e) => (e as { text: string }).text)).toEqual(["Here is a visit checklist."]);
    expect(done).toMatchObject({ outcome: "answered", threadId, agents: ["visit-steward"], topology: "single" });
    expect(done.text.startsWith("Here is a visit checklist.")).toBe(true);
    expect(done.text).toContain("not a doctor");
    expect(verifyAuditLog(join(tmp.dir, "logs")).ok).toBe(true);
    expect(readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")).not.toContain("Help me prepare");
  });

  it("never streams or shows unsafe model output (dosing), replacing it with a kind refusal", async () => {
    const { engine, events } = start([{ chunks: ["Your list is ready. ", "You should take 2 tablets ", "of ibuprofen every 4 hours."] }]);
    const { turnId } = await engine["consult.ask"]({ text: "Help me prepare for my visit" });
    const done = await doneOf(events, turnId);
    const streamed = events.filter((e) => e.type === "token").map((e) => (e as { text: string }).text).join("");
    expect(streamed).not.toMatch(/tablets|ibuprofen/);
    expect(done.text).not.toMatch(/tablets|ibuprofen/);
    // What the guard let through stays; the kind refusal takes the place of what it withheld.
    expect(streamed).toBe("Your list is ready. ");
    expect(done.text.startsWith("Your list is ready.\n\n")).toBe(true);
    expect(done.text.length).toBeGreaterThan(40);
    const audit = readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8");
    expect(audit).toContain('"event":"refuse"');
    expect(audit).not.toContain("ibuprofen");
  });

  it("stops at the gate on an emergency: banner event, no model call", async () => {
    const provider = scriptedProvider([{ text: "should never be used" }]);
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: provider });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const { turnId } = await engine["consult.ask"]({ text: "No chest pain, but my husband's face is drooping and he can't lift his arm" });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("emergency");
    const emergency = events.find((e) => e.type === "emergency") as Extract<EngineEvent, { type: "emergency" }>;
    expect(emergency).toMatchObject({ family: "stroke", action: "911", locale: "US" });
    expect(emergency.numbers[0]).toMatchObject({ number: "911", kind: "call", href: "tel:911" });
    expect(provider.model.calls).toHaveLength(0);
    expect(events.some((e) => e.type === "token")).toBe(false);
  });

  it("refuses a dosing request at the gate without calling the model", async () => {
    const provider = scriptedProvider([{ text: "should never be used" }]);
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: provider });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const { turnId } = await engine["consult.ask"]({ text: "How many mg of metoprolol should I take tonight?" });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("refused");
    expect(done.text.length).toBeGreaterThan(40);
    expect(provider.model.calls).toHaveLength(0);
  });

  it("asks for consent before a health specialist runs, then runs it once allowed", async () => {
    const provider = scriptedProvider([{ text: "Here is your blood pressure log." }]);
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: provider });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const text = "My cardiologist wants me to track my blood pressure before the next heart visit";
    const first = await engine["consult.ask"]({ text });
    const blocked = await doneOf(events, first.turnId);
    expect(blocked.outcome).toBe("needs_consent");
    expect(events.find((e) => e.type === "consent.required")).toMatchObject({ agents: [{ id: "cardiology-guide" }] });
    expect(provider.model.calls).toHaveLength(0);
    expect(await engine["consent.set"]({ scope: "agent", agentId: "cardiology-guide", granted: true })).toMatchObject({ global: false, agents: ["cardiology-guide"] });
    const second = await engine["consult.ask"]({ text, threadId: first.threadId });
    expect((await doneOf(events, second.turnId)).outcome).toBe("answered");
    expect(readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")).toContain('"event":"consent"');
  });

  it("answers clearly, without crashing, when no model is configured", async () => {
    const { engine, events } = start();
    const { turnId } = await engine["consult.ask"]({ text: "hello" });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("no_model");
    expect(done.text).toContain("carefold models import");
    expect(events.some((e) => e.type === "error")).toBe(false);
  });

  it("passes history to the model on the second turn of a thread", async () => {
    const provider = scriptedProvider([{ text: "First answer." }, { text: "Second answer." }]);
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir, modelProvider: provider }, () => defaultPlan());
    engine.consent.grantGlobal();
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const first = await engine["consult.ask"]({ text: "first question" });
    await doneOf(events, first.turnId);
    const second = await engine["consult.ask"]({ threadId: first.threadId, text: "second question" });
    await doneOf(events, second.turnId);
    const sent = provider.model.calls[1]!.messages.map((m) => String(m.content));
    expect(sent.some((c) => c.includes("first question"))).toBe(true);
    expect(sent.some((c) => c.includes("First answer."))).toBe(true);
    expect(sent.at(-1)).toContain("second question");
  });

  it("cancels a running turn", async () => {
    const { engine, events } = start([{ text: "one two three four five six seven eight", delayMs: 40 }]);
    const { turnId } = await engine["consult.ask"]({ text: "long answer please" });
    await new Promise((r) => setTimeout(r, 60));
    expect(await engine["consult.cancel"]({ turnId })).toEqual({ cancelled: true });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("cancelled");
    expect(await engine["consult.cancel"]({ turnId })).toEqual({ cancelled: false });
  });

  it("reports a model failure as an error event and a failed turn", async () => {
    const { engine, events } = start([{ error: "model crashed" }]);
    const { turnId } = await engine["consult.ask"]({ text: "hi" });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("failed");
    expect(done.text).toContain("could not answer");
  });

  it("rejects unknown attachment ids", async () => {
    const { engine } = start();
    await expect(engine["consult.ask"]({ text: "hi", attachmentIds: ["nope"] })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("engine routing", () => {
  it("routes a clear question to its specialist without spending a model call on routing", async () => {
    const provider = scriptedProvider([{ text: "Here is your blood pressure log." }]);
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: provider });
    engine.consent.grantGlobal();
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const { turnId } = await engine["consult.ask"]({ text: "My cardiologist wants me to track my blood pressure before the next heart visit" });
    const done = await doneOf(events, turnId);
    expect(done.agents).toEqual(["cardiology-guide"]);
    expect(provider.model.calls).toHaveLength(1);
    const planTrace = events.find((e) => e.type === "trace" && e.tool === "plan");
    expect(planTrace).toBeDefined();
  });
});

describe("engine stores", () => {
  it("writes, reads, lists and deletes notes atomically with revision checks", async () => {
    const { engine } = start();
    const written = await engine["notes.write"]({ name: "visit questions.md", content: "# Questions\n- one" });
    expect(written.title).toBe("Questions");
    expect(existsSync(join(tmp.dir, "workspace", "notes", "visit questions.md"))).toBe(true);
    expect((await engine["notes.read"]({ name: "visit questions.md" })).content).toContain("- one");
    await expect(engine["notes.write"]({ name: "visit questions.md", content: "x", expectedRevision: "stale" })).rejects.toMatchObject({ code: "conflict" });
    expect((await engine["notes.read"]({ name: "visit questions.md" })).content).toContain("- one");
    await engine["notes.write"]({ name: "visit questions.md", content: "# Q2", expectedRevision: written.revision });
    expect((await engine["notes.list"]()).map((n) => n.title)).toEqual(["Q2"]);
    expect(await engine["notes.delete"]({ name: "visit questions.md" })).toEqual({ deleted: true });
    await expect(engine["notes.read"]({ name: "visit questions.md" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("adds, lists and removes attachments, reporting truncation honestly", async () => {
    const { engine } = start();
    const big = "Lab result line.\n".repeat(2000);
    const added = await engine["attachments.add"]({ name: "labs.txt", dataBase64: Buffer.from(big).toString("base64") });
    expect(added.status).toBe("reading");
    await engine.attachments.whenRead(added.id);
    // Every page is read; a consult's first look is its first pages, and it says how many there are.
    const a = engine.attachments.get(added.id)!;
    expect(a).toMatchObject({ status: "ready", kind: "text" });
    expect(a.pagesTotal).toBeGreaterThan(MAX_CONTEXT_PAGES);
    expect(engine.attachments.contextText(a.id)!.split("[labs.txt p.")).toHaveLength(MAX_CONTEXT_PAGES + 1);
    const added2 = await engine["attachments.add"]({ name: "scan.bin", dataBase64: Buffer.from([0, 1, 2]).toString("base64") });
    await engine.attachments.whenRead(added2.id);
    const b = engine.attachments.get(added2.id)!;
    expect(b.status).toBe("failed");
    expect(b.problem).toMatch(/cannot read/);
    expect((await engine["attachments.list"]()).map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(await engine["attachments.remove"]({ id: a.id })).toEqual({ removed: true });
    expect(existsSync(join(tmp.dir, "workspace", "attachments", a.id))).toBe(false);
  });

  it("persists validated settings", async () => {
    const first = start().engine;
    expect((await first["settings.get"]()).language).toBe("en");
    await first["settings.set"]({ language: "es", textScale: 150 });
    await first.close();
    engine = createEngine({ dataDir: tmp.dir, contentDir });
    expect(await engine["settings.get"]()).toMatchObject({ language: "es", textScale: 150 });
  });
});

describe("engine threads and agenda", () => {
  it("lists, reads, renames and deletes threads with their answers", async () => {
    const { engine, events } = start([{ text: "Bring your medicine list." }]);
    const { threadId, turnId } = await engine["consult.ask"]({ text: "Heart visit next week" });
    await doneOf(events, turnId);
    const [thread] = await engine["threads.list"]();
    expect(thread).toMatchObject({ id: threadId, title: "Heart visit next week", messageCount: 2 });
    const full = await engine["threads.get"]({ threadId });
    expect(full.messages.map((m) => [m.role, m.outcome])).toEqual([["user", null], ["assistant", "answered"]]);
    expect((await engine["threads.rename"]({ threadId, title: "Cardiology, March" })).title).toBe("Cardiology, March");
    const agenda = await engine["agenda.export"]({ threadId });
    expect(agenda.markdown).toContain("Bring your medicine list.");
    expect(agenda.fileName).toMatch(/^carefold-agenda-\d{4}-\d{2}-\d{2}-cardiology-march$/);
    // Accented titles: the title keeps its letters, the file name folds them (not "coraz-n").
    await engine["threads.rename"]({ threadId, title: "Cita del corazón" });
    expect(await engine["agenda.export"]({ threadId })).toMatchObject({ title: "Cita del corazón", fileName: expect.stringMatching(/^carefold-agenda-\d{4}-\d{2}-\d{2}-cita-del-corazon$/) });
    expect(await engine["threads.delete"]({ threadId })).toEqual({ deleted: true });
    await expect(engine["threads.get"]({ threadId })).rejects.toMatchObject({ code: "not_found" });
  });

  it("says how to save a PDF where the host cannot print, and lists no approvals on a fresh start", async () => {
    const { engine } = start();
    await expect(engine["host.printToPdf"]({ html: "<p>x</p>", fileName: "a" })).rejects.toMatchObject({ code: "unavailable" });
    expect(await engine["approvals.list"]()).toEqual([]);
  });
});

describe("engine in Spanish", () => {
  const heart = { en: "Heart Visit Guide", es: "Guía para citas del corazón" };

  it("catalog.agents gives the Spanish title and description when the language is Spanish", async () => {
    engine = createEngine({ dataDir: tmp.dir, contentDir });
    const english = await engine["catalog.agents"]();
    expect(english.find((a) => a.id === "cardiology-guide")).toMatchObject({ title: heart.en, description: expect.stringMatching(/^Helps you get ready for heart/) });
    await engine["settings.set"]({ language: "es" });
    const spanish = await engine["catalog.agents"]();
    expect(spanish.map((a) => a.id).sort()).toEqual(english.map((a) => a.id).sort());
    expect(spanish.find((a) => a.id === "cardiology-guide")).toMatchObject({
      title: heart.es,
      description: expect.stringMatching(/^Le ayuda a prepararse para citas del corazón y de la presión arterial: /),
    });
    // Every listed specialist has its own Spanish text, not the English one.
    for (const a of spanish) {
      const en = english.find((x) => x.id === a.id)!;
      expect(a.title, a.id).not.toBe(en.title);
      expect(a.description, a.id).not.toBe(en.description);
      expect(a.description).not.toMatch(/\n|\s{2}/);
    }
    expect(spanish.map((a) => a.title)).toEqual([...spanish.map((a) => a.title)].sort((x, y) => x.localeCompare(y)));
  });

  it("asks for consent with the specialist's Spanish title and description when the language is Spanish", async () => {
    const provider = scriptedProvider([{ text: "should never be used" }]);
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: provider });
    await engine["settings.set"]({ language: "es" });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const { turnId } = await engine["consult.ask"]({ text: "My cardiologist wants me to track my blood pressure before the next heart visit" });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("needs_consent");
    const consent = events.find((e): e is Extract<EngineEvent, { type: "consent.required" }> => e.type === "consent.required");
    expect(consent?.agents).toEqual([
      { id: "cardiology-guide", title: heart.es, description: expect.stringMatching(/^Le ayuda a prepararse para citas del corazón/) },
    ]);
    expect(done.text.startsWith(`«${heart.es}» ayuda con temas de salud.`)).toBe(true);
    expect(done.text).not.toContain(heart.en);
    expect(provider.model.calls).toHaveLength(0);
  });

  it("keeps English titles in consent when the language is English", async () => {
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: scriptedProvider([{ text: "unused" }]) });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const { turnId } = await engine["consult.ask"]({ text: "My cardiologist wants me to track my blood pressure before the next heart visit" });
    await doneOf(events, turnId);
    expect(events.find((e) => e.type === "consent.required")).toMatchObject({
      agents: [{ id: "cardiology-guide", title: heart.en, description: expect.stringMatching(/^Helps you get ready for heart/) }],
    });
  });

  it("heads each part of a Spanish visit agenda with the specialist's Spanish title", async () => {
    const plan = {
      agents: ["cardiology-guide", "nephrology-guide"],
      topology: "parallel" as const,
      tasks: [
        { agent: "cardiology-guide", dependsOn: [] },
        { agent: "nephrology-guide", dependsOn: [] },
      ],
      confidence: 0.9,
      why: "Corazón y riñones.",
    };
    const provider = scriptedProvider(
      perAgentScript({
        "cardiology-guide": [{ text: "Lleve su registro de la presión arterial." }],
        "nephrology-guide": [{ text: "Pregunte por los números de sus análisis." }],
      }),
    );
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir, modelProvider: provider }, () => plan);
    engine.consent.grantGlobal();
    await engine["settings.set"]({ language: "es" });
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const { turnId } = await engine["consult.ask"]({ text: "Tengo citas del corazón y de los riñones" });
    const done = await doneOf(events, turnId);
    expect(done.outcome).toBe("answered");
    expect(done.text).toContain(`## ${heart.es}`);
    expect(done.text).toContain("## Guía para citas de los riñones");
    expect(done.text).not.toMatch(/Heart Visit Guide|Kidney Visit Guide/);
    expect(engine.agentTitle("nephrology-guide")).toBe("Kidney Visit Guide");
    expect(engine.agentTitle("nephrology-guide", "es")).toBe("Guía para citas de los riñones");
  });
});
