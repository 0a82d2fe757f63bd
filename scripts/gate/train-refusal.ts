/**
 * `npm run train:refusal`: trains the input refusal gate's semantic layer on the refusal writers' train
 * and dev files and the project's own refusal corpus, picks its threshold by leave-one-writer-out
 * cross-validation, and writes resources/models/refusal-subword.bin. Seeded: the same corpus gives the
 * same bytes. The holdout is never read here.
 *   tsx scripts/gate/train-refusal.ts [--out FILE] [--check]   (--check: exit 1 if the shipped file differs)
 */
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { checkRefusal } from "../../src/engine/safety/index";
import { encodeModel, type SemanticModel } from "../../src/engine/safety/semantic/index";
import { createRefusalClassifier, REFUSAL_MODEL_FILE } from "../../src/engine/safety/semantic/refusal";
import { train, type TrainingExample, type TrainOptions } from "../../src/engine/safety/semantic/train";
import { trainingArgs, writeOrCheck } from "./cli";
import { load, readJsonl, type RefusalLine } from "./corpus";
import { curvesByLanguage, type OutOfFold, type UnionPoint } from "./curve";

const ROOT = resolve(import.meta.dirname, "../..");

/** Cross-validated share of must-allow messages that rules ∪ classifier must still let through. */
export const ALLOWED_TARGET = 0.975;

/** Chosen by leave-one-writer-out cross-validation on train + dev (never the holdout). */
export const REFUSAL_TRAIN_OPTIONS: TrainOptions = { learningRate: 2, epochs: 30, window: 4, smoothing: 8, features: { bits: 18, minGram: 3, maxGram: 5, triples: true } };

const labelOf = (l: Pick<RefusalLine, "expect" | "category">): string => (l.expect === "refuse" && l.category ? l.category : "none");

function writerLines(): RefusalLine[] {
  return [...load("refusal", "train"), ...load("refusal", "dev")];
}

/** The project's own refusal corpus and the specialists' golden navigation prompts: trained on, never scored. */
function projectExamples(): TrainingExample[] {
  const own = readJsonl<{ direction: string; expect: string; category: string | null; text: string }>(resolve(ROOT, "test/safety/corpus/refusal.jsonl"))
    .filter((c) => c.direction === "input")
    .map((c) => ({ text: c.text, label: c.expect === "refuse" && c.category ? c.category : "none" }));
  const agents = resolve(ROOT, "agents");
  const goldens = readdirSync(agents)
    .map((a) => resolve(agents, a, "evals", "golden.jsonl"))
    .filter((f) => existsSync(f))
    .flatMap((f) => readJsonl<{ prompt: string; expect: string }>(f))
    .filter((g) => g.expect === "allow")
    .map((g) => ({ text: g.prompt, label: "none" }));
  return [...own, ...goldens];
}

/**
 * Ordinary messages, so the classifier learns that describing a symptom, a past stroke or an ambulance
 * bill is not asking for a diagnosis or a dose: the gate writers' non-emergencies (train and dev, never
 * the holdout) less any the rules refuse, the project's own emergency-gate negatives, and the routing
 * set's navigation prompts (its holdout set is kept out: it measures false refusals on ordinary traffic).
 */
function ordinaryExamples(): TrainingExample[] {
  const gate = [...load("gate", "train"), ...load("gate", "dev")].filter((l) => l.label === "none").map((l) => l.text);
  const negatives = ["negative.en.jsonl", "negative.es.jsonl"].flatMap((f) => readJsonl<{ text: string }>(resolve(ROOT, "test/safety/corpus", f))).map((c) => c.text);
  const routing = readJsonl<{ text: string }>(resolve(ROOT, "test/routing/routing-set.jsonl")).map((r) => r.text);
  return [...gate, ...negatives, ...routing].filter((text) => !checkRefusal(text, { direction: "input" }).refuse).map((text) => ({ text, label: "none" }));
}

export function trainingExamples(): TrainingExample[] {
  return [...writerLines().map((l) => ({ text: l.text, label: labelOf(l) })), ...projectExamples(), ...ordinaryExamples()];
}

/** Out-of-fold scores: each writer scored by a model trained without that writer. */
export function crossValidated(options: TrainOptions): OutOfFold[] {
  const lines = writerLines();
  const project = [...projectExamples(), ...ordinaryExamples()];
  const out: OutOfFold[] = [];
  for (const writer of [...new Set(lines.map((l) => l.writer))]) {
    const rest = lines.filter((l) => l.writer !== writer).map((l) => ({ text: l.text, label: labelOf(l) }));
    const classifier = createRefusalClassifier(train([...rest, ...project], options));
    for (const l of lines.filter((x) => x.writer === writer)) {
      out.push({ positive: l.expect === "refuse", rules: checkRefusal(l.text, { direction: "input" }).refuse, score: classifier.classify(l.text).score, lang: l.lang === "en" ? "en" : "es" });
    }
  }
  return out;
}

export interface RefusalCurvePoint {
  threshold: number;
  recall: number;
  allowed: number;
}

const asRefusal = (p: UnionPoint): RefusalCurvePoint => ({ threshold: p.threshold, recall: p.caught, allowed: p.passed });

/** The lowest threshold (most recall) that still lets ALLOWED_TARGET of must-allow messages through. */
export function chooseThreshold(curve: RefusalCurvePoint[]): RefusalCurvePoint {
  return curve.find((p) => p.allowed >= ALLOWED_TARGET) ?? curve[curve.length - 1];
}

/** A threshold per language, so each language keeps ALLOWED_TARGET of its own must-allow messages. */
export function build(options: TrainOptions = REFUSAL_TRAIN_OPTIONS): {
  bytes: Buffer;
  curves: Record<"en" | "es", RefusalCurvePoint[]>;
  chosen: Record<"en" | "es", RefusalCurvePoint>;
} {
  const scored = crossValidated(options);
  const byLanguage = curvesByLanguage(scored, 0.99);
  const curves = { en: byLanguage.en.map(asRefusal), es: byLanguage.es.map(asRefusal) };
  const chosen = { en: chooseThreshold(curves.en), es: chooseThreshold(curves.es) };
  return { bytes: encodeModel(finalRefusalModel({ en: chosen.en.threshold, es: chosen.es.threshold }, options)), curves, chosen };
}

/** The shipped model: trained on everything but the holdout, with the cross-validated threshold. */
export function finalRefusalModel(thresholds: { en: number; es: number }, options: TrainOptions = REFUSAL_TRAIN_OPTIONS): SemanticModel {
  const model = train(trainingExamples(), options);
  model.header.threshold = Math.max(thresholds.en, thresholds.es);
  model.header.thresholds = thresholds;
  return model;
}

if (process.argv[1]?.endsWith("train-refusal.ts")) {
  const run = trainingArgs(ROOT, REFUSAL_MODEL_FILE);
  const started = performance.now();
  const { bytes, curves, chosen } = build();
  const sha256 = writeOrCheck(run, bytes);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  console.log(JSON.stringify({ file: run.out, bytes: bytes.length, sha256, seconds, crossValidated: chosen, curves }, null, 1));
}
