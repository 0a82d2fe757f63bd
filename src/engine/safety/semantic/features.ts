/**
 * Features of the semantic gate layer: folded words, word pairs, character 3–5-grams of each word (so
 * "unalive", "suicdal" and "convulsionando" share pieces with what the corpus shows), and numbers in
 * coarse ranges next to the word before them ("spo2 80s", "glucose <40"). Hashed into a fixed number of
 * buckets with FNV-1a: no vocabulary to ship, same ids on every machine.
 *
 * Text is split into units (sentences, long ones cut into overlapping word pieces) so that a long
 * message is scored window by window and a flag buried in paperwork scores like the flag alone.
 */
import type { NormalizedText } from "../normalize";
import { prepare } from "../prepare";
import { clusterTokens } from "./clusters";
import { classTokens } from "./lexicon";

export interface FeatureConfig {
  /** log2 of the bucket count. */
  bits: number;
  minGram: number;
  maxGram: number;
  /** Word triples too ("not my chest"): a little word order beyond pairs. */
  triples?: boolean;
  /** The mark a unit ends with ("?", ":") as one more token: a question for the pharmacist or a
   * label's heading reads differently from advice. Off for models trained before it existed. */
  marks?: boolean;
  /** Context given apart from the text (the sentences shown before it) is hashed into features of its
   * own, so "Your label says:" above a line weighs differently from the same words in the line. */
  context?: boolean;
  /** Word classes (./lexicon) as features of their own: "that's @cond", "@supp # @unit @freq". */
  lexicon?: boolean;
  /** Word clusters (./clusters) as features of their own: entry i holds cluster i's words. */
  clusters?: readonly string[];
}

export const DEFAULT_FEATURES: FeatureConfig = { bits: 18, minGram: 3, maxGram: 5 };

/** One unit of text: its word tokens and where it lies in the folded text. */
export interface Unit {
  words: string[];
  start: number;
  end: number;
  /** The sentence mark right after the unit, when it is one `marks` reads. */
  mark?: string;
}

const MARKS = new Set(["?", ":"]);

/** The tokens a unit is featurized from: its words, and its end mark when the model reads marks. */
export function unitTokens(unit: Unit, config: FeatureConfig): readonly string[] {
  return config.marks && unit.mark ? [...unit.words, unit.mark] : unit.words;
}

const WORD = /[\p{L}\p{N}]+/gu;
const UNIT_END = /[.!?;:\n…]+/g;
/** Longest unit in words; longer sentences are cut into pieces that overlap by half. */
const MAX_UNIT_WORDS = 48;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a state after `text[from, to)`, continuing from `h`: hashing without building strings. */
function feed(h: number, text: string, from = 0, to = text.length): number {
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h;
}
const SPACE = 32;
const W0 = feed(FNV_OFFSET, "w|");
const B0 = feed(FNV_OFFSET, "b|");
const T0 = feed(FNV_OFFSET, "t|");
const C0 = feed(FNV_OFFSET, "c|");
/** The same feature kinds for context words. */
const XW = feed(FNV_OFFSET, "xw|");
const XB = feed(FNV_OFFSET, "xb|");
const XT = feed(FNV_OFFSET, "xt|");
const XC = feed(FNV_OFFSET, "xc|");

export function fnv1a(s: string): number {
  return feed(FNV_OFFSET, s) >>> 0;
}

/** Coarse number ranges: device readings matter by range, not by digit. */
const NUMBER_EDGES = [10, 36, 40, 50, 60, 70, 80, 86, 90, 95, 100, 120, 140, 160, 180, 200, 250, 300, 400, 600];
function numberBucket(token: string): string | null {
  if (!/^\d{1,4}$/.test(token)) return null;
  const v = Number(token);
  let i = 0;
  while (i < NUMBER_EDGES.length && v >= NUMBER_EDGES[i]) i++;
  return `#${i}`;
}

/** Splits folded text into scoring units. */
export function units(folded: string): Unit[] {
  const out: Unit[] = [];
  let from = 0;
  const pushSentence = (start: number, end: number, terminator?: string) => {
    const words: { w: string; s: number; e: number }[] = [];
    WORD.lastIndex = start;
    for (let m = WORD.exec(folded); m && m.index < end; m = WORD.exec(folded)) {
      words.push({ w: m[0], s: m.index, e: m.index + m[0].length });
    }
    if (words.length === 0) return;
    const mark = terminator !== undefined && MARKS.has(terminator) ? terminator : undefined;
    if (words.length <= MAX_UNIT_WORDS) {
      out.push({ words: words.map((x) => x.w), start: words[0].s, end: words[words.length - 1].e, ...(mark ? { mark } : {}) });
      return;
    }
    const step = MAX_UNIT_WORDS / 2;
    for (let i = 0; i < words.length; i += step) {
      const piece = words.slice(i, i + MAX_UNIT_WORDS);
      const last = i + MAX_UNIT_WORDS >= words.length;
      out.push({ words: piece.map((x) => x.w), start: piece[0].s, end: piece[piece.length - 1].e, ...(last && mark ? { mark } : {}) });
      if (last) break;
    }
  };
  UNIT_END.lastIndex = 0;
  for (let m = UNIT_END.exec(folded); m; m = UNIT_END.exec(folded)) {
    pushSentence(from, m.index, m[0][0]);
    from = m.index + m[0].length;
  }
  pushSentence(from, folded.length);
  return out;
}

/** Calls `emit` with every feature string of a unit (in a fixed order). */
export function forEachFeature(words: readonly string[], config: FeatureConfig, emit: (feature: string) => void): void {
  let previous = "^";
  let before = "^";
  for (const word of words) {
    const bucket = numberBucket(word);
    const token = bucket ?? word;
    emit(`w|${token}`);
    emit(`b|${previous} ${token}`);
    if (config.triples) emit(`t|${before} ${previous} ${token}`);
    before = previous;
    if (bucket === null && word.length > 2) {
      const padded = ` ${word} `;
      for (let n = config.minGram; n <= config.maxGram; n++) {
        for (let i = 0; i + n <= padded.length; i++) emit(`c|${padded.slice(i, i + n)}`);
      }
    }
    previous = token;
  }
  emit(`b|${previous} $`);
  if (config.lexicon) forEachClassFeature(classTokens(words), config, "l|", emit);
  if (config.clusters) forEachClassFeature(clusterTokens(words, config.clusters), config, "k|", emit);
}

/**
 * The n-grams of the class-mapped words that hold a class token, prefixed with `prefix`: the words
 * themselves are already features, so only what the classes add is emitted.
 */
function forEachClassFeature(mapped: readonly string[] | null, config: FeatureConfig, prefix: string, emit: (feature: string) => void): void {
  if (!mapped) return;
  const isClass = (t: string) => t.charCodeAt(0) === 64 || t.charCodeAt(0) === 126; // "@" or "~"
  let previous = "^";
  let before = "^";
  for (const word of mapped) {
    const token = numberBucket(word) ?? word;
    const here = isClass(token);
    if (here) emit(`${prefix}${token}`);
    if (here || isClass(previous)) emit(`${prefix}${previous} ${token}`);
    if (config.triples && (here || isClass(previous) || isClass(before))) emit(`${prefix}${before} ${previous} ${token}`);
    before = previous;
    previous = token;
  }
  if (isClass(previous)) emit(`${prefix}${previous} $`);
}

/**
 * Bucket ids of a unit's features (with repeats: a feature counts as often as it occurs). The same ids
 * as hashing each string of `forEachFeature`, computed without allocating them (long pasted text).
 */
export function featureIds(words: readonly string[], config: FeatureConfig, context = false): number[] {
  const mask = (1 << config.bits) - 1;
  const [W, B, T, C] = context ? [XW, XB, XT, XC] : [W0, B0, T0, C0];
  const ids: number[] = [];
  let previous = "^";
  let before = "^";
  for (const word of words) {
    const bucket = numberBucket(word);
    const token = bucket ?? word;
    ids.push((feed(W, token) >>> 0) & mask);
    ids.push((feed(feed(feed(B, previous), " "), token) >>> 0) & mask);
    if (config.triples) ids.push((feed(feed(feed(feed(feed(T, before), " "), previous), " "), token) >>> 0) & mask);
    before = previous;
    if (bucket === null && word.length > 2) {
      // Grams of " word ", the padding spaces fed as char codes.
      const padded = word.length + 2;
      for (let n = config.minGram; n <= config.maxGram; n++) {
        for (let i = 0; i + n <= padded; i++) {
          let h = C;
          for (let j = i; j < i + n; j++) {
            h ^= j === 0 || j === padded - 1 ? SPACE : word.charCodeAt(j - 1);
            h = Math.imul(h, FNV_PRIME);
          }
          ids.push((h >>> 0) & mask);
        }
      }
    }
    previous = token;
  }
  ids.push((feed(feed(B, previous), " $") >>> 0) & mask);
  if (config.lexicon) forEachClassFeature(classTokens(words), config, context ? "xl|" : "l|", (f) => ids.push(fnv1a(f) & mask));
  if (config.clusters) forEachClassFeature(clusterTokens(words, config.clusters), config, context ? "xk|" : "k|", (f) => ids.push(fnv1a(f) & mask));
  return ids;
}

/** Folded text and its units; the normalization is the rules' own (./prepare keeps the last one, so the
 * union gate normalizes a message once). */
export function prepareText(text: string): { folded: string; norm: NormalizedText; units: Unit[] } {
  const { norm } = prepare(text);
  return { folded: norm.text, norm, units: units(norm.text) };
}
