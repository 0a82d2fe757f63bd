/** The semantic layer and the union gate: file format, reproducible training, pinned scores, union rules. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { finalModel, PINS_FILE } from "../../scripts/gate/train-gate";
import { createEmergencyGate, createSemanticGate, loadSemanticGate, SEMANTIC_MODEL_FILE } from "../../src/engine/safety/index";
import { decodeModel, encodeModel } from "../../src/engine/safety/semantic/index";
import { featureIds, fnv1a, forEachFeature, prepareText } from "../../src/engine/safety/semantic/features";
import type { SemanticGate } from "../../src/engine/safety/semantic/index";

const ROOT = resolve(import.meta.dirname, "../..");
const shipped = readFileSync(resolve(ROOT, SEMANTIC_MODEL_FILE));

describe("semantic layer features", () => {
  it("hashes without strings exactly as the feature strings hash", () => {
    const config = { bits: 19, minGram: 3, maxGram: 5, triples: true };
    for (const text of ["I can't breathe, spo2 84 — señora café", "a ab abc", "sui cide now 120/80"]) {
      for (const u of prepareText(text).units) {
        const strings: number[] = [];
        forEachFeature(u.words, config, (f) => strings.push(fnv1a(f) & ((1 << config.bits) - 1)));
        expect(featureIds(u.words, config)).toEqual(strings);
      }
    }
  });

  it("scores a flag buried after long paperwork like the flag alone (windows, not the whole text)", () => {
    const gate = loadSemanticGate(ROOT);
    const flag = "My husband's lips are turning blue and he can barely get a breath in.";
    const paperwork = "I am organizing the bills from the hospital and the insurance letters for my visit next month. ".repeat(60);
    const alone = gate.classify(flag);
    const buried = gate.classify(paperwork + flag + " " + paperwork);
    // The paperwork alone is far below the threshold; the window holding the flag is above it.
    expect(gate.classify(paperwork).emergency).toBe(false);
    expect(alone.emergency).toBe(true);
    expect(buried.emergency).toBe(true);
    expect(buried.score).toBeGreaterThan(20 * gate.classify(paperwork).score);
    expect(buried.span?.text).toContain("blue");
  });
});

describe("semantic layer model file", () => {
  it("holds the weights `npm run train:gate` produces from the corpus (seeded, byte for byte)", () => {
    // The cross-validated threshold is checked by `npm run train:gate -- --check` in .ci/run (minutes).
    const bytes = encodeModel(finalModel(decodeModel(shipped).header.thresholds!));
    const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    expect(sha(bytes)).toBe(sha(shipped));
  }, 120_000);

  it("is listed in resources/models/MODELS.md with its sha256", () => {
    const listed = readFileSync(resolve(ROOT, "resources/models/MODELS.md"), "utf8");
    expect(listed).toContain(createHash("sha256").update(shipped).digest("hex"));
  });

  it("fits the budget and round-trips", () => {
    expect(shipped.length).toBeLessThanOrEqual(60 * 1024 * 1024);
    const model = decodeModel(shipped);
    expect(Buffer.compare(encodeModel(model), shipped)).toBe(0);
    expect(model.header.classes[0]).toBe("none");
    expect(model.header.threshold).toBeGreaterThan(0);
    expect(model.header.threshold).toBeLessThan(1);
  });

  it("refuses a truncated or foreign file with a clear message", () => {
    expect(() => decodeModel(shipped.subarray(0, shipped.length - 10))).toThrow(/truncated/);
    expect(() => decodeModel(Buffer.from("GGUF0000"))).toThrow(/not a Carefold gate model/);
    expect(() => loadSemanticGate("/nonexistent-folder")).toThrow(/safety classifier is missing/);
  });

  it("gives the pinned scores (same input, same output, on every machine)", () => {
    const gate = loadSemanticGate(ROOT);
    const pins = JSON.parse(readFileSync(PINS_FILE, "utf8")) as { text: string; score: number }[];
    expect(pins.length).toBeGreaterThanOrEqual(200);
    const drift = pins.filter((p) => Math.abs(gate.classify(p.text).score - p.score) > 1e-9);
    expect(drift.length).toBe(0);
  });

  it("loads once in well under 1.5 s", () => {
    const started = performance.now();
    loadSemanticGate(ROOT);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe("union of rules and the semantic layer", () => {
  const semantic = loadSemanticGate(ROOT);
  /** A stand-in semantic layer that always says `family`, to test how the union treats it. */
  const always = (emergency: boolean, family: "cardiac" | "suicide" = "cardiac"): SemanticGate => ({
    model: semantic.model,
    classify: () => ({ emergency, family, action: "911", score: emergency ? 0.99 : 0.01, threshold: 0.5, span: null, features: ["w|test"] }),
  });

  it("a rule match stands whatever the semantic layer says", () => {
    const gate = createEmergencyGate({ semantic: always(false) });
    const d = gate.detect("I have crushing chest pain going down my left arm");
    expect(d.emergency).toBe(true);
    expect(d.layer).toBe("rules");
    expect(d.rule).toMatch(/^cardiac\./);
  });

  it("the semantic layer adds an emergency the rules miss, and explains it", () => {
    const gate = createEmergencyGate({ semantic: always(true) });
    const d = gate.detect("routine question about my appointment");
    expect(d).toMatchObject({ emergency: true, layer: "semantic", family: "cardiac", action: "911", rule: "semantic.cardiac" });
    expect(d.features.length).toBeGreaterThan(0);
  });

  it("an explicit denial is the rules' call: a suicide score does not overrule it", () => {
    const gate = createEmergencyGate({ semantic: always(true, "suicide") });
    const d = gate.detect("I'm not thinking about hurting myself, I just need a therapist in my network");
    expect(d).toMatchObject({ emergency: false, denial: true });
    // A denial never covers another family: the semantic layer's cardiac flag still stands.
    const cardiac = createEmergencyGate({ semantic: always(true, "cardiac") });
    expect(cardiac.detect("I'm not thinking about hurting myself, I just need a therapist in my network").emergency).toBe(true);
  });

  it("reads attachments sent with the message and says where the flag was found", () => {
    const gate = createEmergencyGate({ semantic: createSemanticGate(semantic.model) });
    const d = gate.detect("Can you summarize this for my visit?", [
      { kind: "attachment", name: "log.txt", text: "Tuesday: normal. Today: my husband's face is drooping on one side and his speech is slurred." },
    ]);
    expect(d.emergency).toBe(true);
    expect(d.source).toEqual({ kind: "attachment", name: "log.txt" });
    const calm = gate.detect("Can you summarize this for my visit?", [{ kind: "attachment", name: "bp.csv", text: "date,sys,dia\n2026-11-01,128,82\n" }]);
    expect(calm.emergency).toBe(false);
  });

  it("a rules-only source (a named note) is read by the rules, never by the semantic layer", () => {
    // A stand-in semantic layer that flags any text saying "routine".
    const flagsRoutine: SemanticGate = { model: semantic.model, classify: (t: string) => always(t.includes("routine")).classify(t) };
    const gate = createEmergencyGate({ semantic: flagsRoutine });
    expect(gate.detect("help me", [{ kind: "attachment", name: "log.txt", text: "routine readings this week were fine" }])).toMatchObject({ emergency: true, layer: "semantic" });
    expect(gate.detect("help me", [{ kind: "note", name: "log.md", text: "routine readings this week were fine", rulesOnly: true }]).emergency).toBe(false);
    // A document's data lines (fewer than four words) are the rules' alone.
    expect(gate.detect("help me", [{ kind: "attachment", name: "lab.txt", text: "routine 4.0-5.6 H" }]).emergency).toBe(false);
    const rule = gate.detect("Can you read today.md?", [{ kind: "note", name: "today.md", text: "Right now: crushing chest pain spreading to my left arm.", rulesOnly: true }]);
    expect(rule).toMatchObject({ emergency: true, layer: "rules", source: { kind: "note", name: "today.md" } });
  });

  it("a rules-only gate is available for measuring the rules alone", () => {
    const gate = createEmergencyGate({ semantic: null });
    expect(gate.semantic).toBe(false);
    expect(gate.detect("feels like an elephant is sitting on my chest").score).toBeNull();
  });
});
