import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANONICAL_FOOTER, finalizeResult, type SynthesisDeps } from "../../src/engine/lifecycle/synthesize";
import { createComposer, DEFAULT_CHIPS, DEFAULT_CONFLICT_RULES, MAX_CHIP_LENGTH, type ConflictRule } from "../../src/engine/synthesis";
import { answer, failed, plan, titleOf } from "./fixtures";

const compose = createComposer({ titleOf });
const HEART = "Keep a daily weight log.\n\n- Bring your blood pressure readings.";
const KIDNEY = "Bring your latest lab results.";
const AUTH = "Ask the office to send the request to your plan.";
const questionsOf = (id: string, lang: "en" | "es") => DEFAULT_CONFLICT_RULES.find((r) => r.id === id)!.questions[lang];
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

describe("what the final output check reads", () => {
  it("is the composed model text without the notes on failed specialists", () => {
    const r = compose([answer("cardiology-guide", HEART), failed("nephrology-guide", "tiny.gguf is truncated. Copy or download it again.")], plan(["cardiology-guide", "nephrology-guide"]), "en");
    expect(r.text).toContain("tiny.gguf is truncated");
    expect(r.checked).not.toContain("tiny.gguf");
    expect(r.checked).toContain("Keep a daily weight log.");
    const alone = compose([answer("cardiology-guide", HEART)], plan(["cardiology-guide"]), "en");
    expect(alone.checked).toBe(alone.text);
  });
});

describe("single specialist", () => {
  it("is the cleaned text alone, without an agenda wrapper", () => {
    const r = compose([answer("cardiology-guide", `As an AI, I can't diagnose you.\n\n${HEART}\n\n_Disclaimer: not medical advice._`)], plan(["cardiology-guide"]), "en");
    expect(r.text).toBe(HEART);
    expect(r.conflicts).toEqual([]);
  });

  it("still gets the questions for the doctors when a rule fires", () => {
    const text = "With heart failure and kidney disease, write down how much fluid you drink.";
    const r = compose([answer("cardiology-guide", text)], plan(["cardiology-guide"]), "en");
    expect(r.conflicts).toEqual(["cardiorenal-fluid-sodium"]);
    expect(r.text).toBe(`${text}\n\n## Questions for your doctors\n\n${questionsOf("cardiorenal-fluid-sodium", "en").map((q) => `- ${q}`).join("\n")}`);
    expect(r.text).not.toContain("# Your visit agenda");
  });

  it("matches the user's question when the caller passes it", () => {
    const r = compose([answer("gastro-guide", "Bring your medicine list.")], plan(["gastro-guide"]), "en", "I take Eliquis and my colonoscopy is Friday");
    expect(r.conflicts).toEqual(["anticoagulant-procedure"]);
  });

  it("says so when nothing was left after removing boilerplate", () => {
    const r = compose([answer("cardiology-guide", "I am not a doctor. This is not medical advice.")], plan(["cardiology-guide"]), "en");
    expect(r.text).toBe("The Heart Visit Guide had nothing to add this time.");
  });

  it("keeps the text of an answer waiting for approval and says it is waiting", () => {
    const r = compose([answer("cardiology-guide", "I drafted a blood pressure log for you.", { awaitingApproval: true })], plan(["cardiology-guide"]), "en");
    expect(r.text).toMatch(/^I drafted a blood pressure log for you\.\n\n_Waiting for your OK/);
  });

  it("reports a failure plainly", () => {
    const r = compose([failed("endocrinology-guide", "model timed out\n    at Runner.run (runner.ts:10)")], plan(["endocrinology-guide"]), "en");
    expect(r.text).toBe("**Not everything finished:**\n- The Diabetes & Thyroid Visit Guide could not answer (model timed out). You can try again.");
    expect(r.conflicts).toEqual([]);
  });
});

describe("master agenda (parallel)", () => {
  const p = plan(["cardiology-guide", "nephrology-guide"]);

  it("has a title, one section per specialist in plan order, then the questions", () => {
    // Outputs arrive in completion order; the agenda follows the plan.
    const r = compose([answer("nephrology-guide", KIDNEY), answer("cardiology-guide", "Write down how much fluid you drink.")], p, "en");
    expect(r.text.split("\n").filter((l) => l.startsWith("#"))).toEqual([
      "# Your visit agenda",
      "## Heart Visit Guide",
      "## Kidney Visit Guide",
      "## Questions for your doctors",
    ]);
    expect(r.text.indexOf("fluid you drink")).toBeLessThan(r.text.indexOf(KIDNEY));
    expect(r.conflicts).toEqual(["cardiorenal-fluid-sodium"]);
  });

  it("puts each specialist's own headings below its section heading", () => {
    const r = compose([answer("cardiology-guide", "# Before the visit\n\nBring the cuff."), answer("nephrology-guide", "## Labs\n\n" + KIDNEY)], p, "en");
    expect(r.text).toContain("## Heart Visit Guide\n\n### Before the visit\n\nBring the cuff.");
    expect(r.text).toContain("## Kidney Visit Guide\n\n#### Labs");
  });

  it("lists a failed specialist after the questions, never dropping it", () => {
    const r = compose(
      [answer("cardiology-guide", "Write down how much fluid you drink."), answer("nephrology-guide", KIDNEY), failed("endocrinology-guide", "model not loaded")],
      plan(["cardiology-guide", "nephrology-guide", "endocrinology-guide"]),
      "en",
    );
    expect(r.text).not.toContain("## Diabetes & Thyroid Visit Guide");
    expect(r.text.endsWith("**Not everything finished:**\n- The Diabetes & Thyroid Visit Guide could not answer (model not loaded). You can try again.")).toBe(true);
    expect(r.text.indexOf("## Questions for your doctors")).toBeLessThan(r.text.indexOf("**Not everything finished:**"));
  });

  it("reports every failure with a short reason when no one answered", () => {
    const r = compose([failed("cardiology-guide", null), failed("nephrology-guide", "x".repeat(500))], p, "en");
    expect(r.text).not.toContain("# Your visit agenda");
    const lines = r.text.split("\n");
    expect(lines[1]).toBe("- The Heart Visit Guide could not answer (no details). You can try again.");
    expect(lines[2]!.length).toBeLessThan(200);
    expect(r.chips.length).toBeGreaterThanOrEqual(2);
  });

  it("marks a section waiting for approval", () => {
    const r = compose([answer("cardiology-guide", HEART), answer("nephrology-guide", "I prepared a note with your lab dates.", { awaitingApproval: true })], p, "en");
    expect(r.text).toContain("## Kidney Visit Guide\n\nI prepared a note with your lab dates.\n\n_Waiting for your OK");
  });

  it("is in Spanish when the answer is", () => {
    const r = compose([answer("cardiology-guide", "Anote cuántos líquidos toma."), answer("nephrology-guide", "Lleve sus análisis.")], p, "es");
    expect(r.text.startsWith("# Su agenda para la visita\n\n## Heart Visit Guide")).toBe(true);
    expect(r.text).toContain("## Preguntas para sus médicos");
    for (const q of questionsOf("cardiorenal-fluid-sodium", "es")) expect(r.text).toContain(q);
    expect(r.chips).toEqual([DEFAULT_CHIPS.chips["print-agenda"]!.es, DEFAULT_CHIPS.chips["save-questions"]!.es, DEFAULT_CHIPS.chips["track-blood-pressure"]!.es]);
  });
});

describe("pipeline", () => {
  const p = plan(["cardiology-guide", "prior-auth-navigator"], "pipeline");

  it("keeps task order (clinical first, then the navigator)", () => {
    const r = compose([answer("prior-auth-navigator", AUTH), answer("cardiology-guide", HEART)], p, "en");
    expect(r.text.indexOf("## Heart Visit Guide")).toBeLessThan(r.text.indexOf("## Prior Authorization Navigator"));
    expect(r.text.startsWith("# Your visit agenda")).toBe(true);
  });

  it("offers the navigator's next step as a chip", () => {
    const r = compose([answer("cardiology-guide", HEART), answer("prior-auth-navigator", AUTH)], p, "en");
    expect(r.chips).toEqual(["Print my visit agenda", "Save this as a note", "Questions about the cost"]);
  });
});

describe("chips", () => {
  it("suggests what to bring for a single specialist, then saving, then its tracking chip", () => {
    expect(compose([answer("cardiology-guide", HEART)], plan(["cardiology-guide"]), "en").chips).toEqual([
      "What should I bring?",
      "Save this as a note",
      "Track my blood pressure",
    ]);
    expect(compose([answer("visit-steward", "Bring your insurance card.")], plan(["visit-steward"]), "en").chips).toEqual(["What should I bring?", "Save this as a note"]);
  });

  it("are 2-3 short chips in the answer's language for any plan", () => {
    const agents = Object.keys(DEFAULT_CHIPS.agents);
    const esTexts = new Set(Object.values(DEFAULT_CHIPS.chips).map((c) => c.es));
    const enTexts = new Set(Object.values(DEFAULT_CHIPS.chips).map((c) => c.en));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...agents), { minLength: 1, maxLength: 3 }),
        fc.constantFrom("single", "parallel", "pipeline"),
        fc.constantFrom("en", "es"),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        (ids, topology, language, oks) => {
          const outputs = ids.map((id, i) => (oks[i] ? answer(id, "Bring your notes.") : failed(id, "offline")));
          const r = compose(outputs, plan(ids, ids.length === 1 ? "single" : (topology as "parallel" | "pipeline")), language as "en" | "es");
          expect(r.chips.length).toBeGreaterThanOrEqual(2);
          expect(r.chips.length).toBeLessThanOrEqual(3);
          expect(new Set(r.chips).size).toBe(r.chips.length);
          for (const c of r.chips) {
            expect(c.length).toBeLessThanOrEqual(MAX_CHIP_LENGTH);
            expect((language === "es" ? esTexts : enTexts).has(c)).toBe(true);
          }
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });
});

describe("footer and lifecycle wiring", () => {
  const outputs = [
    answer("cardiology-guide", `Bring your log.\n\n${CANONICAL_FOOTER.en}`),
    answer("nephrology-guide", `Lleve sus análisis.\n\n${CANONICAL_FOOTER.es}\n\nDisclaimer: Carefold is not a doctor.`),
  ];

  it("never puts a footer or disclaimer of its own in the text", () => {
    for (const language of ["en", "es"] as const) {
      const r = compose(outputs, plan(["cardiology-guide", "nephrology-guide"]), language);
      expect(r.text).not.toContain(CANONICAL_FOOTER.en);
      expect(r.text).not.toContain(CANONICAL_FOOTER.es);
      expect(r.text).not.toMatch(/disclaimer|descargo|Carefold/i);
    }
  });

  it("fits the lifecycle's SynthesisDeps.compose slot", () => {
    const deps: SynthesisDeps = { compose };
    const r = deps.compose([answer("cardiology-guide", "Bring your log.")], plan(["cardiology-guide"]), "en");
    expect(r.text).toBe("Bring your log.");
  });

  it("ends with exactly one canonical footer when passed to finalizeResult", () => {
    const p = plan(["cardiology-guide", "nephrology-guide"]);
    const result = finalizeResult(outputs, p, "en", compose);
    expect(count(result.text, CANONICAL_FOOTER.en)).toBe(1);
    expect(count(result.text, CANONICAL_FOOTER.es)).toBe(0);
    expect(result.text.endsWith(CANONICAL_FOOTER.en)).toBe(true);
    expect(result.chips.length).toBeGreaterThanOrEqual(2);
    expect(result.outcome).toBe("answered");
  });

  it("uses rules passed in instead of the shipped ones", () => {
    const only: ConflictRule[] = [
      { id: "custom-rule", description: "a custom test rule", when: [{ terms: [["log"]] }], questions: { en: ["Who should read my log first?"], es: ["¿Quién debe leer primero mi registro?"] } },
    ];
    const r = createComposer({ titleOf, rules: only })([answer("cardiology-guide", "Bring your log.")], plan(["cardiology-guide"]), "en");
    expect(r.conflicts).toEqual(["custom-rule"]);
    expect(r.text).toContain("- Who should read my log first?");
  });
});
