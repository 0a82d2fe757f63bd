/**
 * A turn the emergency gate stopped keeps what the conversation needs to show its crisis numbers again
 * (safety.md §1: "also after a reload and in history"): stored with the answer in the thread store's
 * JSON meta column, so no schema change, and returned by threads.get.
 */
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { EmergencyNotice, EventOf } from "../../../src/shared/contract";
import { createEngine, type Engine } from "../../../src/engine/engine";
import { openDatabase } from "../../../src/engine/storage/database";
import { ThreadStore } from "../../../src/engine/threads/threadStore";
import { EventLog } from "../../support/engineHarness";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { tempDir } from "../../support/tempDir";

const contentDir = join(__dirname, "..", "..", "..");
const notice: EmergencyNotice = {
  family: "cardiac",
  action: "911",
  locale: "US",
  headline: "Call 911 now.",
  numbers: [{ label: "Emergency", number: "911", kind: "call", href: "tel:911" }],
  source: { kind: "attachment", name: "bp-log.txt" },
};

describe("thread store: a stopped turn's crisis numbers", () => {
  it("keeps the notice with the assistant message and returns it with the thread", () => {
    const store = new ThreadStore(openDatabase(":memory:"));
    store.ensure("t1", "q");
    store.append("t1", "u1", "user", "q");
    store.append("t1", "u1", "assistant", "Call 911 now.", { outcome: "emergency", agents: [], chips: [], emergency: notice });
    store.append("t1", "u2", "user", "q2");
    store.append("t1", "u2", "assistant", "An answer.", { outcome: "answered", agents: ["a"], chips: ["c"] });
    expect(store.messages("t1").map((m) => [m.role, m.outcome, m.emergency])).toEqual([
      ["user", null, null],
      ["assistant", "emergency", notice],
      ["user", null, null],
      ["assistant", "answered", null],
    ]);
    // The model's history stays text only: the notice is not in it (how the turn ended and who answered
    // are, so a follow-up can continue a specialist's own transcript).
    expect(store.history("t1")[1]).toEqual({
      role: "assistant",
      content: "Call 911 now.",
      turnId: "u1",
      createdAt: expect.any(String),
      answer: { outcome: "emergency", agents: [], stopped: false },
    });
  });

  it("leaves out a stored notice the contract no longer accepts instead of failing the thread", () => {
    const db = openDatabase(":memory:");
    const store = new ThreadStore(db);
    store.ensure("t1", "q");
    store.append("t1", "u1", "assistant", "Call 911 now.", { outcome: "emergency", agents: [], chips: [] });
    db.prepare("UPDATE messages SET meta = ?").run(JSON.stringify({ outcome: "emergency", agents: [], chips: [], emergency: { family: "cardiac", numbers: [] } }));
    expect(store.messages("t1")[0]).toMatchObject({ outcome: "emergency", text: "Call 911 now.", emergency: null });
  });
});

describe("engine: the stopped turn in history", () => {
  const tmp = tempDir();
  let engine: Engine | null = null;
  afterEach(async () => {
    await engine?.close();
    engine = null;
  });
  afterAll(() => tmp.cleanup());
  const start = () => {
    engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: scriptedProvider([{ text: "should never be used" }]) });
    const log = new EventLog();
    engine.onEvent(log.push);
    return { engine, log };
  };

  it("stores the banner's numbers with the answer, keeps `done` as the contract has it, and survives a restart", async () => {
    const { engine: first, log } = start();
    const { threadId, turnId } = await first["consult.ask"]({ text: "I have crushing chest pain and my left arm is numb" });
    const done = await log.done(turnId);
    expect(done.outcome).toBe("emergency");
    expect(done).not.toHaveProperty("emergency");
    expect(log.of("error")).toEqual([]);
    const event = log.of("emergency", turnId)[0]!;
    const expected: EmergencyNotice = { family: event.family, action: event.action, locale: event.locale, headline: event.headline, numbers: event.numbers, source: null };
    const answerOf = async (e: Engine) => (await e["threads.get"]({ threadId })).messages.find((m) => m.role === "assistant")!;
    expect((await answerOf(first)).emergency).toEqual(expected);
    expect(expected.numbers[0]).toMatchObject({ number: "911", href: "tel:911" });

    await first.close();
    const { engine: second } = start();
    expect(await answerOf(second)).toMatchObject({ outcome: "emergency", emergency: expected });
  });

  it("says the flag was found in an attachment sent with a routine message", async () => {
    const { engine, log } = start();
    const text = "Tuesday: crushing chest pain spreading to my left arm, sweating, can't catch my breath.\n";
    const added = await engine["attachments.add"]({ name: "bp-log.txt", mime: "text/plain", dataBase64: Buffer.from(text).toString("base64") });
    const { threadId, turnId } = await engine["consult.ask"]({ text: "Can you organize this log for my visit?", attachmentIds: [added.id] });
    await log.done(turnId);
    const event: EventOf<"emergency"> = log.of("emergency", turnId)[0]!;
    expect(event.source).toEqual({ kind: "attachment", name: "bp-log.txt" });
    const answer = (await engine["threads.get"]({ threadId })).messages.find((m) => m.role === "assistant")!;
    expect(answer.emergency?.source).toEqual({ kind: "attachment", name: "bp-log.txt" });
  });
});
