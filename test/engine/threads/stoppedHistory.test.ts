/**
 * Stop keeps what was said (issue 13, item 5): when the user stops a streamed answer, the text the
 * output guard had released — and only that — is stored as the turn's answer, marked stopped, with
 * the "why" line; threads.get returns both, also after a restart. Every answer keeps its "why".
 * Stored in the thread store's JSON meta column: older rows have neither field (null / false).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import { defaultPlan } from "../../../src/engine/lifecycle/plan";
import { openDatabase } from "../../../src/engine/storage/database";
import { ThreadStore } from "../../../src/engine/threads/threadStore";
import { engineWithRouter, EventLog } from "../../support/engineHarness";
import { scriptedProvider, type Script } from "../../support/scriptedChatModel";
import { tempDir } from "../../support/tempDir";

const contentDir = join(__dirname, "..", "..", "..");
const WHY = "Visit preparation, so the visit steward answers.";
const QUESTION = "Please help me get ready for my appointment on Friday";
const SHOWN = ["Bring your medicine list. ", "Write down your three main questions. "];
/** Still being written when Stop comes: no sentence end yet, so the output guard holds it back. */
const WITHHELD = "Then ask the nurse about the zebra-marker ";

describe("thread store: why and stopped", () => {
  it("reads rows written before these fields existed as no why, not stopped", () => {
    const db = openDatabase(":memory:");
    const store = new ThreadStore(db);
    store.ensure("t1", "q");
    store.append("t1", "u1", "user", "q");
    // An assistant row exactly as older versions wrote it.
    db.prepare("INSERT INTO messages (thread_id, turn_id, role, content, meta, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      "t1",
      "u1",
      "assistant",
      "An older answer.",
      JSON.stringify({ outcome: "answered", agents: ["visit-steward"], chips: ["c"] }),
      new Date().toISOString(),
    );
    store.append("t1", "u2", "assistant", "Part of it.", { outcome: "cancelled", agents: ["a"], chips: [], why: "w", stopped: true });
    expect(store.messages("t1").map((m) => [m.role, m.text, m.why, m.stopped])).toEqual([
      ["user", "q", null, false],
      ["assistant", "An older answer.", null, false],
      ["assistant", "Part of it.", "w", true],
    ]);
  });
});

describe("engine: Stop keeps what was said", () => {
  const tmp = tempDir();
  let engine: Engine | null = null;
  afterEach(async () => {
    await engine?.close();
    engine = null;
  });
  afterAll(() => tmp.cleanup());

  const start = (script: Script) => {
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir, modelProvider: scriptedProvider(script) }, () => defaultPlan(WHY));
    engine.consent.grantGlobal();
    const log = new EventLog();
    engine.onEvent(log.push);
    return { engine, log };
  };
  const streamed = (log: EventLog, turnId: string) => log.of("token", turnId).map((e) => e.text).join("");
  const until = async (what: () => boolean) => {
    const started = Date.now();
    while (!what()) {
      if (Date.now() - started > 20_000) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it("stores the released text marked stopped with its why line, never the withheld text, across a restart", async () => {
    const chunks = [...SHOWN, WITHHELD, ...Array.from({ length: 60 }, () => "and more words ")];
    const { engine: first, log } = start([{ chunks, delayMs: 25 }]);
    const { threadId, turnId } = await first["consult.ask"]({ text: QUESTION });
    await until(() => streamed(log, turnId).includes(SHOWN[1]!));
    // Let the withheld sentence reach the output guard (held back: it has no end yet), then stop.
    await new Promise((r) => setTimeout(r, 150));
    expect(await first["consult.cancel"]({ turnId })).toEqual({ cancelled: true });
    const done = await log.done(turnId);

    const shown = SHOWN.join("").trimEnd();
    expect(streamed(log, turnId)).not.toContain("zebra");
    expect(done).toMatchObject({ outcome: "cancelled", text: shown, agents: ["visit-steward"], why: WHY, chips: [] });
    expect(done).not.toHaveProperty("stopped");
    expect(log.of("error")).toEqual([]);

    const answerOf = async (e: Engine) => (await e["threads.get"]({ threadId })).messages.find((m) => m.role === "assistant");
    const expected = { text: shown, outcome: "cancelled", stopped: true, why: WHY, agents: ["visit-steward"], chips: [], emergency: null };
    expect(await answerOf(first)).toMatchObject(expected);
    expect((await answerOf(first))!.text).not.toContain("zebra");

    // Reopened after a restart (a reload, the app closed and opened again): the same answer.
    await first.close();
    const { engine: second } = start([{ text: "unused" }]);
    expect(await answerOf(second)).toMatchObject(expected);
    const audit = readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8");
    expect(audit).toContain('"decision":"cancelled"');
    for (const secret of ["appointment on Friday", "medicine list", "zebra"]) expect(audit).not.toContain(secret);
  });

  it("keeps the why line of a finished answer when the thread is reopened", async () => {
    const { engine, log } = start([{ text: "Here is your checklist." }]);
    const { threadId, turnId } = await engine["consult.ask"]({ text: QUESTION });
    expect((await log.done(turnId)).why).toBe(WHY);
    const answer = (await engine["threads.get"]({ threadId })).messages.find((m) => m.role === "assistant");
    expect(answer).toMatchObject({ outcome: "answered", why: WHY, stopped: false });
  });

  it("stores nothing for a turn stopped before anything was shown", async () => {
    const { engine, log } = start([{ chunks: ["no sentence end ", "yet ", "still going "], delayMs: 200 }]);
    const { threadId, turnId } = await engine["consult.ask"]({ text: QUESTION });
    await until(() => log.of("progress", turnId).some((e) => e.phase === "dispatch"));
    await engine["consult.cancel"]({ turnId });
    expect(await log.done(turnId)).toMatchObject({ outcome: "cancelled", text: "" });
    expect((await engine["threads.get"]({ threadId })).messages.map((m) => m.role)).toEqual(["user"]);
  });

  it("keeps nothing of a turn whose conversation was deleted while it ran", async () => {
    const { engine, log } = start([{ chunks: [...SHOWN, ...Array.from({ length: 40 }, () => "more ")], delayMs: 25 }]);
    const { threadId, turnId } = await engine["consult.ask"]({ text: QUESTION });
    await until(() => streamed(log, turnId).length > 0);
    expect(await engine["threads.delete"]({ threadId })).toEqual({ deleted: true });
    await log.done(turnId);
    expect(log.of("error")).toEqual([]);
    expect((await engine["threads.list"]()).map((t) => t.id)).not.toContain(threadId);
  });
});
