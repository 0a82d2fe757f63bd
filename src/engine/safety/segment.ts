/**
 * Words, sentences and clauses of a normalized message, in one linear pass.
 *
 * Clauses are what negation, history and the other qualifiers are scoped to (safety.md §1): in
 * "no chest pain, but my throat is closing" the "no" belongs to the first clause only. A clause ends at
 * sentence punctuation, a colon or brace, a contrastive or causal conjunction ("but", "because", "pero",
 * "aunque"…), or an "and"/comma that starts a new subject ("and my…", ", she…", "y ahora…").
 */

export interface Segments {
  /** Word start and end offsets, in order. */
  wordStart: Int32Array;
  wordEnd: Int32Array;
  wordCount: number;
  /** The words themselves. */
  words: string[];
  /** Offsets where clauses / sentences start (the first is always 0), ascending. */
  clauseStarts: number[];
  /** Per clause: it opens with "because"/"porque", so it shares the history of the clause before it. */
  clauseInherits: boolean[];
  sentenceStarts: number[];
}

/** "I went to the ER in March because I couldn't breathe": the reason shares the visit's past. */
const SUBORDINATE = new Set(["because", "cause", "'cause", "porque", "since"]);

const BREAKERS = new Set([
  "but", "however", "although", "though", "whereas", "except", "actually",
  "anyway", "anyways", "btw", "update", "meanwhile", "otherwise", "unfortunately",
  "pero", "aunque", "sino", "excepto", "porque", "mientras", "actualmente", "igual",
]);

/** Words that start a new clause after "and"/"y" or a comma. */
const STARTERS = new Set([
  "i", "i'm", "i've", "i'd", "my", "his", "her", "he", "he's", "she", "she's", "they", "they're", "their",
  "we", "we're", "our", "it", "it's", "now", "then", "suddenly", "also", "you", "your", "there", "this",
  "that's", "just", "only", "still", "today", "tonight", "so", "plus", "and", "or", "but", "though",
  "yo", "mi", "mis", "su", "sus", "el", "ella", "ellos", "ellas", "ahora", "luego", "despues", "tengo",
  "tiene", "tienen", "estoy", "esta", "me", "le", "se", "ya", "hoy", "solo", "tambien", "pero", "de",
  "y", "nuestro", "nuestra", "no",
]);

const CONJUNCTIONS = new Set(["and", "y", "e", "plus", "so", "then", "luego", "entonces"]);

function isWordUnit(u: number): boolean {
  return (u >= 97 && u <= 122) || (u >= 48 && u <= 57) || u === 39 || u > 127;
}

function isDigit(u: number): boolean {
  return u >= 48 && u <= 57;
}

export function segment(text: string): Segments {
  const n = text.length;
  let wordStart = new Int32Array(Math.max(16, n >> 2));
  let wordEnd = new Int32Array(wordStart.length);
  let count = 0;
  for (let i = 0; i < n; ) {
    if (!isWordUnit(text.charCodeAt(i)) || text.charCodeAt(i) === 39) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isWordUnit(text.charCodeAt(j))) j++;
    if (count === wordStart.length) {
      const a = new Int32Array(count * 2);
      a.set(wordStart);
      wordStart = a;
      const b = new Int32Array(count * 2);
      b.set(wordEnd);
      wordEnd = b;
    }
    wordStart[count] = i;
    wordEnd[count] = j;
    count++;
    i = j;
  }

  const words: string[] = new Array(count);
  for (let k = 0; k < count; k++) words[k] = text.slice(wordStart[k], wordEnd[k]);
  const clauseStarts = [0];
  const clauseInherits = [false];
  const sentenceStarts = [0];
  const word = (k: number): string => words[k];
  const startClause = (at: number, inherits = false): void => {
    if (at > clauseStarts[clauseStarts.length - 1]) {
      clauseStarts.push(at);
      clauseInherits.push(inherits);
    }
  };

  for (let k = 0; k < count; k++) {
    const from = k === 0 ? 0 : wordEnd[k - 1];
    const to = wordStart[k];
    let sentenceBreak = false;
    let clauseBreak = false;
    let comma = false;
    for (let p = from; p < to; p++) {
      const u = text.charCodeAt(p);
      if (u === 46 /* . */) {
        // "6.5" is a number, not a sentence end.
        if (!(p > 0 && isDigit(text.charCodeAt(p - 1)) && p + 1 < n && isDigit(text.charCodeAt(p + 1)))) sentenceBreak = true;
      } else if (u === 33 || u === 63 || u === 10 || u === 59 /* ! ? \n ; */) sentenceBreak = true;
      else if (u === 58 || u === 40 || u === 41 || u === 123 || u === 125 /* : ( ) { } */) clauseBreak = true;
      else if (u === 44 /* , */) comma = true;
    }
    if (sentenceBreak && k > 0) {
      if (to > sentenceStarts[sentenceStarts.length - 1]) sentenceStarts.push(to);
      startClause(to);
      continue;
    }
    const w = word(k);
    if (SUBORDINATE.has(w) && !(w === "since" && k + 1 < count && /^(yesterday|last|this|then|\d)/.test(word(k + 1)))) {
      startClause(to, !clauseBreak);
      continue;
    }
    if (clauseBreak || BREAKERS.has(w) || (w === "embargo" && k > 0 && word(k - 1) === "sin")) {
      startClause(to);
      continue;
    }
    if (comma && STARTERS.has(w)) {
      startClause(to);
      continue;
    }
    if (CONJUNCTIONS.has(w) && k + 1 < count && STARTERS.has(word(k + 1))) startClause(to);
  }
  return { wordStart, wordEnd, wordCount: count, words, clauseStarts, clauseInherits, sentenceStarts };
}

/** Index of the range (clause or sentence) containing `offset`: binary search over sorted starts. */
export function rangeIndex(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Index of the first word starting at or after `offset`. */
export function wordAt(seg: Segments, offset: number): number {
  let lo = 0;
  let hi = seg.wordCount;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seg.wordStart[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
