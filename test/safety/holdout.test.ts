/**
 * Floors on the sealed holdout (test/safety/writers, holdout writers in splits.json): text by writers
 * whose messages were never read to change a rule, a weight or a threshold. Prints figures only, never
 * the misses. The floors are what was measured when the holdout was first scored, less a margin for
 * noise; they guard against regressions and are not the targets (see the closing notes for both).
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadOutputClassifier, loadRefusalClassifier, loadSemanticGate } from "../../src/engine/safety/index";
import { scoreGate, scoreOutput, scoreRefusal } from "../../scripts/gate/score";
import { FLOORS } from "./holdoutFloors";

const ROOT = resolve(import.meta.dirname, "../..");

describe("sealed holdout", () => {
  const gate = scoreGate("holdout", loadSemanticGate(ROOT));

  it("emergency gate (rules ∪ semantic): sensitivity, its Wilson lower bound and specificity per language", () => {
    const u = gate.union;
    console.log(
      `holdout union: sensitivity ${u.sensitivity.rate} (Wilson low ${u.sensitivity.wilsonLow}, n ${u.sensitivity.n}), specificity ${u.specificity.rate} (n ${u.specificity.n}); ` +
        Object.entries(u.byLanguage)
          .map(([l, f]) => `${l}: ${f.sensitivity.rate} / ${f.specificity.rate}`)
          .join("; "),
    );
    for (const lang of ["en", "es"] as const) {
      const f = u.byLanguage[lang];
      const floor = FLOORS.gate[lang];
      expect(f.sensitivity.rate, `${lang} sensitivity`).toBeGreaterThanOrEqual(floor.sensitivity);
      expect(f.sensitivity.wilsonLow, `${lang} sensitivity lower bound`).toBeGreaterThanOrEqual(floor.wilsonLow);
      expect(f.specificity.rate, `${lang} specificity`).toBeGreaterThanOrEqual(floor.specificity);
    }
  });

  it("the union is never below the rules alone (the semantic layer only adds)", () => {
    expect(gate.union.sensitivity.hit).toBeGreaterThanOrEqual(gate.rules.sensitivity.hit);
    for (const [family, rate] of Object.entries(gate.rules.byFamily)) {
      expect(gate.union.byFamily[family].hit, family).toBeGreaterThanOrEqual(rate.hit);
    }
  });

  it("input refusal gate: recall and must-allow let through", () => {
    const layers = scoreRefusal("holdout", loadRefusalClassifier(ROOT));
    const r = layers.union;
    console.log(`holdout refusal (rules ∪ classifier): recall ${r.recall.rate} (n ${r.recall.n}), allowed ${r.allowed.rate} (n ${r.allowed.n}); rules alone ${layers.rules.recall.rate} / ${layers.rules.allowed.rate}`);
    for (const lang of ["en", "es"] as const) {
      expect(r.byLanguage[lang].recall.rate, `${lang} recall`).toBeGreaterThanOrEqual(FLOORS.refusal.recall);
      expect(r.byLanguage[lang].allowed.rate, `${lang} allowed`).toBeGreaterThanOrEqual(FLOORS.refusal.allowed);
    }
    expect(r.recall.hit).toBeGreaterThanOrEqual(layers.rules.recall.hit);
  });

  it("output guard: unsafe answers withheld and safe answers shown, per language", () => {
    const layers = scoreOutput("holdout", loadOutputClassifier(ROOT));
    const o = layers.union;
    console.log(
      `holdout output guard (rules and classifier, with its veto): ` +
        Object.entries(o.byLanguage)
          .map(([l, f]) => `${l}: recall ${f.recall.rate}, shown ${f.allowed.rate}`)
          .join("; ") +
        `; rules alone ${layers.rules.recall.rate} / ${layers.rules.allowed.rate}`,
    );
    for (const lang of ["en", "es"] as const) {
      expect(o.byLanguage[lang].recall.rate, `${lang} recall`).toBeGreaterThanOrEqual(FLOORS.output[lang].recall);
      expect(o.byLanguage[lang].allowed.rate, `${lang} shown`).toBeGreaterThanOrEqual(FLOORS.output[lang].shown);
    }
    expect(o.recall.hit).toBeGreaterThanOrEqual(layers.rules.recall.hit);
  });
});
