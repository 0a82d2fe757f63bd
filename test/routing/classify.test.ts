import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { buildLexicon, classify, editDistance, type Lexicon } from "../../src/engine/routing";
import { stem, terms } from "../../src/engine/catalog";
import { repoContent } from "../catalog/contentCopy";

let lexicon: Lexicon;
const GENERALIST = "navigation.appointments";
const concernsOf = (text: string) => classify(text, lexicon, { generalistCategory: GENERALIST }).concerns.map((c) => c.category);

beforeAll(() => {
  lexicon = buildLexicon(repoContent().agents);
});

describe("terms", () => {
  it("folds case, accents, apostrophes and plurals the same way on both sides", () => {
    expect(terms("Riñones CROHN'S a-fib Ojos")).toEqual(["rinone", "crohn", "a", "fib", "ojo"]);
    expect(stem("sinus")).toBe("sinus");
    expect(stem("psoriasis")).toBe("psoriasis");
    expect(stem("glasses")).toBe("glasse");
  });

  it("reads at most the first 8,000 characters", () => {
    expect(terms("kidney ".repeat(10_000)).length).toBeLessThanOrEqual(1_200);
  });
});

describe("classify (hop 1)", () => {
  it("builds its lexicon from every visible agent's category", () => {
    expect(lexicon.categories.size).toBe(23);
    expect(lexicon.categories.get("clinical.cardiology")).toMatchObject({ domain: "clinical", kind: "clinical", agents: ["cardiology-guide"] });
    expect(lexicon.categories.get("navigation.prior_auth")?.kind).toBe("admin");
    expect(lexicon.categories.get("navigation.appointments")?.kind).toBe("other");
    expect(lexicon.categories.get("wellness.habits")?.kind).toBe("other");
  });

  it("matches lay words, longest phrase first", () => {
    expect(concernsOf("my sugar numbers have been all over the place")).toEqual(["clinical.endocrinology"]);
    // "kidney stone" belongs to urology even though "kidney" alone is nephrology.
    expect(concernsOf("I passed a kidney stone")).toEqual(["clinical.urology"]);
    expect(concernsOf("my dad needs a diabetic foot exam")).toEqual(["clinical.podiatry"]);
  });

  it("corrects typos of five letters or more against the lexicon", () => {
    expect(concernsOf("kidny function is worse")).toEqual(["clinical.nephrology"]);
    expect(concernsOf("cardiolgy follow up")).toEqual(["clinical.cardiology"]);
    // Different first letter: "later" is not "water".
    expect(classify("later", lexicon).scores).toEqual([]);
  });

  it("steps over function words inside a phrase and matches two-word keywords in any order", () => {
    expect(concernsOf("the pharmacy says it's not covered")).toEqual(["navigation.formulary"]);
    expect(concernsOf("my joints are swollen")).toEqual(["clinical.rheumatology"]);
    expect(concernsOf("el seguro necesita aprobación")).toEqual(["navigation.prior_auth"]);
  });

  it("lets the general visit category step aside for a specific one", () => {
    expect(concernsOf("ENT appointment next week")).toEqual(["clinical.ent"]);
    expect(concernsOf("doctor appointment next week")).toEqual(["navigation.appointments"]);
  });

  it("finds several concerns, and a clinical concern beside a paperwork one", () => {
    expect(concernsOf("heart failure and kidney disease").sort()).toEqual(["clinical.cardiology", "clinical.nephrology"]);
    expect(concernsOf("my cardiologist wants an echo but insurance needs prior approval")).toEqual(
      expect.arrayContaining(["clinical.cardiology", "navigation.prior_auth"]),
    );
  });

  it("weighs words shared by several categories less and counts a repeated phrase once", () => {
    const insurance = classify("insurance", lexicon).scores.find((s) => s.category === "navigation.insurance")!;
    const sugar = classify("sugar", lexicon).scores.find((s) => s.category === "clinical.endocrinology")!;
    expect(insurance.score).toBeLessThan(sugar.score);
    expect(classify("heart heart heart heart", lexicon).scores[0]!.score).toBe(classify("heart", lexicon).scores[0]!.score);
  });

  it("names no category for weak evidence split between categories, but keeps a shared domain", () => {
    const c = classify("plan", lexicon, { generalistCategory: GENERALIST });
    expect(c.concerns).toEqual([]);
    expect(c.domain).toBe("navigation");
    expect(c.confidence).toBeLessThan(0.5);
  });

  it("is confident on clear messages and unsure on vague ones", () => {
    expect(classify("my cardiologist says my blood pressure is too high", lexicon).confidence).toBeGreaterThan(0.8);
    expect(classify("I spend too much time on my phone", lexicon, { generalistCategory: GENERALIST }).confidence).toBeLessThan(0.5);
    expect(classify("", lexicon).confidence).toBe(0);
  });

  it("never throws and stays in range for any input (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const c = classify(text, lexicon, { generalistCategory: GENERALIST });
        expect(c.confidence).toBeGreaterThanOrEqual(0);
        expect(c.confidence).toBeLessThanOrEqual(1);
        for (const concern of c.concerns) expect(c.scores).toContainEqual(concern);
      }),
      { numRuns: 300 },
    );
  });

  it("handles a 1 MB message in bounded time", () => {
    const big = "my knee hurts ".repeat(80_000);
    const started = performance.now();
    expect(concernsOf(big)).toEqual(["clinical.orthopedics"]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("editDistance", () => {
  it("counts an adjacent swap as one edit and stops above the limit", () => {
    expect(editDistance("kidney", "kidney", 2)).toBe(0);
    expect(editDistance("kidny", "kidney", 2)).toBe(1);
    expect(editDistance("thyriod", "thyroid", 2)).toBe(1);
    expect(editDistance("glacoma", "glaucoma", 2)).toBe(1);
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
  });
});
