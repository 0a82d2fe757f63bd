import { describe, expect, it } from "vitest";
import { analyzeEmergency, detectEmergency } from "../../src/engine/safety/index";
import { CUES, IDIOMS, RULES } from "../../src/engine/safety/rules/index";

const ROUTINE =
  "My mom sees a cardiologist and a kidney doctor. Her insurance changed in January and I have an EOB that says we owe $1,500. She takes 500 mg of metformin twice a day; her readings were 128/82 and 134/85. ";

describe("clause-scoped qualifiers", () => {
  it.each([
    ["No chest pain, but my throat is closing", "airway"],
    ["I don't have a fever and my husband's face is drooping", "stroke"],
    ["I had a stroke in 2021 and now my face is drooping again", "stroke"],
    ["What are the signs of a stroke? My mom's face is drooping right now.", "stroke"],
    ["Not to scare anyone but I think I'm having a heart attack", "cardiac"],
    ["I'm not suicidal, but everyone would be better off without me", "suicide"],
    ["I don't think it's anything, but my throat feels like it's closing", "airway"],
    ["I've never had chest pain like this before", "cardiac"],
  ])("%s → %s", (text, family) => {
    expect(detectEmergency(text).family).toBe(family);
  });

  it.each([
    "I had a stroke in 2021, what should I ask about rehab?",
    "No chest pain, no shortness of breath, no fever.",
    "What are the signs of a stroke?",
    "Why was my ER visit for chest pain billed as level 5?",
    "This bill will give me a heart attack",
    "In my novel, the hero has a heart attack on stage.",
    "Chest pain: denied. Shortness of breath: denied.",
  ])("not an emergency: %s", (text) => {
    expect(detectEmergency(text).emergency).toBe(false);
  });

  it("negation in one clause never silences another, in either order", () => {
    expect(detectEmergency("My throat is closing. No chest pain though.").family).toBe("airway");
    expect(detectEmergency("no rash, no fever, no cough, but he isn't breathing").family).toBe("breathing");
  });
});

describe("actions", () => {
  it.each([
    ["I want to kill myself", "988"],
    ["I have a gun and I want to kill myself", "911"],
    ["I took 40 pills to end my life", "911"],
    ["My toddler swallowed some of my pills", "poison"],
    ["My toddler swallowed some of my pills and now he won't wake up", "911"],
    ["My husband's face is drooping", "911"],
  ])("%s → %s", (text, action) => {
    expect(detectEmergency(text).action).toBe(action);
  });
});

describe("spans and explanations", () => {
  it("maps the span back through full-width letters, zero-width characters and case", () => {
    const text = "Please help, my husband's ＦＡ\u200bＣＥ is DROOPING";
    const d = detectEmergency(text);
    expect(d.rule).toBe("stroke.face_droop");
    expect(text.slice(d.span!.start, d.span!.end)).toBe(d.span!.text);
    expect(d.span!.text.startsWith("ＦＡ")).toBe(true);
    expect(d.span!.text.endsWith("DROOPING")).toBe(true);
  });

  it("explains a decision: the cues found and whether their clause switched them off", () => {
    const a = analyzeEmergency("No chest pain, but my throat is closing");
    const chest = a.cues.find((c) => c.cue === "chest_pain");
    expect(chest?.negated).toBe(true);
    expect(a.fired[0].rule).toBe("airway.throat_closing");
  });

  it("reports the language of the rule that fired", () => {
    expect(detectEmergency("Mi hijo no puede respirar").language).toBe("es");
    expect(detectEmergency("my son can't breathe").language).toBe("en");
    expect(detectEmergency("what should I bring to my visit?").language).toBeNull();
  });
});

describe("long and hostile input", () => {
  it("finds a red flag buried anywhere in a 200 KB message", () => {
    const filler = ROUTINE.repeat(Math.ceil(200_000 / ROUTINE.length));
    for (const at of [0, 0.5, 1]) {
      const cut = Math.floor(filler.length * at);
      const text = filler.slice(0, cut) + " My son just swallowed a button battery. " + filler.slice(cut);
      expect(detectEmergency(text).family).toBe("overdose");
    }
    expect(detectEmergency(filler).emergency).toBe(false);
  });

  it("is fast on pathological input (no catastrophic backtracking)", () => {
    const inputs = [
      "a".repeat(200_000),
      "chest ".repeat(40_000),
      "chest chest chest pain? no. ".repeat(7_000),
      "no ".repeat(60_000) + "throat closing",
      "s u i c i d e ".repeat(14_000),
      "1".repeat(200_000),
      "!!!???...".repeat(20_000),
      "bleeding bleeding won't won't ".repeat(7_000),
      "\u200b".repeat(100_000) + "can't breathe",
      "x".repeat(100_000) + " ".repeat(100_000),
    ];
    for (const text of inputs) {
      const started = performance.now();
      detectEmergency(text);
      expect(performance.now() - started).toBeLessThan(1_500);
    }
    expect(detectEmergency("no ".repeat(60_000) + "throat closing").family).toBe("airway");
    expect(detectEmergency("\u200b".repeat(100_000) + "can't breathe").family).toBe("breathing");
  });

  it("never throws on odd input", () => {
    for (const text of ["", " ", "\u0000\u0001", "\ud800", "🙂".repeat(1000), "İ̇̇", "ﬁ".repeat(10)]) {
      expect(() => detectEmergency(text)).not.toThrow();
    }
    expect(detectEmergency(undefined as unknown as string).emergency).toBe(false);
  });
});

describe("rule data", () => {
  it("every rule names known cues, and no pattern contains an un-interpolated placeholder", () => {
    const names = new Set(CUES.map((c) => c.name));
    for (const r of RULES) for (const g of r.all) for (const n of g) expect(names.has(n), `${r.id}: ${n}`).toBe(true);
    const patterns = [...CUES.flatMap((c) => [...(c.en ?? []), ...(c.es ?? [])]), ...IDIOMS.en, ...IDIOMS.es];
    for (const p of patterns) expect(p.includes("${"), p).toBe(false);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });
});
