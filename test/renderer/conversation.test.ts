/** The renderer's conversation reducer over engine events. */
import { describe, expect, it } from "vitest";
import { conversationReducer, initialConversation, type ConversationState } from "../../src/renderer/state/conversation";
import type { EngineEvent } from "../../src/shared/contract";

const ev = (event: EngineEvent) => ({ type: "event" as const, event });

function run(actions: Parameters<typeof conversationReducer>[1][]): ConversationState {
  return actions.reduce(conversationReducer, initialConversation);
}

describe("conversation reducer", () => {
  it("streams tokens into one assistant message and replaces them with the final text", () => {
    const s = run([
      { type: "sending", localId: "m1", text: "hi" },
      { type: "sent", localId: "m1", threadId: "t1", turnId: "u1" },
      ev({ type: "token", turnId: "u1", threadId: "t1", text: "Hel" }),
      ev({ type: "token", turnId: "u1", threadId: "t1", text: "lo" }),
    ]);
    expect(s.messages.map((m) => [m.role, m.text, m.status])).toEqual([
      ["user", "hi", "done"],
      ["assistant", "Hello", "streaming"],
    ]);
    expect(s.activeTurnId).toBe("u1");
    const d = conversationReducer(s, ev({ type: "done", turnId: "u1", threadId: "t1", outcome: "answered", text: "Hello.\n\nfooter", agents: ["visit-steward"], topology: "single", chips: ["Next"], why: "w" }));
    expect(d.messages[1]).toMatchObject({ text: "Hello.\n\nfooter", status: "done", agents: ["visit-steward"], chips: ["Next"] });
    expect(d.activeTurnId).toBeNull();
  });

  it("keeps the emergency banner until acknowledged", () => {
    const emergency: EngineEvent = { type: "emergency", turnId: "u1", threadId: "t1", family: "stroke", action: "911", rule: "r", locale: "US", headline: "Call 911 now.", numbers: [{ label: "Emergency", number: "911", kind: "call", href: "tel:911" }] };
    let s = run([ev(emergency)]);
    expect(s.emergency?.family).toBe("stroke");
    s = conversationReducer(s, { type: "reset" });
    expect(s.emergency).not.toBeNull();
    s = conversationReducer(s, { type: "acknowledgeEmergency" });
    expect(s.emergency).toBeNull();
  });

  it("ignores other threads' turns and records errors", () => {
    let s = run([
      { type: "sending", localId: "m1", text: "hi" },
      { type: "sent", localId: "m1", threadId: "t1", turnId: "u1" },
      ev({ type: "token", turnId: "u9", threadId: "t9", text: "other" }),
      ev({ type: "error", turnId: null, threadId: null, code: "x", message: "Something broke" }),
    ]);
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
});
