/**
 * The semantic layer's classifier: a multinomial logistic regression over hashed subword features
 * (./features), trained by `npm run train:gate` on the writers' train split. Classes are "none" and
 * "family:action" pairs. Deterministic: int8 weights with one float scale per class, no sampling, a fixed
 * order of additions.
 *
 * File layout (resources/models/gate-subword.bin): "CFSG", u32 version, u32 header length, the header
 * as UTF-8 JSON, then buckets × classes int8 weights (bucket-major).
 */
import { textLanguage } from "../language";
import type { NormalizedText } from "../normalize";
import { featureIds, forEachFeature, fnv1a, prepareText, unitTokens, type FeatureConfig, type Unit } from "./features";

export const MODEL_MAGIC = "CFSG";
export const MODEL_VERSION = 1;

export interface ModelHeader {
  features: FeatureConfig;
  classes: string[];
  /** Per-class dequantization scale of the int8 weights. */
  scales: number[];
  biases: number[];
  /** Emergency score (1 − P(none)) at or above which a window raises an emergency; chosen on dev. */
  threshold: number;
  /** Per-language thresholds, chosen so that each language reaches the target on its own; they
   * replace `threshold` for a message that reads as that language (../language). */
  thresholds?: { en: number; es: number };
  /** Output guard only: a rule's hit on a sentence the classifier scores below this is excused. */
  veto?: number;
  /** Added to the feature count before the square root: a two-word window cannot score like a story. */
  smoothing?: number;
  /** Up to this many consecutive units form one scoring window. */
  window: number;
  /** sha256 of the training data, so a stale model is noticed. */
  trainedOn: string;
}

export interface SemanticModel {
  readonly header: ModelHeader;
  readonly weights: Int8Array;
}

export function encodeModel(model: SemanticModel): Buffer {
  const header = Buffer.from(JSON.stringify(model.header), "utf8");
  const head = Buffer.alloc(12);
  head.write(MODEL_MAGIC, 0, "ascii");
  head.writeUInt32LE(MODEL_VERSION, 4);
  head.writeUInt32LE(header.length, 8);
  return Buffer.concat([head, header, Buffer.from(model.weights.buffer, model.weights.byteOffset, model.weights.byteLength)]);
}

export function decodeModel(bytes: Uint8Array): SemanticModel {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 12 || buf.toString("ascii", 0, 4) !== MODEL_MAGIC) throw new Error("not a Carefold gate model");
  const version = buf.readUInt32LE(4);
  if (version !== MODEL_VERSION) throw new Error(`gate model version ${version} is not supported`);
  const headerLength = buf.readUInt32LE(8);
  const header = JSON.parse(buf.toString("utf8", 12, 12 + headerLength)) as ModelHeader;
  const expected = (1 << header.features.bits) * header.classes.length;
  const body = buf.subarray(12 + headerLength);
  if (body.length !== expected) throw new Error(`gate model is truncated: ${body.length} of ${expected} weight bytes`);
  const weights = new Int8Array(expected);
  weights.set(new Int8Array(body.buffer, body.byteOffset, body.length));
  return { header, weights };
}

/** Raw class sums of one unit (before the bias and length normalization) and its feature count. */
function unitSums(model: SemanticModel, words: readonly string[], context = false): { sums: Float64Array; count: number } {
  const k = model.header.classes.length;
  const sums = new Float64Array(k);
  const ids = featureIds(words, model.header.features, context);
  for (const id of ids) {
    const row = id * k;
    for (let c = 0; c < k; c++) sums[c] += model.weights[row + c];
  }
  for (let c = 0; c < k; c++) sums[c] *= model.header.scales[c];
  return { sums, count: ids.length };
}

/** Softmax of bias + sums / sqrt(count + smoothing): the same formula training uses. */
export function probabilities(header: ModelHeader, sums: ArrayLike<number>, count: number): Float64Array {
  const k = header.classes.length;
  const norm = count > 0 ? 1 / Math.sqrt(count + (header.smoothing ?? 0)) : 0;
  const z = new Float64Array(k);
  let max = -Infinity;
  for (let c = 0; c < k; c++) {
    z[c] = header.biases[c] + sums[c] * norm;
    if (z[c] > max) max = z[c];
  }
  let total = 0;
  for (let c = 0; c < k; c++) {
    z[c] = Math.exp(z[c] - max);
    total += z[c];
  }
  for (let c = 0; c < k; c++) z[c] /= total;
  return z;
}

export interface WindowScore {
  /** 1 − P(none). */
  score: number;
  probs: Float64Array;
  /** Offsets into the folded text. */
  start: number;
  end: number;
  firstUnit: number;
  lastUnit: number;
}

/** Every window of up to `header.window` consecutive units, scored; the best one first. */
export function scoreWindows(model: SemanticModel, text: string, context = ""): { norm: NormalizedText; units: Unit[]; best: WindowScore | null } {
  // A model that does not read context apart reads it as text before the message.
  if (context && !model.header.features.context) return scoreWindows(model, context + text);
  const { norm, units } = prepareText(text);
  if (units.length === 0) return { norm, units, best: null };
  const noneIndex = model.header.classes.indexOf("none");
  const k = model.header.classes.length;
  // Context features count in every window, normalized apart.
  const ctxSums = new Float64Array(k);
  let ctxCount = 0;
  if (context) {
    for (const u of prepareText(context).units) {
      const s = unitSums(model, unitTokens(u, model.header.features), true);
      for (let c = 0; c < k; c++) ctxSums[c] += s.sums[c];
      ctxCount += s.count;
    }
  }
  const perUnit = units.map((u) => unitSums(model, unitTokens(u, model.header.features)));
  let best: WindowScore | null = null;
  const size = Math.min(model.header.window, units.length);
  const sums = new Float64Array(k);
  for (let first = 0; first + size <= units.length; first++) {
    const last = first + size - 1;
    sums.fill(0);
    let count = 0;
    for (let u = first; u <= last; u++) {
      for (let c = 0; c < k; c++) sums[c] += perUnit[u].sums[c];
      count += perUnit[u].count;
    }
    if (count === 0) continue;
    if (ctxCount > 0) {
      // Context is normalized by its own length (as in training): scaled here so that
      // probabilities() applies the text's normalization to both.
      const scale = Math.sqrt(count + (model.header.smoothing ?? 0)) / Math.sqrt(ctxCount + (model.header.smoothing ?? 0));
      for (let c = 0; c < k; c++) sums[c] += ctxSums[c] * scale;
    }
    const probs = probabilities(model.header, sums, count);
    const score = 1 - probs[noneIndex];
    if (!best || score > best.score) {
      best = { score, probs, start: units[first].start, end: units[last].end, firstUnit: first, lastUnit: last };
    }
  }
  return { norm, units, best };
}

/** The features of a window that pushed hardest towards `classIndex` (for the explanation). */
export function topFeatures(model: SemanticModel, words: readonly string[], classIndex: number, n = 5): string[] {
  const k = model.header.classes.length;
  const mask = (1 << model.header.features.bits) - 1;
  const seen = new Map<string, number>();
  forEachFeature(words, model.header.features, (f) => {
    if (seen.has(f)) return;
    const row = (fnv1a(f) & mask) * k;
    const w = model.weights[row + classIndex] * model.header.scales[classIndex];
    const none = model.header.classes.indexOf("none");
    const toNone = none >= 0 ? model.weights[row + none] * model.header.scales[none] : 0;
    seen.set(f, w - toNone);
  });
  return [...seen.entries()]
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([f]) => f);
}

/** The threshold for a message, by the language its folded text reads as. */
export function thresholdFor(header: ModelHeader, folded: string): number {
  return header.thresholds ? header.thresholds[textLanguage(folded)] : header.threshold;
}
