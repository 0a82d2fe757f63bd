/** The renderer's conversation reducer over engine events. */
import { describe, expect, it } from "vitest";
import {
  conversationReducer,
  fromThreadMessages,
  initialConversation,
  isStoppedPartial,
  questionFor,
  statusOfOutcome,
  type ConversationState,
} from "../../src/renderer/state/conversation";
import type { EngineEvent } from "../../src/shared/contract";

const ev = (event: EngineEvent) => ({ type: "event" as const, event });
const ref = { turnId: "u1", threadId: "t1" };
const done = (outcome: Extract<EngineEvent, { type: "done" }>["outcome"], text: string, chips: string[] = []): EngineEvent => ({
  type: "done",
  ...ref,
  outcome,
  text,
  agents: ["visit-steward"],
  topology: "single",
  chips,
  why: "w",
});
const emergency: EngineEvent = {
  type: "emergency",
  ...ref,
  family: "stroke",
  action: "911",
  rule: "r",
  locale: "US",
  headline: "Call 911 now.",
  numbers: [{ label: "Emergency", number: "911", kind: "call", href: "tel:911" }],
};

function run(actions: Parameters<typeof conversationReducer>[1][], from: ConversationState = initialConversation): ConversationState {
  return actions.reduce(conversationReducer, from);
}

const asked = [
  { type: "sending" as const, localId: "m1", text: "hi" },
  { type: "sent" as const, localId: "m1", threadId: "t1", turnId: "u1" },
];

describe("conversation reducer", () => {
  it("streams tokens into one assistant message and replaces them with the final text", () => {
    const s = run([...asked, ev({ type: "token", ...ref, text: "Hel" }), ev({ type: "token", ...ref, text: "lo" })]);
    expect(s.messages.map((m) => [m.role, m.text, m.status])).toEqual([
      ["user", "hi", "done"],
      ["assistant", "Hello", "streaming"],
    ]);
    expect(s.activeTurnId).toBe("u1");
    const d = conversationReducer(s, ev(done("answered", "Hello.\n\nfooter", ["Next"])));
    expect(d.messages[1]).toMatchObject({ text: "Hello.\n\nfooter", status: "done", agents: ["visit-steward"], chips: ["Next"], why: "w" });
    expect(d.activeTurnId).toBeNull();
  });

  it("keeps the emergency banner until acknowledged, also across a new conversation", () => {
    let s = run([ev(emergency)]);
    expect(s.emergency?.family).toBe("stroke");
    s = conversationReducer(s, { type: "reset" });
    expect(s.emergency).not.toBeNull();
    s = conversationReducer(s, { type: "acknowledgeEmergency" });
    expect(s.emergency).toBeNull();
  });

  it("shows no routine text in a turn the emergency gate stopped, even if tokens or an answer arrive", () => {
    const s = run([
      ...asked,
      ev({ type: "token", ...ref, text: "Routine " }),
      ev(emergency),
      ev({ type: "token", ...ref, text: "more routine" }),
      ev({ type: "progress", ...ref, phase: "dispatch", message: "Preparing" }),
      ev(done("answered", "A routine answer", ["chip"])),
    ]);
    const answer = s.messages.find((m) => m.role === "assistant")!;
    expect(answer.status).toBe("emergency");
    expect(answer.text).toBe("");
    expect(answer.chips).toEqual([]);
    expect(answer.progress).toBeNull();
    expect(s.activeTurnId).toBeNull();
  });

  it("ignores other threads' turns and records errors", () => {
    let s = run([...asked, ev({ type: "token", turnId: "u9", threadId: "t9", text: "other" }), ev({ type: "error", turnId: null, threadId: null, code: "x", message: "Something broke" })]);
    expect(s.messages.some((m) => m.text === "other")).toBe(false);
    expect(s.errors.map((e) => e.message)).toEqual(["Something broke"]);
    s = conversationReducer(s, { type: "dismissError", id: s.errors[0]!.id });
    expect(s.errors).toEqual([]);
  });

  it("marks a failed send", () => {
    const s = run([{ type: "sending", localId: "m1", text: "hi" }, { type: "sendFailed", localId: "m1", message: "offline" }]);
    expect(s.messages[0]!.status).toBe("failed");
    expect(s.errors[0]!.message).toBe("offline");
  });

  it("pauses for an approval, then streams the resumed answer fresh", () => {
    let s = run([...asked, ev({ type: "token", ...ref, text: "Saving your note" }), ev(done("awaiting_approval", "Waiting for your OK."))]);
    expect(s.messages[1]).toMatchObject({ status: "awaiting_approval", text: "Waiting for your OK." });
    expect(s.activeTurnId).toBeNull();
    s = run([ev({ type: "token", ...ref, text: "Saved" }), ev({ type: "token", ...ref, text: "." })], s);
    expect(s.messages[1]).toMatchObject({ status: "streaming", text: "Saved." });
    s = conversationReducer(s, ev(done("answered", "Saved.\n\nfooter")));
    expect(s.messages[1]).toMatchObject({ status: "done", text: "Saved.\n\nfooter" });
  });

  it("a specialist already asked about in this conversation: no prompt state change, the answer says who is off", () => {
    const heart = { id: "cardiology-guide", title: "Heart Visit Guide", description: "d" };
    const first = run([...asked, ev({ type: "consent.required", ...ref, agents: [heart] })]);
    expect(first.messages[1]!.consentOff).toBeUndefined();
    const s = run([...asked, ev({ type: "consent.required", ...ref, agents: [heart], askedBefore: true }), ev(done("answered", "Questions."))]);
    expect(s.messages[1]).toMatchObject({ status: "done", consentOff: ["Heart Visit Guide"] });
  });

  it("collects traces in order", () => {
    const s = run([
      ...asked,
      ev({ type: "trace", ...ref, stage: "info", tool: "plan", label: "Heart visit", agent: null, ok: true, durationMs: null }),
      ev({ type: "trace", ...ref, stage: "start", tool: "read_file", label: "Reading checklist…", agent: "a", ok: null, durationMs: null }),
    ]);
    expect(s.messages[1]!.traces.map((t) => t.label)).toEqual(["Heart visit", "Reading checklist…"]);
  });

  it("loads a stored conversation, keeping the banner and problems", () => {
    let s = run([ev(emergency), { type: "error", message: "x" }]);
    s = conversationReducer(s, {
      type: "loaded",
      threadId: "t2",
      messages: [
        { role: "user", text: "q", turnId: "u5", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
        { role: "assistant", text: "a", turnId: "u5", createdAt: "", outcome: "answered", agents: ["x"], chips: ["c"], emergency: null, why: null, stopped: false, attachments: [] },
        { role: "user", text: "q2", turnId: "u6", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
        { role: "assistant", text: "stop", turnId: "u6", createdAt: "", outcome: "refused", agents: [], chips: ["no"], emergency: null, why: null, stopped: false, attachments: [] },
      ],
    });
    expect(s.threadId).toBe("t2");
    expect(s.messages.map((m) => [m.role, m.status, m.chips])).toEqual([
      ["user", "done", []],
      ["assistant", "done", ["c"]],
      ["user", "done", []],
      ["assistant", "refused", []],
    ]);
    expect(s.emergency).not.toBeNull();
    expect(s.errors).toHaveLength(1);
  });
});

describe("a stopped answer", () => {
  it("keeps what the engine says was shown, with who was answering and why, live and from history", () => {
    const live = run([
      { type: "sending", localId: "m1", text: "q" },
      { type: "sent", localId: "m1", threadId: "t1", turnId: "u1" },
      ev({ type: "token", ...ref, text: "Bring your list. " }),
      ev(done("cancelled", "Bring your list.", ["never shown"])),
    ]);
    const answer = live.messages.find((m) => m.role === "assistant")!;
    expect(answer).toMatchObject({ status: "cancelled", text: "Bring your list.", why: "w", agents: ["visit-steward"], chips: [] });
    expect(isStoppedPartial(answer)).toBe(true);
    expect(live.activeTurnId).toBeNull();

    const stored = fromThreadMessages([
      { role: "user", text: "q", turnId: "u1", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
      { role: "assistant", text: "Bring your list.", turnId: "u1", createdAt: "", outcome: "cancelled", agents: ["visit-steward"], chips: [], emergency: null, why: "w", stopped: true, attachments: [] },
      { role: "user", text: "q2", turnId: "u2", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
      { role: "assistant", text: "Done.", turnId: "u2", createdAt: "", outcome: "answered", agents: ["visit-steward"], chips: ["c"], emergency: null, why: "w2", stopped: false, attachments: [] },
    ]);
    expect(stored.map((m) => [m.status, m.why, isStoppedPartial(m)])).toEqual([
      ["done", null, false],
      ["cancelled", "w", true],
      ["done", null, false],
      ["done", "w2", false],
    ]);
  });

  it("is not a stopped partial without text, nor a question", () => {
    expect(isStoppedPartial({ role: "assistant", status: "cancelled", text: "" })).toBe(false);
    expect(isStoppedPartial({ role: "user", status: "cancelled", text: "q" })).toBe(false);
  });
});

describe("conversation helpers", () => {
  it("maps every outcome to a status", () => {
    expect(statusOfOutcome("answered")).toBe("done");
    expect(statusOfOutcome(null)).toBe("done");
    expect(statusOfOutcome("awaiting_approval")).toBe("awaiting_approval");
    for (const o of ["failed", "cancelled", "emergency", "refused", "needs_consent", "no_model"]) expect(statusOfOutcome(o)).toBe(o);
    expect(statusOfOutcome("something new")).toBe("done");
  });

  it("a reopened conversation lists the files each question was sent with", () => {
    const [question, answer] = fromThreadMessages([
      { role: "user", text: "Read my log", turnId: "u1", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [{ id: "a1", name: "bp.csv" }] },
      { role: "assistant", text: "ok", turnId: "u1", createdAt: "", outcome: "answered", agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
    ]);
    expect(question!.files).toEqual([{ id: "a1", name: "bp.csv" }]);
    expect(answer!.files).toBeUndefined();
  });

  it("finds the question an answer belongs to", () => {
    const messages = fromThreadMessages([
      { role: "user", text: "first", turnId: "u1", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
      { role: "assistant", text: "a1", turnId: "u1", createdAt: "", outcome: "failed", agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
      { role: "user", text: "second", turnId: "u2", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
      { role: "assistant", text: "a2", turnId: "u2", createdAt: "", outcome: "cancelled", agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
    ]);
    expect(questionFor(messages, "a-u1")).toBe("first");
    expect(questionFor(messages, "a-u2")).toBe("second");
    expect(questionFor(messages, "q-u2")).toBe("second");
    expect(questionFor(messages, "nope")).toBeNull();
    // A live answer whose user message has no turn id yet falls back to the question before it.
    const live = run([{ type: "sending", localId: "m1", text: "pending q" }, ev({ type: "token", turnId: "u3", threadId: "t1", text: "x" })]);
    expect(questionFor(live.messages, "a-u3")).toBe("pending q");
  });
});
