/**
 * A refused question becomes a question for the care team (issue 18, item 7): offered under the
 * refusal, asked before anything is written, and added in the user's words to their note.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { AssistantMessage, type AnswerActions } from "../../src/renderer/components/AssistantMessage";
import { initI18n } from "../../src/renderer/i18n";
import { withQuestion } from "../../src/renderer/lib/visitList";
import type { ChatMessage } from "../../src/renderer/state/conversation";

const i18n = initI18n("en");
beforeAll(async () => {
  await i18n.changeLanguage("en");
});
const noop = () => undefined;
const actions = { onChip: noop, onRetry: noop, onEdit: noop, onAgenda: noop, onConsent: noop, onOpenSettings: noop, onReviewApprovals: noop, onAddToVisitList: noop, titlesOf: () => [], bannerShown: () => false } as AnswerActions;
const refusal: ChatMessage = { id: "a-u1", role: "assistant", text: "I can't tell you a dose. A pharmacist or your doctor can.", turnId: "u1", status: "refused", agents: [], why: null, chips: [], traces: [], progress: null, emergency: null };

describe("a refused question for the visit list", () => {
  it("is offered under a refusal, and only there", () => {
    expect(renderToStaticMarkup(createElement(AssistantMessage, { message: refusal, actions }))).toContain("Add this question to my visit list");
    expect(renderToStaticMarkup(createElement(AssistantMessage, { message: { ...refusal, status: "done" }, actions }))).not.toContain("Add this question to my visit list");
  });

  it("starts the note with a heading, adds to an existing note without touching it, and never adds it twice", () => {
    expect(withQuestion(null, "Questions for my care team", "How much  ibuprofen can my son take?")).toBe("# Questions for my care team\n\n- How much ibuprofen can my son take?\n");
    const mine = "# Questions for my care team\n\n- Should I keep my morning walk?\n\nBring: pill bottles";
    const added = withQuestion(mine, "Questions for my care team", "Can I stop my statin?");
    expect(added).toBe(`${mine}\n- Can I stop my statin?\n`);
    expect(withQuestion(added, "Questions for my care team", "Can I stop my statin?")).toBe(added);
  });

  it("says it in Spanish", async () => {
    await i18n.changeLanguage("es");
    try {
      expect(renderToStaticMarkup(createElement(AssistantMessage, { message: refusal, actions }))).toContain("Añadir esta pregunta a mi lista para la cita");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
