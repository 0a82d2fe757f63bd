/**
 * Hop 1: deterministic domain/category classification. The message is folded into terms, lightly
 * typo-corrected against the lexicon, then matched in passes: multi-word keywords (longest first,
 * stepping over a few function words), two-word keywords in any order, single words, and finally
 * leftover words that belong to only a few categories (a little evidence each). Longer phrases weigh
 * more, words shared by several categories less. Categories strong enough relative to the best of
 * their kind (clinical, paperwork, other) are the message's concerns; confidence says how clearly
 * the evidence points at them. Everything comes from the content: no per-specialty rules.
 */
import type { Domain } from "../content";
import { isStopword, terms } from "../catalog/terms";
import { pairKey, type CategoryKind, type Lexicon, type PhraseEntry } from "./lexicon";

export interface CategoryScore {
  category: string;
  domain: Domain;
  kind: CategoryKind;
  score: number;
  /** Index of the first word that gave evidence (plans list concerns in the order they were said). */
  position: number;
}

export interface Classification {
  /** The message's concerns, best first; empty when nothing matched. */
  concerns: CategoryScore[];
  /** Every category with any evidence, best first. */
  scores: CategoryScore[];
  /** Domain of the best concern (null when nothing matched). */
  domain: Domain | null;
  /** 0–1: how clearly the evidence points at the concerns chosen. */
  confidence: number;
}

export interface ClassifyOptions {
  /**
   * The general-purpose category (the fallback agent's). It is a concern only when nothing more
   * specific is, so "ENT appointment" goes to the ENT guide, not to general visit help.
   */
  generalistCategory?: string;
}

/** Extra weight per additional word in a matched phrase ("blood pressure" > "blood"). */
const PHRASE_LENGTH_BONUS = 0.25;
/** A lone word found in n categories' phrases weighs 1 / (1 + SHARED_PENALTY·(n−1)). */
const SHARED_PENALTY = 0.5;
/** Matches that needed a typo correction count this much. */
const FUZZY_FACTOR = 0.7;
/** Evidence of a leftover word that belongs to at most LEFTOVER_MAX_CATEGORIES categories. */
const LEFTOVER_WEIGHT = 0.3;
const LEFTOVER_MAX_CATEGORIES = 3;
/** A further concern must reach this share of the best score of its kind, and this absolute score. */
const SECONDARY_RATIO = 0.5;
export const MIN_CONCERN_SCORE = 0.6;
/** Each further phrase of one category counts this fraction of the one before. */
const EVIDENCE_DECAY = 0.5;
/** Function words a phrase may step over in the message. */
const MAX_SKIPS = 2;
/** Two-word keywords also match unordered within this many words, at PAIR_FACTOR of the weight. */
const PAIR_WINDOW = 3;
const PAIR_FACTOR = 0.8;
/** Weak evidence split this evenly between categories names none of them. */
const WEAK_TIE_RATIO = 0.8;
/** Score at which strength reaches 1 − 1/e: about one clear keyword. */
const STRENGTH_SCALE = 0.7;

interface Token {
  term: string;
  fuzzy: boolean;
}

export function classify(text: string, lexicon: Lexicon, options: ClassifyOptions = {}): Classification {
  const tokens = terms(text).map((t) => correct(t, lexicon));
  const consumed = new Array<boolean>(tokens.length).fill(false);
  const evidence = new Map<string, { phrases: Map<string, number>; position: number }>();

  const credit = (entries: readonly PhraseEntry[], key: string, factor: number, position: number) => {
    for (const e of entries) {
      let ev = evidence.get(e.category);
      if (!ev) evidence.set(e.category, (ev = { phrases: new Map(), position }));
      // The same phrase repeated is one piece of evidence, not several.
      ev.phrases.set(key, Math.max(ev.phrases.get(key) ?? 0, (e.weight * factor) / entries.length));
      ev.position = Math.min(ev.position, position);
    }
  };

  const creditPhrase = (match: PhraseMatch, start: number) => {
    const span = match.terms;
    let factor = 1 + PHRASE_LENGTH_BONUS * (span.length - 1);
    if (span.length === 1) factor /= 1 + SHARED_PENALTY * ((lexicon.termCategories.get(span[0]!)?.size ?? 1) - 1);
    if (match.fuzzy) factor *= FUZZY_FACTOR;
    credit(match.entries, span.join(" "), factor, start);
    for (let k = start; k < match.end; k++) consumed[k] = true;
  };

  // 1. Multi-word phrases, longest first, left to right; a phrase may step over a few function words
  //    ("pharmacy says it's not covered" still matches "pharmacy says not covered").
  for (let i = 0; i < tokens.length; ) {
    const match = longestPhrase(tokens, i, lexicon, consumed);
    if (match && match.terms.length > 1) {
      creditPhrase(match, i);
      i = match.end;
    } else i++;
  }

  // 2. Two-word keywords in another order or with words between ("joints are swollen").
  for (let a = 0; a < tokens.length; a++) {
    if (consumed[a] || isStopword(tokens[a]!.term)) continue;
    for (let b = a + 1; b < tokens.length && b - a <= PAIR_WINDOW; b++) {
      if (consumed[b] || isStopword(tokens[b]!.term)) continue;
      const key = pairKey(tokens[a]!.term, tokens[b]!.term);
      const entries = lexicon.pairs.get(key);
      if (!entries) continue;
      const fuzzy = tokens[a]!.fuzzy || tokens[b]!.fuzzy;
      credit(entries, key, (1 + PHRASE_LENGTH_BONUS) * PAIR_FACTOR * (fuzzy ? FUZZY_FACTOR : 1), a);
      consumed[a] = consumed[b] = true;
      break;
    }
  }

  // 3. Single-word keywords among the words still free.
  for (let i = 0; i < tokens.length; i++) {
    if (consumed[i]) continue;
    const match = longestPhrase(tokens, i, lexicon, consumed, 1);
    if (match) creditPhrase(match, i);
  }

  const scoresByCategory = new Map<string, { score: number; position: number }>();
  for (const [category, ev] of evidence) {
    // Strongest evidence counts fully, each further phrase half as much as the one before: one
    // category with many synonyms in the message should not drown a second, briefly named concern.
    const weights = [...ev.phrases.values()].sort((x, y) => y - x);
    const sum = weights.reduce((acc, w, k) => acc + w * EVIDENCE_DECAY ** k, 0);
    scoresByCategory.set(category, { score: sum, position: ev.position });
  }
  // 4. Leftover words known to only a few categories: a little evidence each.
  const leftovers = new Map<string, number>();
  tokens.forEach((t, index) => {
    if (!consumed[index] && !leftovers.has(t.term)) leftovers.set(t.term, index);
  });
  for (const [term, position] of leftovers) {
    if (term.length < 3 || isStopword(term)) continue;
    const cats = lexicon.termCategories.get(term);
    if (!cats || cats.size > LEFTOVER_MAX_CATEGORIES) continue;
    for (const c of cats) {
      const cur = scoresByCategory.get(c) ?? { score: 0, position };
      scoresByCategory.set(c, { score: cur.score + LEFTOVER_WEIGHT / cats.size, position: Math.min(cur.position, position) });
    }
  }

  const order = [...lexicon.categories.keys()];
  const scores: CategoryScore[] = [...scoresByCategory]
    .filter(([category, v]) => v.score > 0 && lexicon.categories.has(category))
    .map(([category, v]) => {
      const info = lexicon.categories.get(category)!;
      return { category, domain: info.domain, kind: info.kind, score: round(v.score), position: v.position };
    })
    .sort((a, b) => b.score - a.score || a.position - b.position || order.indexOf(a.category) - order.indexOf(b.category));

  return select(scores, options.generalistCategory);
}

interface PhraseMatch {
  end: number;
  terms: string[];
  entries: readonly PhraseEntry[];
  fuzzy: boolean;
}

/**
 * The longest lexicon phrase starting at `start` (at most `maxTerms` words), stepping over at most
 * MAX_SKIPS function words and never over a word another match already used.
 */
function longestPhrase(tokens: readonly Token[], start: number, lexicon: Lexicon, consumed: readonly boolean[], maxTerms = Infinity): PhraseMatch | null {
  let node = lexicon.root;
  let best: PhraseMatch | null = null;
  const path: Token[] = [];
  let skips = 0;
  for (let j = start; j < tokens.length && path.length < maxTerms && !consumed[j]; j++) {
    const token = tokens[j]!;
    const child = node.next.get(token.term);
    if (!child) {
      if (j > start && skips < MAX_SKIPS && isStopword(token.term)) {
        skips++;
        continue;
      }
      break;
    }
    node = child;
    path.push(token);
    if (node.entries.length > 0) best = { end: j + 1, terms: path.map((t) => t.term), entries: node.entries, fuzzy: path.some((t) => t.fuzzy) };
  }
  return best;
}

/** Picks the concerns from the ranked scores and rates the confidence of that choice. */
function select(scores: CategoryScore[], generalist: string | undefined): Classification {
  if (scores.length === 0) return { concerns: [], scores, domain: null, confidence: 0 };
  const specific = scores.filter((s) => s.category !== generalist);
  const strongSpecific = specific.length > 0 && specific[0]!.score >= MIN_CONCERN_SCORE;
  // The generalist steps aside whenever a specific category has real evidence.
  const pool = strongSpecific ? specific : scores;
  const top = pool[0]!.score;
  const strength = 1 - Math.exp(-top / STRENGTH_SCALE);
  if (top < MIN_CONCERN_SCORE && pool.length > 1 && pool[1]!.score >= WEAK_TIE_RATIO * top) {
    // Only stray words, split between categories: no category is safe to name. If they agree on a
    // domain, hop 2 can still search within it.
    const domain = pool[1]!.domain === pool[0]!.domain ? pool[0]!.domain : null;
    return { concerns: [], scores, domain, confidence: round(strength / 2) };
  }
  // A further concern competes with the best of its own kind: a clinical concern beside a paperwork
  // one is a second dimension of the message (a pipeline), not a rival reading of it.
  const bestOfKind = new Map<CategoryKind, number>();
  for (const s of pool) bestOfKind.set(s.kind, Math.max(bestOfKind.get(s.kind) ?? 0, s.score));
  const concerns = pool.filter(
    (s, index) => index === 0 || (s.score >= MIN_CONCERN_SCORE && s.score >= SECONDARY_RATIO * bestOfKind.get(s.kind)!),
  );
  const chosen = concerns.reduce((sum, s) => sum + s.score, 0);
  const total = pool.reduce((sum, s) => sum + s.score, 0);
  return { concerns, scores, domain: concerns[0]!.domain, confidence: round(strength * (chosen / total)) };
}

/**
 * A word the lexicon does not know, five letters or longer, is replaced by the one lexicon term within
 * edit distance 1 (2 from nine letters) that starts with the same letter; ties stay uncorrected.
 */
function correct(term: string, lexicon: Lexicon): Token {
  if (term.length < 5 || lexicon.termCategories.has(term) || isStopword(term) || /\d/.test(term)) return { term, fuzzy: false };
  const candidates = lexicon.fuzzyVocabulary.get(term[0]!) ?? [];
  const limit = term.length >= 9 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = limit + 1;
  let tie = false;
  for (const c of candidates) {
    if (Math.abs(c.length - term.length) > limit) continue;
    const d = editDistance(term, c, limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return best && !tie ? { term: best, fuzzy: true } : { term, fuzzy: false };
}

/** Optimal string alignment distance (adjacent swaps count 1), cut off above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  const n = a.length;
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const cur = new Array<number>(m + 1);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[m]!;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
