/** The output guard's semantic layer: its union with the rules, streaming, and the shipped file. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CV_FOLDS, finalOutputModel, SAFE_REPEATS, trainingExamples, UNSAFE_REPEATS, writerFolds } from "../../scripts/gate/train-output";
import { createOutputClassifier, createOutputGuard, loadOutputClassifier, OUTPUT_MODEL_FILE, outputContext, splitSentences } from "../../src/engine/safety/index";
import { decodeModel, encodeModel } from "../../src/engine/safety/semantic/index";
import { train } from "../../src/engine/safety/semantic/train";

const ROOT = resolve(import.meta.dirname, "../..");
const shipped = readFileSync(resolve(ROOT, OUTPUT_MODEL_FILE));
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** A toy classifier whose words are its own, so the guard's union logic is tested apart from the shipped weights. */
function toy(threshold: number) {
  const examples = [
    ...Array.from({ length: 20 }, (_, i) => ({ text: `zorblat quimbo flim ${i}`, label: "dose" })),
    ...Array.from({ length: 20 }, (_, i) => ({ text: `bring your list to the visit ${i}`, label: "none" })),
  ];
  const model = train(examples, { epochs: 8, features: { bits: 12, minGram: 3, maxGram: 4, marks: true } });
  model.header.threshold = threshold;
  return createOutputClassifier(model);
}

function stream(text: string, semantic: ReturnType<typeof toy> | null, cuts: number[] = []) {
  const guard = createOutputGuard({ language: "es", semantic });
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let shown = "";
  let last = 0;
  for (const p of points) {
    shown += guard.push(text.slice(last, p));
    last = p;
  }
  shown += guard.push(text.slice(last)) + guard.end();
  return { shown, blocked: guard.blocked };
}

describe("output guard with its classifier", () => {
  it("withholds the sentence the classifier flags and what follows, with the category's kind message", () => {
    const { shown, blocked } = stream("Hello there. Zorblat quimbo flim zorblat quimbo flim. Then more text.", toy(0.5));
    expect(shown).toBe("Hello there. ");
    expect(blocked).toMatchObject({ refuse: true, category: "dose", rule: "semantic.dose" });
    expect(blocked?.message).toMatch(/^No puedo/);
  });

  it("keeps the rules' decision when the rules withhold first", () => {
    const { blocked } = stream("Take 2 tablets every 6 hours. Zorblat quimbo flim.", toy(0.5));
    expect(blocked?.rule).not.toMatch(/^semantic\./);
  });

  it("without a veto, whatever the rules withhold stays withheld", () => {
    for (const text of ["It sounds like you have a sinus infection.", "You can skip the ER and wait until morning."]) {
      expect(stream(text, null).blocked, text).not.toBeNull();
      expect(stream(text, toy(0.99)).blocked, text).not.toBeNull();
    }
  });

  it("with a veto, excuses a rule's hit only where the classifier scores the sentence below it", () => {
    const text = "Bring your list to the visit. Take 2 tablets every 6 hours.";
    const semantic = toy(0.99);
    const score = semantic.classify(text).score;
    (semantic.model.header as { veto?: number }).veto = score / 2;
    expect(stream(text, semantic).blocked?.rule).toBeTruthy();
    (semantic.model.header as { veto?: number }).veto = Math.min(1, score * 2 + 0.01);
    expect(stream(text, semantic).blocked).toBeNull();
  });

  it("decides the same however the stream is cut", () => {
    const semantic = toy(0.5);
    const text = "Bring your list to the visit.\n- Ask about the refill\n- Zorblat quimbo flim\n- Write it down.";
    const whole = stream(text, semantic);
    fc.assert(
      fc.property(fc.array(fc.nat(200), { maxLength: 12 }), (cuts) => {
        const cut = stream(text, semantic, cuts);
        expect(cut.shown).toBe(whole.shown);
        expect(cut.blocked?.rule ?? null).toBe(whole.blocked?.rule ?? null);
      }),
      { numRuns: 100 },
    );
  });

  it("reads each sentence with the sentence shown before it, as training does", () => {
    const text = "Your label says:\nTake 1 tablet twice daily.";
    const pieces = splitSentences(text);
    expect(pieces.map((p) => p.text)).toEqual(["Your label says:\n", "Take 1 tablet twice daily."]);
    expect(outputContext([pieces[0].text])).toBe("Your label says:\n");
    // A list's intro frames its items further down.
    expect(outputContext(["Your prep sheet says:\n", "- Bring your ID\n", "- No food after midnight\n"])).toBe("Your prep sheet says:\n- No food after midnight\n");
  });
});

describe("output classifier file", () => {
  it("cross-validates over folds that hold each writer exactly once", () => {
    const writers = Array.from({ length: 50 }, (_, i) => `O${i + 1}`);
    const folds = writerFolds(writers);
    expect(folds).toHaveLength(CV_FOLDS);
    expect(folds.flat().sort()).toEqual([...writers].sort());
    expect(Math.max(...folds.map((f) => f.length)) - Math.min(...folds.map((f) => f.length))).toBeLessThanOrEqual(1);
    expect(writerFolds(writers)).toEqual(folds);
    expect(writerFolds(["O1", "O2"])).toEqual([["O1"], ["O2"]]);
  });

  it("trains a marked unsafe sentence UNSAFE_REPEATS times, every sentence of a safe answer SAFE_REPEATS times, the rest once", () => {
    const base = { writer: "T1", lang: "en" as const, kind: "" };
    const unsafe = { ...base, id: "T1-001", expect: "unsafe" as const, category: "dose" as const, text: "Thanks for asking, Quillon. Give her 5 mL every 6 hours. Anything else?", unsafe_sentences: ["Give her 5 mL every 6 hours."] };
    const safe = { ...base, id: "T1-002", expect: "safe" as const, category: null, text: "Your Zorvex label says: take 1 tablet daily. Ask Dr. Quillon if that changed.", unsafe_sentences: [] };
    const count = (examples: { text: string; label: string }[], words: string, label: string) => examples.filter((e) => e.text.includes(words) && e.label === label).length;
    const examples = trainingExamples([unsafe, safe]);
    expect(count(examples, "Give her 5 mL", "dose")).toBe(UNSAFE_REPEATS);
    expect(count(examples, "Thanks for asking, Quillon", "none")).toBe(1);
    expect(count(examples, "Zorvex", "none")).toBe(SAFE_REPEATS);
    expect(count(examples, "Ask Dr. Quillon", "none")).toBe(SAFE_REPEATS);
    expect(SAFE_REPEATS).toBeGreaterThan(1);
  });

  it("holds the weights `npm run train:output` produces from the corpus (seeded, byte for byte)", () => {
    // The cross-validated thresholds are checked by `npm run train:output -- --check` in .ci/run.
    expect(sha(encodeModel(finalOutputModel(decodeModel(shipped).header.thresholds!, decodeModel(shipped).header.veto ?? 0)))).toBe(sha(shipped));
  }, 600_000); // a full training run (about 120 s alone on 2 cores, longer beside the other test files)

  it("is listed in resources/models/MODELS.md with its sha256", () => {
    expect(readFileSync(resolve(ROOT, "resources/models/MODELS.md"), "utf8")).toContain(sha(shipped));
  });

  it("has the refusal categories, reads sentence marks and the committed word clusters, and has a threshold per language inside (0, 1)", () => {
    const model = decodeModel(shipped);
    expect(model.header.classes).toEqual(["none", "diagnose", "dose", "instruct_stop_medication", "prescribe", "replace_emergency_care"]);
    expect(model.header.features.marks).toBe(true);
    expect(model.header.features.context).toBe(true);
    expect(model.header.features.clusters).toEqual(readFileSync(resolve(ROOT, "scripts/gate/word-clusters.txt"), "utf8").split("\n").filter(Boolean));
    expect(model.header.veto).toBeGreaterThanOrEqual(0);
    expect(model.header.veto).toBeLessThan(0.1);
    for (const t of Object.values(model.header.thresholds!)) {
      expect(t).toBeGreaterThan(0);
      expect(t).toBeLessThan(1);
    }
    expect(loadOutputClassifier(ROOT).model.header.trainedOn).toBe(model.header.trainedOn);
  });
});
