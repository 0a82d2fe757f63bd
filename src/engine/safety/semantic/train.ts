/**
 * Training of the semantic layer (run by `npm run train:gate`, checked by a test that the shipped file
 * is what this produces). Plain seeded SGD on softmax regression with a fixed order of operations, so
 * the same corpus gives the same bytes on every machine.
 */
import { createHash } from "node:crypto";
import { DEFAULT_FEATURES, featureIds, prepareText, unitTokens, type FeatureConfig } from "./features";
import { probabilities, type ModelHeader, type SemanticModel } from "./model";

export interface TrainingExample {
  text: string;
  /** "none" or "family:action". */
  label: string;
  /** Text shown before it, read apart by a model with `features.context` (else read as text before it). */
  context?: string;
}

export interface TrainOptions {
  features?: FeatureConfig;
  epochs?: number;
  learningRate?: number;
  /** Shrinks every touched weight a little each step (L2). */
  l2?: number;
  seed?: number;
  window?: number;
  smoothing?: number;
}

/** mulberry32: a tiny seeded PRNG, enough for a reproducible shuffle. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fingerprint(examples: readonly TrainingExample[]): string {
  const h = createHash("sha256");
  for (const e of examples) h.update(`${e.label}\t${e.context ? `${e.context}\u0000` : ""}${e.text}\n`);
  return h.digest("hex");
}

export function classesOf(examples: readonly TrainingExample[]): string[] {
  const labels = [...new Set(examples.map((e) => e.label))].filter((l) => l !== "none").sort();
  return ["none", ...labels];
}

/** Trains float weights and quantizes them to int8 per class. `threshold` is set later, on dev. */
export function train(examples: readonly TrainingExample[], options: TrainOptions = {}): SemanticModel {
  const features = options.features ?? DEFAULT_FEATURES;
  const epochs = options.epochs ?? 12;
  const lr0 = options.learningRate ?? 0.6;
  const l2 = options.l2 ?? 1e-5;
  const classes = classesOf(examples);
  const k = classes.length;
  const buckets = 1 << features.bits;
  const w = new Float64Array(buckets * k);
  const biases = new Array<number>(k).fill(0);
  const data = examples.map((e) => {
    const ids: number[] = [];
    const ctx: number[] = [];
    const apart = features.context === true;
    const text = !apart && e.context ? e.context + e.text : e.text;
    for (const u of prepareText(text).units) for (const id of featureIds(unitTokens(u, features), features)) ids.push(id);
    if (apart && e.context) for (const u of prepareText(e.context).units) for (const id of featureIds(unitTokens(u, features), features, true)) ctx.push(id);
    return { ids: Int32Array.from(ids), ctx: Int32Array.from(ctx), y: classes.indexOf(e.label) };
  });
  const random = rng(options.seed ?? 20261201);
  const order = data.map((_, i) => i);
  const header: ModelHeader = {
    features,
    classes,
    scales: new Array<number>(k).fill(1),
    biases,
    threshold: 0.5,
    window: options.window ?? 3,
    smoothing: options.smoothing ?? 0,
    trainedOn: fingerprint(examples),
  };
  const sums = new Float64Array(k);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const lr = lr0 / (1 + epoch * 0.5);
    for (const index of order) {
      const { ids, ctx, y } = data[index];
      if (ids.length === 0) continue;
      const norm = 1 / Math.sqrt(ids.length + (header.smoothing ?? 0));
      const ctxNorm = ctx.length > 0 ? 1 / Math.sqrt(ctx.length + (header.smoothing ?? 0)) : 0;
      sums.fill(0);
      for (const id of ids) {
        const row = id * k;
        for (let c = 0; c < k; c++) sums[c] += w[row + c];
      }
      // Context is normalized by its own length, so a long sentence above cannot drown a short one.
      const scale = ctx.length > 0 ? ctxNorm / norm : 0;
      for (const id of ctx) {
        const row = id * k;
        for (let c = 0; c < k; c++) sums[c] += w[row + c] * scale;
      }
      const p = probabilities(header, sums, ids.length);
      for (let c = 0; c < k; c++) {
        const g = p[c] - (c === y ? 1 : 0);
        biases[c] -= lr * g * 0.1;
        p[c] = g;
      }
      for (const id of ids) {
        const row = id * k;
        for (let c = 0; c < k; c++) w[row + c] -= lr * (p[c] * norm + l2 * w[row + c]);
      }
      for (const id of ctx) {
        const row = id * k;
        for (let c = 0; c < k; c++) w[row + c] -= lr * (p[c] * ctxNorm + l2 * w[row + c]);
      }
    }
  }
  const weights = new Int8Array(buckets * k);
  for (let c = 0; c < k; c++) {
    let max = 0;
    for (let b = 0; b < buckets; b++) max = Math.max(max, Math.abs(w[b * k + c]));
    const scale = max > 0 ? max / 127 : 1;
    header.scales[c] = Number(scale.toPrecision(9));
    for (let b = 0; b < buckets; b++) weights[b * k + c] = Math.round(w[b * k + c] / header.scales[c]);
  }
  header.biases = biases.map((b) => Number(b.toPrecision(9)));
  return { header, weights };
}
