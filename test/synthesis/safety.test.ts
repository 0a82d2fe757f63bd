/**
 * What synthesis itself writes must pass the project's refusal gates: conflict questions and agenda words
 * go through the output check before anything is shown, and chips are sent back as the user's next message.
 */
import { describe, expect, it } from "vitest";
import { checkRefusal } from "../../src/engine/safety/refusal";
import { createComposer, DEFAULT_CHIPS, DEFAULT_CONFLICT_RULES } from "../../src/engine/synthesis";
import { answer, failed, plan, titleOf } from "./fixtures";

const LANGS = ["en", "es"] as const;

describe("synthesis text and the refusal gates", () => {
  it("every conflict question passes the output refusal check", () => {
    for (const rule of DEFAULT_CONFLICT_RULES) {
      for (const language of LANGS) {
        for (const q of rule.questions[language]) {
          const d = checkRefusal(q, { direction: "output", language });
          expect(d.refuse, `${rule.id}: ${q} (${d.rule})`).toBe(false);
        }
      }
    }
  });

  it("every chip passes the input refusal check", () => {
    for (const chip of Object.values(DEFAULT_CHIPS.chips)) {
      for (const language of LANGS) {
        const d = checkRefusal(chip[language], { direction: "input", language });
        expect(d.refuse, `${chip[language]} (${d.rule})`).toBe(false);
      }
    }
  });

  it("a composed agenda with every kind of note passes the output refusal check", () => {
    const compose = createComposer({ titleOf });
    for (const language of LANGS) {
      const r = compose(
        [
          answer("cardiology-guide", "Write down how much fluid you drink."),
          answer("nephrology-guide", "Bring your lab dates.", { awaitingApproval: true }),
          failed("endocrinology-guide", "model not loaded"),
        ],
        plan(["cardiology-guide", "nephrology-guide", "endocrinology-guide"]),
        language,
        "I have kidney disease and diabetes; I take warfarin, ibuprofen and prednisone; my CT scan with contrast is before surgery and I use a salt substitute",
      );
      expect(r.conflicts.length).toBe(DEFAULT_CONFLICT_RULES.length - 1); // all but metformin
      const d = checkRefusal(r.text, { direction: "output", language });
      expect(d.refuse, `${d.rule}: ${d.span?.text}`).toBe(false);
    }
  });
});
