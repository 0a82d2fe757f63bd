/**
 * A turn the emergency gate stopped keeps its crisis numbers in the conversation (safety.md §1): live
 * from the event, after a reload from history, and it points to the banner only while the banner is up.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { EmergencyTurn } from "../../src/renderer/components/EmergencyTurn";
import { initI18n } from "../../src/renderer/i18n";
import {
  bannerShownFor,
  conversationReducer,
  emergencyNotice,
  fromThreadMessages,
  initialConversation,
  type ChatMessage,
  type ConversationState,
} from "../../src/renderer/state/conversation";
import type { EmergencyNotice, EngineEvent, EventOf, ThreadMessageView } from "../../src/shared/contract";

const ref = { turnId: "u1", threadId: "t1" };
const numbers = [
  { label: "Emergency services", number: "911", kind: "call" as const, href: "tel:911" },
  { label: "Crisis line", number: "988", kind: "text" as const, href: "sms:988" },
];
const emergency = (source: EventOf<"emergency">["source"] = undefined): EventOf<"emergency"> => ({
  type: "emergency",
  ...ref,
  family: "cardiac",
  action: "911",
  rule: "r",
  locale: "US",
  headline: "Call 911 now.",
  numbers,
  ...(source === undefined ? {} : { source }),
});
const done: EngineEvent = { type: "done", ...ref, outcome: "emergency", text: "Call 911 now.", agents: [], topology: null, chips: [], why: null };
const ev = (event: EngineEvent) => ({ type: "event" as const, event });
const run = (actions: Parameters<typeof conversationReducer>[1][], from: ConversationState = initialConversation) => actions.reduce(conversationReducer, from);
const asked = [
  { type: "sending" as const, localId: "m1", text: "crushing chest pain" },
  { type: "sent" as const, localId: "m1", threadId: "t1", turnId: "u1" },
];
const answerOf = (s: ConversationState) => s.messages.find((m) => m.role === "assistant")!;

const notice: EmergencyNotice = { family: "cardiac", action: "911", locale: "US", headline: "Call 911 now.", numbers, source: null };
const stored = (n: EmergencyNotice | null): ThreadMessageView[] => [
  { role: "user", text: "crushing chest pain", turnId: "u1", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
  { role: "assistant", text: "Call 911 now.", turnId: "u1", createdAt: "", outcome: "emergency", agents: [], chips: [], emergency: n, why: null, stopped: false, attachments: [] },
];

describe("a stopped turn's crisis numbers in the conversation", () => {
  it("keeps the event's numbers, headline and source on the stopped answer", () => {
    const s = run([...asked, ev(emergency({ kind: "attachment", name: "bp-log.txt" })), ev(done)]);
    expect(answerOf(s)).toMatchObject({ status: "emergency", emergency: { ...notice, source: { kind: "attachment", name: "bp-log.txt" } } });
    expect(emergencyNotice(emergency())).toEqual(notice); // no source: null, not undefined
  });

  it("keeps the numbers after the banner is acknowledged, and only then stops pointing to it", () => {
    let s = run([...asked, ev(emergency()), ev(done)]);
    expect(bannerShownFor(s, "u1")).toBe(true);
    expect(bannerShownFor(s, "u2")).toBe(false); // a banner for another turn is not this turn's information
    expect(bannerShownFor(s, null)).toBe(false);
    s = conversationReducer(s, { type: "acknowledgeEmergency" });
    expect(bannerShownFor(s, "u1")).toBe(false);
    expect(answerOf(s).emergency).toEqual(notice);
  });

  it("rebuilds the numbers from history (a reload or a thread reopened), with no banner", () => {
    const s = run([{ type: "loaded", threadId: "t1", messages: stored(notice) }]);
    expect(answerOf(s)).toMatchObject({ status: "emergency", emergency: notice });
    expect(s.emergency).toBeNull();
    expect(bannerShownFor(s, "u1")).toBe(false);
    expect(fromThreadMessages(stored(notice))[0]!.emergency).toBeNull(); // never on the user's message
  });

  it("keeps the live banner pointing to the turn when its thread is reloaded from history", () => {
    const s = run([...asked, ev(emergency()), ev(done), { type: "loaded", threadId: "t1", messages: stored(notice) }]);
    expect(bannerShownFor(s, "u1")).toBe(true);
  });
});

describe("EmergencyTurn", () => {
  let i18n: ReturnType<typeof initI18n>;
  beforeAll(() => {
    i18n = initI18n("en");
  });
  const message = (emergency: EmergencyNotice | null): ChatMessage => fromThreadMessages(stored(emergency))[1]!;
  const html = (m: ChatMessage, bannerShown: boolean) => renderToStaticMarkup(createElement(EmergencyTurn, { message: m, bannerShown }));

  it("shows the numbers first, as call and text links, then the headline", () => {
    const out = html(message(notice), false);
    expect(out).toContain('href="tel:911"');
    expect(out).toContain('href="sms:988"');
    expect(out.indexOf("Call 911")).toBeLessThan(out.indexOf("Call 911 now."));
    expect(out.indexOf("Text 988")).toBeLessThan(out.indexOf("Call 911 now."));
    expect(out).toContain("Carefold stopped routine help for this message.");
  });

  it("says the information is at the top of the window only while the banner is up", () => {
    expect(html(message(notice), true)).toContain("The emergency information is at the top of the window.");
    expect(html(message(notice), false)).not.toContain("top of the window");
  });

  it("says where the flag was found, in English and Spanish", async () => {
    const fromFile = message({ ...notice, source: { kind: "attachment", name: "bp-log.txt" } });
    expect(html(fromFile, false)).toContain("Found in the attachment “bp-log.txt”.");
    expect(html(message(notice), false)).not.toContain("Found in");
    await i18n.changeLanguage("es");
    try {
      expect(html(fromFile, false)).toContain("Se encontró en el archivo adjunto «bp-log.txt».");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows the stored headline when an older answer kept no numbers", () => {
    const out = html(message(null), false);
    expect(out).toContain("Call 911 now.");
    expect(out).not.toContain("href=");
  });
});
