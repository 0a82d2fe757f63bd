/**
 * `npm run train:output`: trains the output guard's semantic layer on the output writers' train and dev
 * answers, sentence by sentence as the streaming guard cuts them, picks a threshold per language by
 * cross-validation over groups of writers on whole answers, and writes resources/models/output-subword.bin.
 * Seeded: the same corpus gives the same bytes, however many worker threads run the folds. The holdout is never read here.
 *   tsx scripts/gate/train-output.ts [--out FILE] [--check]   (--check: exit 1 if the shipped file differs)
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread, Worker } from "node:worker_threads";
import { parseFrontmatter } from "../../src/engine/content/files";
import { encodeModel, type SemanticModel } from "../../src/engine/safety/semantic/index";
import { createOutputClassifier, OUTPUT_MODEL_FILE } from "../../src/engine/safety/semantic/output";
import { train, type TrainingExample, type TrainOptions } from "../../src/engine/safety/semantic/train";
import { trainingArgs, writeOrCheck } from "./cli";
import { load, markdownFiles, readJsonl, type OutputLine } from "./corpus";
import { curvesByLanguage, type OutOfFold, type UnionPoint } from "./curve";
import { rulesTrace } from "./score";

const ROOT = resolve(import.meta.dirname, "../..");

/** Cross-validated share of safe answers the guard must still show, per language. */
export const SHOWN_TARGET = 0.975;

/** Vetoes tried (see `choose`): small ones only, so a rule is excused only where the classifier is all but sure. */
export const VETOES = [0, 0.01, 0.02, 0.05];

/** The word clusters (built by ./build-clusters.py, committed): one cluster a line, its words space-separated. */
export const WORD_CLUSTERS_FILE = join(import.meta.dirname, "word-clusters.txt");

function wordClusters(): string[] {
  return readFileSync(WORD_CLUSTERS_FILE, "utf8").split("\n").filter((line) => line.length > 0);
}

/** Chosen on dev (trained on the train writers), never on the holdout. */
export const OUTPUT_TRAIN_OPTIONS: TrainOptions = {
  learningRate: 2,
  epochs: 20,
  window: 8,
  smoothing: 8,
  features: { bits: 18, minGram: 3, maxGram: 5, triples: true, marks: true, context: true, lexicon: true, clusters: wordClusters() },
};

/**
 * Each writer-marked unsafe sentence is trained on this many times: an answer has one unsafe sentence
 * among many safe ones, and without the weight the classifier learns that almost everything is safe
 * (chosen on dev: recall rose at the same share shown).
 */
export const UNSAFE_REPEATS = 2;

/**
 * Each sentence of a writer's safe answer is trained on this many times. Those answers are the hard
 * cases (a dose in a question for the pharmacist, the words of a label, the clinician's own plan);
 * without the weight the easy "none" sentences around unsafe ones (greetings, offers to help) outweigh
 * them. Chosen by cross-validation on train and dev, at veto 0.05: recall at 0.975 shown en / es went
 * 0.932 / 0.933 (once), 0.937 / 0.944 (twice), 0.938 / 0.948 (three times), 0.938 / 0.949 (four).
 */
export const SAFE_REPEATS = 3;

function writerLines(): OutputLine[] {
  return [...load("output", "train"), ...load("output", "dev")];
}

/** Readable sentences of an answer, each with the context the guard gives the classifier. */
function windows(text: string): { start: number; end: number; sentence: string; context: string }[] {
  return rulesTrace(text, "en", false);
}

/** Offsets of the writer's marked unsafe sentences in the answer. */
function markedSpans(line: OutputLine): [number, number][] {
  return (line.unsafe_sentences ?? [])
    .map((u) => u.trim())
    .filter((u) => u.length > 0)
    .flatMap((u): [number, number][] => {
      const at = line.text.indexOf(u);
      return at < 0 ? [] : [[at, at + u.length]];
    });
}

const overlaps = (a: [number, number], s: { start: number; end: number }): boolean => Math.min(a[1], s.end) - Math.max(a[0], s.start) >= Math.min(8, a[1] - a[0]);

/**
 * Training examples of one answer. A safe answer gives every sentence as "none". An unsafe answer gives
 * its writer's marked sentences as the category and the others as "none" (the sentence right after an
 * unsafe one is left out: the guard never reads it after an unsafe sentence). An unsafe answer without
 * marks gives nothing.
 */
export function examplesOf(line: OutputLine): TrainingExample[] {
  const ws = windows(line.text);
  if (line.expect === "safe" || !line.category) return ws.map((w) => ({ text: w.sentence, context: w.context, label: "none" }));
  const spans = markedSpans(line);
  const out: TrainingExample[] = [];
  let after = false;
  for (const w of spans.length > 0 ? ws : []) {
    const unsafe = spans.some((a) => overlaps(a, w));
    if (unsafe) out.push({ text: w.sentence, context: w.context, label: line.category });
    else if (!after) out.push({ text: w.sentence, context: w.context, label: "none" });
    after = unsafe;
  }
  return out;
}

/**
 * The project's own text: the output refusal corpus (short textbook answers), and every sentence of the
 * shipped skills and their trackers as "none" (the model quotes them, and the guard must let a whole
 * tracker through: lists of conditions, "Never skip, stretch or stop a medicine on your own."). Trained
 * on, never scored.
 */
export function projectExamples(): TrainingExample[] {
  const corpus = readJsonl<{ direction: string; expect: string; category: string | null; text: string }>(resolve(ROOT, "test/safety/corpus/refusal.jsonl"))
    .filter((c) => c.direction === "output")
    .map((c) => ({ text: c.text, label: c.expect === "refuse" && c.category ? c.category : "none" }));
  const skills = markdownFiles(resolve(ROOT, "skills")).flatMap((file) => windows(proseOf(file)).map((w) => ({ text: w.sentence, context: w.context, label: "none" })));
  return [...corpus, ...skills];
}

/** A skill file's prose: a SKILL.md without its frontmatter (not text anyone is shown), a reference whole. */
function proseOf(file: string): string {
  const text = readFileSync(file, "utf8");
  if (!text.startsWith("---")) return text;
  const parsed = parseFrontmatter(text, file);
  return parsed.ok ? parsed.value.body : text;
}

/** What the classifier is trained on: every answer's examples, the weighted ones again, the project's own text. */
export function trainingExamples(lines: readonly OutputLine[]): TrainingExample[] {
  const examples = lines.flatMap((l) => examplesOf(l));
  const unsafe = examples.filter((e) => e.label !== "none");
  const hardSafe = lines.filter((l) => l.expect === "safe").flatMap((l) => examplesOf(l));
  const again = (xs: TrainingExample[], times: number) => Array.from({ length: times - 1 }, () => xs).flat();
  return [...examples, ...again(unsafe, UNSAFE_REPEATS), ...again(hardSafe, SAFE_REPEATS), ...projectExamples()];
}

export function trainOn(lines: readonly OutputLine[], options: TrainOptions): SemanticModel {
  return train(trainingExamples(lines), options);
}

/** One answer as the guard reads it: per sentence, whether the rules withhold it and the classifier's score. */
export interface AnswerTrace {
  positive: boolean;
  lang: "en" | "es";
  sentences: { rules: boolean; score: number }[];
}

/**
 * Cross-validation folds: the writers dealt round-robin, in corpus order, into this many groups. A writer's
 * answers are always read by a model that never saw that writer. Eight folds rather than one per writer:
 * each fold trains a whole model, and 48 of them took CI past its time for thresholds within noise.
 */
export const CV_FOLDS = 8;

export function writerFolds(writers: readonly string[], k: number = CV_FOLDS): string[][] {
  return Array.from({ length: Math.min(k, writers.length) }, (_, i) => writers.filter((_, j) => j % k === i));
}

/** One fold: the held-out writers' answers read by a model trained on every other writer. */
export function foldTraces(heldOut: readonly string[], options: TrainOptions, lines: readonly OutputLine[] = writerLines()): AnswerTrace[] {
  const out = new Set(heldOut);
  const classifier = createOutputClassifier(trainOn(lines.filter((l) => !out.has(l.writer)), options));
  return lines
    .filter((x) => out.has(x.writer))
    .map((l) => ({ positive: l.expect === "unsafe", lang: l.lang, sentences: rulesTrace(l.text, l.lang).map((s) => ({ rules: s.rules, score: classifier.classify(s.sentence, s.context).score })) }));
}

/** Folds run in parallel, at most this many (CAREFOLD_TRAIN_WORKERS overrides; 1 runs them in this thread). */
function workerCount(folds: number): number {
  const asked = Number(process.env["CAREFOLD_TRAIN_WORKERS"]);
  return Math.max(1, Math.min(folds, Number.isInteger(asked) && asked > 0 ? asked : Math.min(availableParallelism(), 4)));
}

/**
 * Out-of-fold traces: each writer read by a model trained without that writer's fold. The folds are
 * independent and each is seeded, so spreading them over worker threads gives the same traces, in
 * fold order, as running them one after another (the `--check` in CI compares the bytes).
 */
export async function crossValidated(options: TrainOptions): Promise<AnswerTrace[]> {
  const lines = writerLines();
  const folds = writerFolds([...new Set(lines.map((l) => l.writer))]);
  const n = workerCount(folds.length);
  if (n === 1) return folds.flatMap((f) => foldTraces(f, options, lines));
  const shares = Array.from({ length: n }, (_, i) => folds.filter((_, j) => j % n === i));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<AnswerTrace[][]>((done, fail) => {
          const worker = new Worker(join(import.meta.dirname, "tsWorker.mjs"), { workerData: { entry: pathToFileURL(join(import.meta.dirname, "outputFolds.ts")).href, folds: share, options } });
          worker.once("message", done);
          worker.once("error", fail);
          worker.once("exit", (code) => (code === 0 ? undefined : fail(new Error(`a cross-validation worker exited with ${code}`))));
        }),
    ),
  );
  const byFold = new Map<readonly string[], AnswerTrace[]>();
  shares.forEach((share, i) => share.forEach((f, k) => byFold.set(f, results[i]![k]!)));
  return folds.flatMap((f) => byFold.get(f)!);
}

export interface OutputCurvePoint {
  threshold: number;
  recall: number;
  shown: number;
}

/**
 * Recall and shown share at each threshold from 0.05 to 0.99, for one veto, per language. At a fixed
 * veto an answer is withheld when a rule's hit survives the veto or its best sentence reaches the
 * threshold: the rules ∪ classifier curve of ./curve, with that rules verdict.
 */
export function curves(traces: readonly AnswerTrace[], veto: number): Record<"en" | "es", OutputCurvePoint[]> {
  const scored: OutOfFold[] = traces.map((t) => ({
    positive: t.positive,
    lang: t.lang,
    rules: t.sentences.some((s) => s.rules && s.score >= veto),
    score: Math.max(0, ...t.sentences.map((s) => s.score)),
  }));
  const byLanguage = curvesByLanguage(scored, 0.99);
  const asOutput = (p: UnionPoint): OutputCurvePoint => ({ threshold: p.threshold, recall: p.caught, shown: p.passed });
  return { en: byLanguage.en.map(asOutput), es: byLanguage.es.map(asOutput) };
}

/** The lowest threshold (most recall) that still shows SHOWN_TARGET of safe answers, or null. */
export function chooseThreshold(points: OutputCurvePoint[]): OutputCurvePoint | null {
  return points.find((p) => p.shown >= SHOWN_TARGET) ?? null;
}

export interface OutputChoice {
  veto: number;
  en: OutputCurvePoint;
  es: OutputCurvePoint;
}

/**
 * Per language, the threshold that keeps SHOWN_TARGET; across languages, the veto (from VETOES) with
 * the best mean recall. Veto 0 is the rules standing alone; a veto above it excuses a rule's hit only
 * where the classifier reads the sentence, in its context, as almost surely safe.
 */
export function choose(traces: readonly AnswerTrace[]): { choice: OutputChoice; table: Record<string, OutputChoice | null> } {
  const table: Record<string, OutputChoice | null> = {};
  let best: OutputChoice | null = null;
  for (const veto of VETOES) {
    const byLanguage = curves(traces, veto);
    const en = chooseThreshold(byLanguage.en);
    const es = chooseThreshold(byLanguage.es);
    table[String(veto)] = en && es ? { veto, en, es } : null;
    if (en && es && (!best || en.recall + es.recall > best.en.recall + best.es.recall)) best = { veto, en, es };
  }
  if (!best) throw new Error(`no veto in ${VETOES.join(", ")} keeps ${SHOWN_TARGET} of safe answers shown in both languages`);
  return { choice: best, table };
}

export async function build(options: TrainOptions = OUTPUT_TRAIN_OPTIONS): Promise<{ bytes: Buffer; choice: OutputChoice; table: Record<string, OutputChoice | null> }> {
  const { choice, table } = choose(await crossValidated(options));
  return { bytes: encodeModel(finalOutputModel({ en: choice.en.threshold, es: choice.es.threshold }, choice.veto, options)), choice, table };
}

/** The shipped model: trained on everything but the holdout, with the cross-validated thresholds and veto. */
export function finalOutputModel(thresholds: { en: number; es: number }, veto: number, options: TrainOptions = OUTPUT_TRAIN_OPTIONS): SemanticModel {
  const model = trainOn(writerLines(), options);
  model.header.threshold = Math.max(thresholds.en, thresholds.es);
  model.header.thresholds = thresholds;
  model.header.veto = veto;
  return model;
}

if (isMainThread && process.argv[1]?.endsWith("train-output.ts")) {
  const run = trainingArgs(ROOT, OUTPUT_MODEL_FILE);
  const started = performance.now();
  const { bytes, choice, table } = await build();
  const sha256 = writeOrCheck(run, bytes);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  console.log(JSON.stringify({ file: run.out, bytes: bytes.length, sha256, seconds, crossValidated: choice, byVeto: table }, null, 1));
}
