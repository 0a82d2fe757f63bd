/**
 * The writers' corpora: shape (size, writers, languages, families), the split by writer, and no
 * near-duplicates across splits. Figures on the sealed holdout are in holdout.test.ts.
 */
import { describe, expect, it } from "vitest";
import { FAMILIES } from "../../src/engine/safety/index";
import { load, manifest, nearDuplicates, type Split } from "../../scripts/gate/corpus";

const SPLITS: Split[] = ["train", "dev", "holdout"];

describe("emergency corpus by independent writers", () => {
  const all = SPLITS.flatMap((s) => load("gate", s));
  const emergencies = all.filter((l) => l.label === "emergency");
  const negatives = all.filter((l) => l.label === "none" && l.kind !== "routine");

  it("is at least 4,000 messages by at least 12 writers, a quarter of them Spanish", () => {
    expect(all.length).toBeGreaterThanOrEqual(4000);
    expect(new Set(all.map((l) => l.writer)).size).toBeGreaterThanOrEqual(12);
    expect(emergencies.length).toBeGreaterThanOrEqual(2000);
    expect(negatives.length).toBeGreaterThanOrEqual(1500);
    expect(all.filter((l) => l.lang !== "en").length / all.length).toBeGreaterThanOrEqual(0.25);
  });

  it("covers every family of safety.md §1 in English and in Spanish", () => {
    for (const family of FAMILIES) {
      expect(emergencies.filter((l) => l.family === family && l.lang === "en").length, `${family} en`).toBeGreaterThanOrEqual(10);
      expect(emergencies.filter((l) => l.family === family && l.lang !== "en").length, `${family} es`).toBeGreaterThanOrEqual(10);
    }
  });

  it("records its writer on every line, and each writer sits in one split", () => {
    const m = manifest().gate;
    const writers = SPLITS.flatMap((s) => m[s]);
    expect(new Set(writers).size).toBe(writers.length);
    for (const s of SPLITS) for (const l of load("gate", s)) expect(m[s]).toContain(l.writer);
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
  });

  it("keeps a sealed holdout of at least 3 writers and 600 messages, in both languages", () => {
    const holdout = load("gate", "holdout");
    expect(new Set(holdout.map((l) => l.writer)).size).toBeGreaterThanOrEqual(3);
    expect(holdout.length).toBeGreaterThanOrEqual(600);
    expect(holdout.filter((l) => l.lang === "en" && l.label === "emergency").length).toBeGreaterThanOrEqual(200);
    expect(holdout.filter((l) => l.lang !== "en" && l.label === "emergency").length).toBeGreaterThanOrEqual(200);
  });
});

describe("no leakage across splits (character 5-gram Jaccard < 0.5)", () => {
  for (const kind of ["gate", "refusal", "output"] as const) {
    it(`${kind}: no train or dev line is a near-duplicate of a holdout line, nor train of dev`, () => {
      const text = (s: Split) => load(kind, s).map((l) => l.text);
      expect(nearDuplicates(text("train"), text("holdout")).length).toBe(0);
      expect(nearDuplicates(text("dev"), text("holdout")).length).toBe(0);
      expect(nearDuplicates(text("train"), text("dev")).length).toBe(0);
    });
  }
});

describe("refusal and output corpora", () => {
  it("refusal: must-refuse and must-allow by independent writers, with a sealed holdout in English and Spanish", () => {
    const all = SPLITS.flatMap((s) => load("refusal", s));
    expect(all.filter((l) => l.expect === "refuse").length).toBeGreaterThanOrEqual(350);
    expect(all.filter((l) => l.expect === "allow").length).toBeGreaterThanOrEqual(350);
    const holdout = load("refusal", "holdout");
    expect(new Set(holdout.map((l) => l.lang === "en" ? "en" : "es")).size).toBe(2);
  });

  it("output: at least 1,500 model-style answers, a quarter Spanish, half unsafe across the five categories", () => {
    const all = SPLITS.flatMap((s) => load("output", s));
    expect(all.length).toBeGreaterThanOrEqual(1500);
    expect(all.filter((l) => l.lang === "es").length / all.length).toBeGreaterThanOrEqual(0.25);
    const unsafe = all.filter((l) => l.expect === "unsafe");
    expect(unsafe.length / all.length).toBeGreaterThanOrEqual(0.45);
    for (const c of ["diagnose", "prescribe", "dose", "instruct_stop_medication", "replace_emergency_care"]) {
      expect(unsafe.filter((l) => l.category === c).length, c).toBeGreaterThanOrEqual(100);
    }
  });
});
