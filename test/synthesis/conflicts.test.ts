import { describe, expect, it } from "vitest";
import { compileRules, conflictQuestions, DEFAULT_CONFLICT_RULES, detectConflicts, type ConflictInput } from "../../src/engine/synthesis";

const RULES = compileRules(DEFAULT_CONFLICT_RULES);
const QUESTIONS = new Map(DEFAULT_CONFLICT_RULES.map((r) => [r.id, r.questions]));

/** Fired rule ids for answers (by agent) and an optional user question. */
function fired(answers: Record<string, string>, question?: string, language: "en" | "es" = "en"): string[] {
  const input: ConflictInput = { answered: Object.keys(answers), texts: Object.values(answers), ...(question ? { question } : {}) };
  return detectConflicts(RULES, input, language).map((f) => f.id);
}

interface Case {
  label: string;
  answers: Record<string, string>;
  question?: string;
}

/** For each rule: what must fire it (EN and ES) and near misses that must not. */
const CASES: Record<string, { fires: Case[]; misses: Case[] }> = {
  "cardiorenal-fluid-sodium": {
    fires: [
      { label: "heart and kidney guides, fluid", answers: { "cardiology-guide": "Keep a daily weight log and write down how much fluid you drink.", "nephrology-guide": "Bring your latest lab results." } },
      { label: "one answer: sodium + heart failure + kidney", answers: { "visit-steward": "With heart failure and kidney disease, sodium limits come up at both visits." } },
      { label: "ES one answer, accents", answers: { "visit-steward": "Con insuficiencia cardíaca y enfermedad del riñón, anote cuántos líquidos toma y cuánta sal." } },
      { label: "ES without accents", answers: { "visit-steward": "Con insuficiencia cardiaca y los rinones, el sodio importa." } },
      { label: "ES heart and kidney guides", answers: { "cardiology-guide": "Anote su peso cada mañana y el agua que toma.", "nephrology-guide": "Lleve sus análisis recientes." } },
    ],
    misses: [
      { label: "heart and kidney guides, no fluid or salt", answers: { "cardiology-guide": "Bring your blood pressure log.", "nephrology-guide": "Bring your latest lab results." } },
      { label: "fluid + heart failure, no kidney term", answers: { "cardiology-guide": "With heart failure, write down how much fluid you drink." } },
      { label: "salt + kidney, no heart term", answers: { "nephrology-guide": "Your kidney team may ask about salt in your meals." } },
      { label: "ES líquidos + insuficiencia cardíaca only", answers: { "cardiology-guide": "Anote cuántos líquidos toma por su insuficiencia cardíaca." } },
      { label: "'salty' and 'heartfelt' are not terms", answers: { "visit-steward": "A heartfelt note about salty snacks and your kidney visit." } },
    ],
  },
  "nsaid-kidney": {
    fires: [
      { label: "ibuprofen + kidney disease", answers: { "ortho-guide": "You mentioned ibuprofen for your knee and your kidney disease." } },
      { label: "brand name + CKD", answers: { "ortho-guide": "Write down how often you take Advil. Note that you have CKD." } },
      { label: "kidney guide + pain relievers", answers: { "nephrology-guide": "List every over-the-counter pain reliever you use." } },
      { label: "ES in the user's question", answers: { "visit-steward": "Lleve su lista de medicamentos." }, question: "Tomo ibuprofeno y tengo enfermedad renal" },
      { label: "ES antiinflamatorios + riñones", answers: { "ortho-guide": "Anote los antiinflamatorios que usa; su médico de los riñones querrá saberlo." } },
    ],
    misses: [
      { label: "acetaminophen + kidney", answers: { "nephrology-guide": "Write down when you take acetaminophen (Tylenol) and bring your kidney function results." } },
      { label: "ibuprofen, no kidney", answers: { "ortho-guide": "Write down how often you take ibuprofen for your knee." } },
      { label: "ES paracetamol + riñones", answers: { "nephrology-guide": "Anote cuándo toma paracetamol y lleve los análisis de los riñones." } },
      { label: "ES ibuprofeno, no kidney", answers: { "ortho-guide": "Anote cuándo toma ibuprofeno para la rodilla." } },
    ],
  },
  "anticoagulant-procedure": {
    fires: [
      { label: "Eliquis + colonoscopy", answers: { "gastro-guide": "Bring your medicine list." }, question: "I take Eliquis and have a colonoscopy next week" },
      { label: "blood thinner + dental work", answers: { "oral-health-guide": "Tell the dental office you take a blood thinner before any dental work." } },
      { label: "warfarin + surgery", answers: { "ortho-guide": "Before your knee surgery, list all medicines, including warfarin." } },
      { label: "ES warfarina + sacar una muela", answers: { "oral-health-guide": "Lleve su lista de medicamentos." }, question: "Tomo warfarina y me van a sacar una muela" },
      { label: "ES anticoagulante + cirugía", answers: { "ortho-guide": "Antes de la cirugía, anote que toma un anticoagulante." } },
    ],
    misses: [
      { label: "blood pressure + surgery", answers: { "ortho-guide": "Before your knee surgery, bring your blood pressure log." } },
      { label: "blood thinner, no procedure", answers: { "cardiology-guide": "Keep your blood thinner on your medicine list." } },
      { label: "colonoscopy, no blood thinner", answers: { "gastro-guide": "Ask how to prepare for your colonoscopy." } },
      { label: "ES warfarina + limpieza en el dentista", answers: { "oral-health-guide": "Tomo warfarina y voy al dentista para una limpieza." } },
    ],
  },
  "steroid-blood-sugar": {
    fires: [
      { label: "prednisone + diabetes", answers: { "pulmonology-guide": "You said you were given prednisone, and you also have diabetes." } },
      { label: "cortisone shot + A1C", answers: { "ortho-guide": "Before the cortisone shot, bring your last A1C result." } },
      { label: "diabetes guide + steroids", answers: { "endocrinology-guide": "Write down any steroid medicines another doctor gave you." } },
      { label: "ES cortisona + diabetes", answers: { "ortho-guide": "Me pusieron una inyección de cortisona y tengo diabetes." } },
      { label: "ES prednisona + azúcar en la sangre", answers: { "pulmonology-guide": "Anote la prednisona y sus lecturas de azúcar en la sangre." } },
    ],
    misses: [
      { label: "cholesterol (contains 'sterol') + diabetes", answers: { "cardiology-guide": "Bring your cholesterol results and your diabetes log." } },
      { label: "prednisone + blood pressure", answers: { "pulmonology-guide": "Write down when you took prednisone and your blood pressure." } },
      { label: "ES esteroides + presión", answers: { "pulmonology-guide": "Anote los esteroides que usa y su presión arterial." } },
    ],
  },
  "contrast-kidney": {
    fires: [
      { label: "CT with contrast + kidney function", answers: { "neurology-guide": "Your CT scan is with contrast; bring your kidney function results." } },
      { label: "contrast dye + eGFR", answers: { "nephrology-guide": "Ask whether the scan uses contrast dye and bring your eGFR." } },
      { label: "ES con contraste + riñones", answers: { "neurology-guide": "La tomografía es con contraste; lleve los análisis de sus riñones." } },
    ],
    misses: [
      { label: "'in contrast' + kidney", answers: { "nephrology-guide": "In contrast, your kidney visit is about your lab trend." } },
      { label: "CT scan + kidney, no contrast", answers: { "nephrology-guide": "Bring the CT scan report and your kidney results." } },
      { label: "ES 'en contraste con' + riñón", answers: { "nephrology-guide": "En contraste con la visita anterior, lleve sus análisis del riñón." } },
    ],
  },
  "metformin-contrast": {
    fires: [
      { label: "metformin + MRI with contrast", answers: { "endocrinology-guide": "Bring your medicine list, including metformin." }, question: "My MRI is with contrast next week" },
      { label: "ES metformina + medio de contraste", answers: { "endocrinology-guide": "Tomo metformina y me harán un estudio con medio de contraste." } },
    ],
    misses: [
      { label: "metformin + CT scan, no contrast", answers: { "endocrinology-guide": "Bring your metformin bottle and the CT scan date." } },
      { label: "ES metformina, no contrast", answers: { "endocrinology-guide": "Lleve su metformina a la visita." } },
    ],
  },
  "potassium-kidney": {
    fires: [
      { label: "salt substitute + CKD", answers: { "cardiology-guide": "If you use a salt substitute, note it; your CKD team may ask." } },
      { label: "ES potasio + riñones", answers: { "nephrology-guide": "Anote los alimentos con potasio; su médico de los riñones los revisará." } },
    ],
    misses: [
      { label: "potassium + heart only", answers: { "cardiology-guide": "Bring your potassium result to the heart visit." } },
      { label: "ES sustituto de sal, no kidney", answers: { "cardiology-guide": "Anote si usa un sustituto de sal." } },
    ],
  },
};

describe("declared conflict rules", () => {
  it("has trigger and near-miss cases for every shipped rule", () => {
    expect(Object.keys(CASES).sort()).toEqual(DEFAULT_CONFLICT_RULES.map((r) => r.id).sort());
  });

  for (const [id, { fires, misses }] of Object.entries(CASES)) {
    describe(id, () => {
      it.each(fires.map((c) => [c.label, c] as const))("fires: %s", (_label, c) => {
        expect(fired(c.answers, c.question)).toContain(id);
      });
      it.each(misses.map((c) => [c.label, c] as const))("does not fire: %s", (_label, c) => {
        expect(fired(c.answers, c.question)).not.toContain(id);
      });
    });
  }
});

describe("detectConflicts", () => {
  const cardiorenal = { "cardiology-guide": "Write down how much fluid you drink.", "nephrology-guide": "Ask about salt and potassium for your kidneys." };

  it("returns the fired rules in file order, with the questions in the answer's language", () => {
    const en = detectConflicts(RULES, { answered: Object.keys(cardiorenal), texts: Object.values(cardiorenal) }, "en");
    const es = detectConflicts(RULES, { answered: Object.keys(cardiorenal), texts: Object.values(cardiorenal) }, "es");
    expect(en.map((f) => f.id)).toEqual(["cardiorenal-fluid-sodium", "potassium-kidney"]);
    expect(en[0]!.questions).toEqual(QUESTIONS.get("cardiorenal-fluid-sodium")!.en);
    expect(es[0]!.questions).toEqual(QUESTIONS.get("cardiorenal-fluid-sodium")!.es);
  });

  it("is deterministic", () => {
    const input = { answered: Object.keys(cardiorenal), texts: Object.values(cardiorenal), question: "I take warfarin before surgery" };
    const first = detectConflicts(RULES, input, "en");
    for (let i = 0; i < 5; i++) expect(detectConflicts(RULES, input, "en")).toEqual(first);
  });

  it("requires the named specialists to have answered for an agents clause", () => {
    // Same text, but the kidney guide is not among those who answered.
    expect(fired({ "cardiology-guide": "Write down how much fluid you drink." })).not.toContain("cardiorenal-fluid-sodium");
  });

  it("lists each question once even when two rules share it", () => {
    const shared = "Who should I call with more questions about this?";
    const rules = compileRules([
      { id: "a-rule", description: "first test rule", when: [{ terms: [["alpha"]] }], questions: { en: [shared], es: ["¿A quién llamo con más preguntas?"] } },
      { id: "b-rule", description: "second test rule", when: [{ terms: [["beta"]] }], questions: { en: [shared], es: ["¿A quién llamo con más preguntas?"] } },
    ]);
    const both = detectConflicts(rules, { answered: ["x"], texts: ["alpha and beta"] }, "en");
    expect(both.map((f) => f.id)).toEqual(["a-rule", "b-rule"]);
    expect(conflictQuestions(both)).toEqual([shared]);
  });

  it("matches wildcard words inside phrases and hyphen or space variants", () => {
    const rules = compileRules([
      { id: "t-rule", description: "wildcard test rule", when: [{ terms: [["pastilla* para orinar"], ["anti-inflammator*"]] }], questions: { en: ["Is this a question for my doctor?"], es: ["¿Es una pregunta para mi médico?"] } },
    ]);
    const hit = (text: string) => detectConflicts(rules, { answered: ["x"], texts: [text] }, "en").length === 1;
    expect(hit("Las pastillas para orinar y antiinflammatory creams")).toBe(true);
    expect(hit("pastillas para orinar, anti inflammatory")).toBe(true);
    expect(hit("pastillas para dormir, anti-inflammatory")).toBe(false);
  });
});
