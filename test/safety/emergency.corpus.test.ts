import { describe, expect, it } from "vitest";
import { detectEmergency, FAMILIES } from "../../src/engine/safety/index";
import { emergencies, negatives } from "./corpus";

/** The stated ceiling for false positives on the hard negatives. */
const FALSE_POSITIVE_CEILING = 0.05;

describe("emergency corpus", () => {
  it("is big enough and covers every family in English and Spanish", () => {
    expect(emergencies.length + negatives.length).toBeGreaterThanOrEqual(500);
    expect(emergencies.length).toBeGreaterThanOrEqual(250);
    expect(negatives.length).toBeGreaterThanOrEqual(200);
    expect(emergencies.filter((c) => c.lang !== "en").length).toBeGreaterThanOrEqual(60);
    for (const family of FAMILIES) {
      const cases = emergencies.filter((c) => c.family === family);
      expect(cases.length, family).toBeGreaterThanOrEqual(4);
      expect(cases.some((c) => c.lang === "es" || c.lang === "mixed"), `${family} in Spanish`).toBe(true);
    }
    for (const tag of ["caregiver", "typo", "buried", "negation-scoped", "leet", "homoglyph", "mixed"]) {
      expect(emergencies.some((c) => c.tags.includes(tag)), tag).toBe(true);
    }
    const ids = [...emergencies, ...negatives].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // This corpus was written by the project and the rules were tuned against it (and the semantic layer
  // trains on it): a regression guard, not evidence. Evidence is the sealed holdout (holdout.test.ts).
  it("keeps recall on its own tuning corpus at or above 99 %, with the expected family and action", () => {
    const missed: string[] = [];
    const wrong: string[] = [];
    for (const c of emergencies) {
      const d = detectEmergency(c.text);
      if (!d.emergency) missed.push(`${c.id}: ${c.text.slice(0, 100)}`);
      else if (d.family !== c.family || d.action !== c.action) wrong.push(`${c.id}: expected ${c.family}/${c.action}, got ${d.family}/${d.action} (${d.rule})`);
    }
    console.log(`emergency recall on the tuning corpus: ${emergencies.length - missed.length}/${emergencies.length}`);
    for (const m of missed) console.log(`  missed ${m}`);
    expect((emergencies.length - missed.length) / emergencies.length).toBeGreaterThanOrEqual(0.99);
    expect(wrong.length / emergencies.length).toBeLessThanOrEqual(0.01);
  });

  it("names the rule and the matched span in the original text", () => {
    for (const c of emergencies) {
      const d = detectEmergency(c.text);
      expect(d.rule).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(d.span).not.toBeNull();
      expect(c.text.slice(d.span!.start, d.span!.end)).toBe(d.span!.text);
      expect(d.span!.text.length).toBeGreaterThan(0);
    }
  });

  it(`keeps false positives on hard negatives at or below ${FALSE_POSITIVE_CEILING * 100} %`, () => {
    const flagged = negatives.filter((c) => detectEmergency(c.text).emergency);
    const rate = flagged.length / negatives.length;
    console.log(`false positives on hard negatives: ${flagged.length}/${negatives.length} = ${(rate * 100).toFixed(1)} %`);
    for (const c of flagged) console.log(`  FP ${c.id}: ${detectEmergency(c.text).rule} | ${c.text.slice(0, 100)}`);
    expect(rate).toBeLessThanOrEqual(FALSE_POSITIVE_CEILING);
  });
});
