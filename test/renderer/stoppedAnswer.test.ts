/**
 * A stopped answer (issue 13, item 5) shows what it had said, a "Stopped" label in words (not colour
 * alone), that it may be incomplete, and who was answering and why — in English and Spanish, also
 * when the thread is reopened from history.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { AssistantMessage, Elapsed, type AnswerActions } from "../../src/renderer/components/AssistantMessage";
import { initI18n } from "../../src/renderer/i18n";
import { fromThreadMessages, type ChatMessage } from "../../src/renderer/state/conversation";

const noop = () => undefined;
const actions: AnswerActions = {
  onChip: noop,
  onRetry: noop,
  onEdit: noop,
  onAgenda: noop,
  onConsent: noop,
  onOpenSettings: noop,
  onReviewApprovals: noop,
  onAddToVisitList: noop,
  titlesOf: (ids) => ids.map(() => "Visit Steward"),
  bannerShown: () => false,
};
const [stopped, empty] = fromThreadMessages([
  { role: "assistant", text: "Bring your medicine list.", turnId: "u1", createdAt: "", outcome: "cancelled", agents: ["visit-steward"], chips: [], emergency: null, why: "General visit preparation.", stopped: true, attachments: [] },
  { role: "assistant", text: "", turnId: "u2", createdAt: "", outcome: "cancelled", agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] },
]) as [ChatMessage, ChatMessage];
const html = (m: ChatMessage) => renderToStaticMarkup(createElement(AssistantMessage, { message: m, actions }));

describe("a stopped answer", () => {
  let i18n: ReturnType<typeof initI18n>;
  beforeAll(() => {
    i18n = initI18n("en");
  });

  it("keeps its text, says Stopped in words, and who was answering and why", () => {
    const out = html(stopped);
    expect(out).toContain('<span class="badge">Stopped</span>');
    expect(out).toContain("Bring your medicine list.");
    expect(out).toContain("You stopped this answer, so it may be incomplete.");
    expect(out).toContain("Partial answer from Visit Steward.");
    expect(out).toContain("Why: General visit preparation.");
    expect(out).toContain("Try again");
    expect(out.indexOf("Stopped")).toBeLessThan(out.indexOf("Bring your medicine list."));
  });

  it("without text, says only that it was stopped", () => {
    const out = html(empty);
    expect(out).toContain("You stopped this answer.");
    expect(out).not.toContain("badge");
    expect(out).not.toContain("Partial answer");
  });

  it("in Spanish", async () => {
    await i18n.changeLanguage("es");
    try {
      const out = html(stopped);
      expect(out).toContain('<span class="badge">Detenido</span>');
      expect(out).toContain("Usted detuvo esta respuesta, así que puede estar incompleta.");
      expect(out).toContain("Respuesta parcial de Visit Steward.");
      expect(out).toContain("Por qué: General visit preparation.");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("an answer being prepared (issue 18, item 5)", () => {
  const preparing: ChatMessage = { ...stopped, status: "streaming", text: "", progress: "Preparing your answer", startedAt: 1_000 };

  it("shows the stage, announced when it changes, and the elapsed seconds on screen only", () => {
    const out = renderToStaticMarkup(createElement(AssistantMessage, { message: preparing, actions }));
    expect(out).toContain('<span role="status">Preparing your answer</span>');
    expect(out).toMatch(/<span class="elapsed" aria-hidden="true"[^>]*>· \d+ seconds?<\/span>/);
  });

  it("counts from when the answer began", () => {
    const out = renderToStaticMarkup(createElement(Elapsed, { since: 1_000, now: () => 13_400 }));
    expect(out).toContain("· 12 seconds");
  });
});
