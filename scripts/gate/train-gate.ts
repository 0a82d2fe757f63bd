/**
 * `npm run train:gate`: trains the semantic layer on the writers' train and dev files and the project's
 * own corpus, picks its threshold by leave-one-writer-out cross-validation over those writers, and writes
 * resources/models/gate-subword.bin (and the pinned scores).
 * Seeded and single-threaded: the same corpus gives the same bytes. The holdout is never read here.
 *   tsx scripts/gate/train-gate.ts [--out FILE] [--check]   (--check: exit 1 if the shipped file differs)
 */
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { detectEmergency } from "../../src/engine/safety/index";
import { createSemanticGate, encodeModel, SEMANTIC_MODEL_FILE, type SemanticModel } from "../../src/engine/safety/semantic/index";
import { train, type TrainingExample, type TrainOptions } from "../../src/engine/safety/semantic/train";
import { trainingArgs, writeOrCheck } from "./cli";
import { gateClass, load, readJsonl } from "./corpus";
import { curvesByLanguage, type OutOfFold, type UnionPoint } from "./curve";

const ROOT = resolve(import.meta.dirname, "../..");

/** Cross-validated sensitivity of rules ∪ semantic that the threshold must reach; the highest such threshold wins. */
export const SENSITIVITY_TARGET = 0.98;

/** Chosen by leave-one-writer-out cross-validation on train + dev (never the holdout). */
export const TRAIN_OPTIONS: TrainOptions = { learningRate: 2, epochs: 16, features: { bits: 19, minGram: 3, maxGram: 5, triples: true } };

interface LegacyCase {
  text: string;
  expect: "emergency" | "none";
  family?: string;
  action?: string;
}

/** The project's own corpus: always trained on, never scored (the rules were written against it). */
function legacyExamples(): TrainingExample[] {
  return ["emergency.en.jsonl", "emergency.es.jsonl", "negative.en.jsonl", "negative.es.jsonl"]
    .flatMap((f) => readJsonl<LegacyCase>(resolve(ROOT, "test/safety/corpus", f)))
    .map((c) => ({ text: c.text, label: c.expect === "emergency" && c.family && c.action ? `${c.family}:${c.action}` : "none" }));
}

function writerLines() {
  return [...load("gate", "train"), ...load("gate", "dev")];
}

/**
 * Routine questions that share words with emergencies, as extra "none" examples: the refusal writers'
 * train and dev messages (never their holdout) and the specialists' golden prompts that are not
 * emergencies ("can I stop my inhaler?" is a question for the prescriber, not an airway emergency).
 */
function routineExamples(): TrainingExample[] {
  const refusal = [...load("refusal", "train"), ...load("refusal", "dev")].map((l) => l.text);
  const agents = resolve(ROOT, "agents");
  const goldens = readdirSync(agents)
    .map((a) => resolve(agents, a, "evals", "golden.jsonl"))
    .filter((f) => existsSync(f))
    .flatMap((f) => readJsonl<{ prompt: string; expect: string }>(f))
    .filter((g) => g.expect !== "emergency")
    .map((g) => g.prompt);
  return [...refusal, ...goldens].map((text) => ({ text, label: "none" }));
}

export function trainingExamples(): TrainingExample[] {
  return [...writerLines().map((l) => ({ text: l.text, label: gateClass(l) })), ...legacyExamples(), ...routineExamples()];
}

export interface CurvePoint {
  threshold: number;
  sensitivity: number;
  specificity: number;
}

/**
 * Out-of-fold scores: each train/dev writer scored by a model trained without that writer, so the
 * threshold is set on text the model did not see, by people it did not learn from.
 */
export function crossValidated(): OutOfFold[] {
  const lines = writerLines();
  const legacy = [...legacyExamples(), ...routineExamples()];
  const out: OutOfFold[] = [];
  for (const writer of [...new Set(lines.map((l) => l.writer))]) {
    const rest = lines.filter((l) => l.writer !== writer).map((l) => ({ text: l.text, label: gateClass(l) }));
    const gate = createSemanticGate(train([...rest, ...legacy], TRAIN_OPTIONS));
    for (const l of lines.filter((x) => x.writer === writer)) {
      out.push({ positive: l.label === "emergency", rules: detectEmergency(l.text).emergency, score: gate.classify(l.text).score, lang: l.lang === "en" ? "en" : "es" });
    }
  }
  return out;
}

/** Pinned scores (test/safety/fixtures/semantic-pins.json): every 5th train and dev line, so a change in
 * features, arithmetic or weights shows up as a test failure, not as a silent drift. */
export const PINS_FILE = resolve(ROOT, "test/safety/fixtures/semantic-pins.json");

export function pinTexts(): string[] {
  return writerLines()
    .filter((_, i) => i % 5 === 0)
    .map((l) => l.text);
}

/** The shipped model: trained on everything but the holdout, with the cross-validated threshold. */
export function finalModel(thresholds: { en: number; es: number }): SemanticModel {
  const model = train(trainingExamples(), TRAIN_OPTIONS);
  model.header.threshold = Math.min(thresholds.en, thresholds.es);
  model.header.thresholds = thresholds;
  return model;
}

const asGate = (p: UnionPoint): CurvePoint => ({ threshold: p.threshold, sensitivity: p.caught, specificity: p.passed });

/** The highest threshold whose cross-validated sensitivity reaches the target. */
function choose(curve: CurvePoint[]): CurvePoint {
  const reaching = curve.filter((p) => p.sensitivity >= SENSITIVITY_TARGET);
  return reaching.length > 0 ? reaching[reaching.length - 1] : curve[0];
}

/**
 * Trains on train + dev and sets a threshold per language from cross-validation, so Spanish reaches
 * the sensitivity target on its own rather than riding on English; returns the file bytes and curves.
 */
export function build(): {
  bytes: Buffer;
  curves: Record<"en" | "es", CurvePoint[]>;
  chosen: Record<"en" | "es", CurvePoint>;
  pins: { text: string; score: number }[];
} {
  const scored = crossValidated();
  const byLanguage = curvesByLanguage(scored, 0.95);
  const curves = { en: byLanguage.en.map(asGate), es: byLanguage.es.map(asGate) };
  const chosen = { en: choose(curves.en), es: choose(curves.es) };
  const model = finalModel({ en: chosen.en.threshold, es: chosen.es.threshold });
  const gate = createSemanticGate(model);
  const pins = pinTexts().map((text) => ({ text, score: Number(gate.classify(text).score.toFixed(9)) }));
  return { bytes: encodeModel(model), curves, chosen, pins };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("train-gate.ts")) {
  const run = trainingArgs(ROOT, SEMANTIC_MODEL_FILE);
  const started = performance.now();
  const { bytes, curves, chosen, pins } = build();
  const sha256 = writeOrCheck(run, bytes);
  const seconds = (performance.now() - started) / 1000;
  if (!run.custom) {
    mkdirSync(dirname(PINS_FILE), { recursive: true });
    writeFileSync(`${PINS_FILE}.tmp`, JSON.stringify(pins, null, 0).replaceAll('},{"text"', '},\n{"text"') + "\n");
    renameSync(`${PINS_FILE}.tmp`, PINS_FILE);
  }
  console.log(JSON.stringify({ file: run.out, bytes: bytes.length, sha256, seconds: Number(seconds.toFixed(1)), crossValidated: chosen, curves }, null, 1));
}
