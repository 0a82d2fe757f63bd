import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectEmergency, normalizeForMatching, normalizeText } from "../../src/engine/safety/index";
import { emergencies, negatives } from "./corpus";

const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u202c", "\u2066", "\u2069"];
/** Latin letter → a look-alike the normalizer must fold back. */
const HOMOGLYPHS: Record<string, string[]> = {
  a: ["а", "α"], c: ["с", "ϲ"], e: ["е", "ε"], i: ["і", "ι"], o: ["о", "ο"], p: ["р", "ρ"], x: ["х", "χ"], y: ["у"], s: ["ѕ"], j: ["ј"], h: ["һ"], t: ["τ"], k: ["κ"], v: ["ν"],
};

describe("normalization", () => {
  it.each([
    ["ＣＨＥＳＴ ＰＡＩＮ", "chest pain"],
    ["сhest", "chest"],
    ["s.u.i.c.i.d.e", "suicide"],
    ["c h e s t", "chest"],
    ["ch\u200best", "chest"],
    ["cheeeest", "chest"],
    ["I w4nt to k1ll mys3lf", "i want to kill myself"],
    ["I cant breathe", "i can't breathe"],
    ["Mi esposo tiene la cara caída", "mi esposo tiene la cara caida"],
    ["𝐜𝐡𝐞𝐬𝐭", "chest"],
    ["bleeeding wont stop", "bleeding won't stop"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it("keeps clinical numbers as they are", () => {
    expect(normalizeText("BP 120/80 mmHg, 72 bpm, 500mg, $1,500, t4, b12, A1C 6.5")).toBe("bp 120/80 mmhg, 72 bpm, 500mg, $1,500, t4, b12, a1c 6.5");
  });

  it("maps every normalized character back inside the original", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (s) => {
        const n = normalizeForMatching(s);
        expect(n.start.length).toBe(n.text.length);
        for (let i = 0; i < n.text.length; i++) {
          expect(n.start[i]).toBeGreaterThanOrEqual(0);
          expect(n.end[i]).toBeLessThanOrEqual(s.length);
          expect(n.start[i]).toBeLessThan(n.end[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is idempotent on arbitrary text (property)", () => {
    const alphabet = fc.constantFrom(..."abcdeilostxy 013457@$.-_'’\n\u200bАаΟοＡａ".split(""), "ß", "é", "İ", "ﬁ");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }).map((a) => a.join("")), (s) => {
        const once = normalizeText(s);
        expect(normalizeText(once)).toBe(once);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (s) => {
        const once = normalizeText(s);
        expect(normalizeText(once)).toBe(once);
      }),
      { numRuns: 1_000 },
    );
  });
});

/** A corpus sample small enough for property runs, with both emergencies and hard negatives. */
const SAMPLE = [...emergencies.filter((c) => c.text.length < 200).filter((_, i) => i % 4 === 0), ...negatives.filter((c) => c.text.length < 200).filter((_, i) => i % 4 === 0)];

function decisionKey(text: string): string {
  const d = detectEmergency(text);
  return `${d.emergency}|${d.family}|${d.action}|${d.rule}`;
}

describe("decisions are invariant to obfuscation (property)", () => {
  const caseArb = fc.constantFrom(...SAMPLE.map((c) => c.text));

  it("inserting zero-width and bidi characters anywhere never changes a decision", () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...ZERO_WIDTH)), { maxLength: 12 }), (text, inserts) => {
        let t = text;
        for (const [pos, ch] of inserts) {
          const at = pos % (t.length + 1);
          t = t.slice(0, at) + ch + t.slice(at);
        }
        expect(decisionKey(t)).toBe(decisionKey(text));
      }),
      { numRuns: 400 },
    );
  });

  it("swapping Latin letters for Cyrillic/Greek look-alikes never changes a decision", () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.nat(), { maxLength: 15 }), fc.nat(), (text, positions, pick) => {
        const chars = [...text];
        for (const p of positions) {
          const i = p % Math.max(1, chars.length);
          const options = HOMOGLYPHS[chars[i]?.toLowerCase() ?? ""];
          if (options) chars[i] = options[pick % options.length];
        }
        expect(decisionKey(chars.join(""))).toBe(decisionKey(text));
      }),
      { numRuns: 400 },
    );
  });

  it("changing letter case never changes a decision", () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.boolean(), { minLength: 1, maxLength: 64 }), (text, flips) => {
        const t = [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join("");
        expect(decisionKey(t)).toBe(decisionKey(text));
      }),
      { numRuns: 400 },
    );
  });

  it("a red flag at the end of a 1 MB message is still caught", () => {
    const filler = "We need to reschedule the follow-up and send the lab results to the new clinic. ";
    const base = filler.repeat(Math.ceil(1_000_000 / filler.length));
    const flags = fc.constantFrom(
      ["my throat is closing", "airway"],
      ["I want to kill myself", "suicide"],
      ["su1c1de", "suicide"],
      ["my husband's f\u0430ce is dr\u043eoping", "stroke"],
      ["mi hijo no puede respirar", "breathing"],
    );
    fc.assert(
      fc.property(flags, ([flag, family]) => {
        const text = base + flag;
        expect(text.length).toBeGreaterThan(1_000_000);
        expect(detectEmergency(text).family).toBe(family);
      }),
      { numRuns: 5 },
    );
  });
});
