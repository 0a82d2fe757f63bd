/**
 * Text normalization for the safety gates (safety.md §1). Every rule matches the folded text this
 * module produces, never the raw message, so "ＣＨＥＳＴ", "сhest" (Cyrillic с), "c h e s t",
 * "ch\u200Best" and "cheeest" all read "chest".
 *
 * Two stages, both linear in the input:
 *   A. per code point: NFKD + dropped combining marks (a superset of NFKC folding that also removes
 *      accents, so Spanish matches with or without them), lower case, look-alike letters, zero-width and
 *      bidi controls removed, whitespace runs collapsed;
 *   B. per word: leetspeak digits inside words, runs of 3+ identical letters collapsed to one, common
 *      misspellings, spaced-out single letters ("s.u.i.c.i.d.e") and split words ("sui cide") joined.
 * Each normalized UTF-16 unit remembers the original range it came from, so spans map back.
 */
import { CONFUSABLES, LEET, MISSPELLINGS, SPLIT_COMMON_HALVES, SPLIT_WORDS } from "./foldTables";

export interface NormalizedText {
  /** The folded text the rules match. */
  text: string;
  /** For each unit of `text`: where its source starts in the original string. */
  start: Int32Array;
  /** For each unit of `text`: where its source ends (exclusive) in the original string. */
  end: Int32Array;
}

export interface TextSpan {
  start: number;
  end: number;
  text: string;
}

// ---------- stage A: characters ----------

const ASCII_FOLD: string[] = Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if (code >= 65 && code <= 90) return ch.toLowerCase();
  if (code === 10 || code === 13) return "\n";
  if (code < 32 || code === 127) return " ";
  if (code === 96) return "'";
  return ch;
});

const INVISIBLE = /^[\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0]$/u;
const LINE_BREAK = /^[\u0085\u2028\u2029]$/u;
const SPACE = /^[\p{White_Space}\p{Cc}]$/u;

function foldOnce(s: string): string {
  const base = s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
  let out = "";
  for (const c of base) {
    const code = c.codePointAt(0) ?? 0;
    if (code < 128) out += ASCII_FOLD[code];
    else if (INVISIBLE.test(c)) continue;
    else if (LINE_BREAK.test(c)) out += "\n";
    else if (SPACE.test(c)) out += " ";
    else out += CONFUSABLES[c] ?? c;
  }
  return out;
}

const charCache = new Map<number, string>();

/** Fold one non-ASCII code point, repeated until stable so folding twice changes nothing. */
function foldCodePoint(cp: number): string {
  const cached = charCache.get(cp);
  if (cached !== undefined) return cached;
  const ch = String.fromCodePoint(cp);
  let out: string;
  if (INVISIBLE.test(ch)) out = "";
  else if (LINE_BREAK.test(ch)) out = "\n";
  else if (SPACE.test(ch)) out = " ";
  else if (CONFUSABLES[ch] !== undefined || CONFUSABLES[ch.toLowerCase()] !== undefined) {
    // Before NFKD: some look-alikes decompose to other letters (Greek lunate sigma "ϲ" → "ς").
    out = CONFUSABLES[ch] ?? CONFUSABLES[ch.toLowerCase()];
  } else {
    out = foldOnce(ch);
    for (let i = 0; i < 3; i++) {
      const again = foldOnce(out);
      if (again === out) break;
      out = again;
    }
  }
  if (charCache.size < 20_000) charCache.set(cp, out);
  return out;
}

const UTF16 = new TextDecoder("utf-16le");

/** Growable UTF-16 buffer with the original range of every unit. */
class Builder {
  units: Uint16Array;
  start: Int32Array;
  end: Int32Array;
  length = 0;

  constructor(capacity: number) {
    const n = Math.max(16, capacity);
    this.units = new Uint16Array(n);
    this.start = new Int32Array(n);
    this.end = new Int32Array(n);
  }

  private grow(): void {
    const n = this.units.length * 2;
    const units = new Uint16Array(n);
    units.set(this.units);
    const start = new Int32Array(n);
    start.set(this.start);
    const end = new Int32Array(n);
    end.set(this.end);
    this.units = units;
    this.start = start;
    this.end = end;
  }

  push(unit: number, from: number, to: number): void {
    if (this.length === this.units.length) this.grow();
    this.units[this.length] = unit;
    this.start[this.length] = from;
    this.end[this.length] = to;
    this.length++;
  }

  last(): number {
    return this.length > 0 ? this.units[this.length - 1] : -1;
  }

  finish(): NormalizedText {
    const text = UTF16.decode(this.units.subarray(0, this.length));
    return { text, start: this.start.subarray(0, this.length), end: this.end.subarray(0, this.length) };
  }
}

const SP = 32;
const NL = 10;

function pushFolded(out: Builder, folded: string, from: number, to: number): void {
  for (let k = 0; k < folded.length; k++) {
    const u = folded.charCodeAt(k);
    if (u === SP) {
      const last = out.last();
      if (last === SP || last === NL || last === -1) continue;
    } else if (u === NL) {
      const last = out.last();
      if (last === NL || last === -1) continue;
      if (last === SP) {
        // "a \n" → "a\n": the newline replaces the trailing space.
        out.length--;
      }
    }
    out.push(u, from, to);
  }
}

function foldCharacters(input: string): NormalizedText {
  const out = new Builder(input.length + 16);
  for (let i = 0; i < input.length; ) {
    const code = input.charCodeAt(i);
    if (code < 128) {
      const folded = ASCII_FOLD[code];
      if (folded.length === 1 && folded.charCodeAt(0) !== SP && folded.charCodeAt(0) !== NL) {
        out.push(folded.charCodeAt(0), i, i + 1);
      } else {
        pushFolded(out, folded, i, i + 1);
      }
      i++;
      continue;
    }
    const cp = input.codePointAt(i) ?? code;
    const width = cp > 0xffff ? 2 : 1;
    pushFolded(out, foldCodePoint(cp), i, i + width);
    i += width;
  }
  return out.finish();
}

// ---------- stage B: words ----------

const APOSTROPHE = 39;
const letterCache = new Map<number, boolean>();

function isBaseWordUnit(u: number): boolean {
  if ((u >= 97 && u <= 122) || (u >= 48 && u <= 57)) return true;
  if (u < 128) return false;
  let known = letterCache.get(u);
  if (known === undefined) {
    known = /[\p{L}\p{N}]/u.test(String.fromCharCode(u));
    letterCache.set(u, known);
  }
  return known;
}

function isLeetSymbol(u: number): boolean {
  return u === 64 /* @ */ || u === 36; /* $ */
}

function isAsciiLetter(u: number): boolean {
  return u >= 97 && u <= 122;
}

/** Units, ordinals and lab names: "50mg", "2nd", "b12", "t4", "a1c" (but "d1e" is "die"). */
const UNIT_LIKE = /^\d+(?:[a-z]{1,4})$|^[a-z]{1,2}\d+$|^(?:hb)?a1c$|^h\d+n\d+$|^spo2$|^ca\d+$/;
const LEET_CHARS = /[013457@$]/;

/** "su1c1de" → "suicide", but never "50mg", "b12" or a plain number. */
function foldLeet(token: string): string {
  if (!LEET_CHARS.test(token)) return token;
  // "t0", "n0", "s0": a letter and a zero are a word, not a lab name like "t4" or "b12".
  if (/^[a-z]0$/.test(token)) return token[0] + "o";
  if (UNIT_LIKE.test(token)) return token;
  let letters = 0;
  let digits = 0;
  for (let i = 0; i < token.length; i++) {
    const u = token.charCodeAt(i);
    if (isAsciiLetter(u)) letters++;
    else if (u >= 48 && u <= 57) digits++;
  }
  if (letters < 2 || letters < digits) return token;
  let out = "";
  for (const ch of token) out += LEET[ch] ?? ch;
  return out;
}

/** Runs of three or more identical letters shrink to one ("heeeelp" → "help", "killll" → "kil"). */
function collapseRuns(token: string): string {
  let out = "";
  let changed = false;
  for (let i = 0; i < token.length; ) {
    const ch = token[i];
    let j = i + 1;
    while (j < token.length && token[j] === ch) j++;
    const run = j - i;
    if (run >= 3 && isAsciiLetter(ch.charCodeAt(0))) {
      out += ch;
      changed = true;
    } else {
      out += token.slice(i, j);
    }
    i = j;
  }
  return changed ? out : token;
}

const MAX_GROWTH = Math.max(1, ...Object.entries(MISSPELLINGS).map(([k, v]) => v.length - k.length));

const tokenCache = new Map<string, string>();

export function foldWord(token: string): string {
  const cached = tokenCache.get(token);
  if (cached !== undefined) return cached;
  let t = foldLeet(token);
  t = collapseRuns(t);
  if (Object.prototype.hasOwnProperty.call(MISSPELLINGS, t)) t = MISSPELLINGS[t];
  if (tokenCache.size > 50_000) tokenCache.clear();
  tokenCache.set(token, t);
  return t;
}

/** Words of a text as parallel arrays: where each starts and ends, as typed and as folded. */
interface Words {
  s: number[];
  e: number[];
  raw: string[];
  folded: string[];
  /** True when some word folds to something else (or may be joined). */
  changed: boolean;
  changedCount: number;
}

const JOIN_SEPARATORS = new Set([" ", ".", "-", "_", "*", "\u00b7", "/"]);

/** First half → second halves of a split word ("sui" → "cide", …), from SPLIT_WORDS. */
const SPLIT_PAIRS = new Map<string, Set<string>>();
for (const word of SPLIT_WORDS) {
  for (let i = 2; i <= word.length - 2; i++) {
    const a = word.slice(0, i);
    const b = word.slice(i);
    if (SPLIT_COMMON_HALVES.has(a) && SPLIT_COMMON_HALVES.has(b)) continue;
    const set = SPLIT_PAIRS.get(a) ?? new Set<string>();
    set.add(b);
    SPLIT_PAIRS.set(a, set);
  }
}

/** Words t and t+1 are the two halves of a split word, one separator apart. */
function isSplitPair(words: Words, text: string, t: number): boolean {
  if (t + 1 >= words.s.length || words.s[t + 1] - words.e[t] !== 1) return false;
  const second = SPLIT_PAIRS.get(words.folded[t]);
  return second !== undefined && second.has(words.folded[t + 1]) && JOIN_SEPARATORS.has(text[words.e[t]]);
}

function isSingleLetter(word: string): boolean {
  return word.length === 1 && isAsciiLetter(word.charCodeAt(0));
}

/** A word starts at a letter or digit, or at a run of leet symbols followed by one ("@$aa", "$troke"). */
function startsWordAt(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && isLeetSymbol(text.charCodeAt(j))) j++;
  return j < text.length && isBaseWordUnit(text.charCodeAt(j));
}

function tokenize(text: string): Words {
  const words: Words = { s: [], e: [], raw: [], folded: [], changed: false, changedCount: 0 };
  const n = text.length;
  let singles = 0;
  let i = 0;
  while (i < n) {
    if (!startsWordAt(text, i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n) {
      const w = text.charCodeAt(j);
      if (isBaseWordUnit(w) || isLeetSymbol(w)) {
        j++;
      } else if (w === APOSTROPHE && startsWordAt(text, j + 1)) {
        j += 1;
      } else {
        break;
      }
    }
    const raw = text.slice(i, j);
    const folded = foldWord(raw);
    words.s.push(i);
    words.e.push(j);
    words.raw.push(raw);
    words.folded.push(folded);
    if (folded !== raw) {
      words.changed = true;
      words.changedCount++;
    }
    if (words.s.length > 1 && isSplitPair(words, text, words.s.length - 2)) words.changed = true;
    // Three single letters in a row, one character apart, may be a spaced-out word to join.
    if (isSingleLetter(folded)) {
      const k = words.s.length - 1;
      singles = k > 0 && singles > 0 && words.s[k] - words.e[k - 1] === 1 ? singles + 1 : 1;
      if (singles >= 3) words.changed = true;
    } else {
      singles = 0;
    }
    i = j;
  }
  return words;
}

interface WordPass {
  result: NormalizedText;
  /** True when the pass joined letters or made a one-letter word, which a second pass might join further. */
  unstable: boolean;
}

/** Output of the word stage: slices of the input plus replaced words, offsets copied in blocks. */
class PieceBuilder {
  private readonly pieces: string[] = [];
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  private length = 0;

  constructor(
    private readonly src: NormalizedText,
    changedWords: number,
  ) {
    // Only misspelling fixes lengthen a word ("cant" → "can't"), by at most MAX_GROWTH units each.
    const n = src.text.length + changedWords * MAX_GROWTH + 64;
    this.start = new Int32Array(n);
    this.end = new Int32Array(n);
  }

  copy(from: number, to: number): void {
    if (to <= from) return;
    this.pieces.push(this.src.text.slice(from, to));
    this.start.set(this.src.start.subarray(from, to), this.length);
    this.end.set(this.src.end.subarray(from, to), this.length);
    this.length += to - from;
  }

  /** A replacement word: per-unit offsets when it kept its length, else the whole source range. */
  word(word: string, rawFrom: number, rawTo: number): void {
    this.pieces.push(word);
    const sameLength = word.length === rawTo - rawFrom;
    for (let k = 0; k < word.length; k++) {
      this.start[this.length + k] = sameLength ? this.src.start[rawFrom + k] : this.src.start[rawFrom];
      this.end[this.length + k] = sameLength ? this.src.end[rawFrom + k] : this.src.end[rawTo - 1];
    }
    this.length += word.length;
  }

  finish(): NormalizedText {
    return { text: this.pieces.join(""), start: this.start.subarray(0, this.length), end: this.end.subarray(0, this.length) };
  }
}

function foldWords(src: NormalizedText): WordPass {
  const { text } = src;
  const words = tokenize(text);
  // Most messages have no word to fix and no spaced-out letters: keep the text as it is.
  if (!words.changed) return { result: src, unstable: false };
  const out = new PieceBuilder(src, words.changedCount);
  let unstable = false;
  let cursor = 0;
  const count = words.s.length;

  for (let t = 0; t < count; ) {
    // A run of 3+ single letters with one identical separator between them: "s u i c i d e".
    let runEnd = t;
    if (isSingleLetter(words.folded[t]) && t + 1 < count && words.s[t + 1] - words.e[t] === 1) {
      const sep = text[words.e[t]];
      if (JOIN_SEPARATORS.has(sep)) {
        while (
          runEnd + 1 < count &&
          isSingleLetter(words.folded[runEnd + 1]) &&
          words.s[runEnd + 1] - words.e[runEnd] === 1 &&
          text[words.e[runEnd]] === sep
        ) {
          runEnd++;
        }
      }
    }
    if (runEnd - t + 1 >= 3) {
      let joined = "";
      for (let k = t; k <= runEnd; k++) joined += words.folded[k];
      out.copy(cursor, words.s[t]);
      out.word(foldWord(joined), words.s[t], words.e[runEnd]);
      unstable = true;
      cursor = words.e[runEnd];
      t = runEnd + 1;
      continue;
    }
    if (isSplitPair(words, text, t)) {
      out.copy(cursor, words.s[t]);
      out.word(foldWord(words.folded[t] + words.folded[t + 1]), words.s[t], words.e[t + 1]);
      cursor = words.e[t + 1];
      t += 2;
      continue;
    }
    const word = words.folded[t];
    const raw = words.raw[t];
    if (word !== raw) {
      // Unchanged stretches are copied in one block when the next change (or the end) comes.
      out.copy(cursor, words.s[t]);
      out.word(word, words.s[t], words.e[t]);
      cursor = words.e[t];
      if (isSingleLetter(word) && raw.length > 1) unstable = true;
    }
    t++;
  }
  out.copy(cursor, text.length);
  return { result: out.finish(), unstable };
}

// ---------- public API ----------

/** Fold a message for matching, keeping the map back to original offsets. */
export function normalizeForMatching(input: string): NormalizedText {
  let current = foldCharacters(input);
  for (let pass = 0; pass < 4; pass++) {
    const { result, unstable } = foldWords(current);
    const changed = result.text !== current.text;
    current = result;
    if (!unstable || !changed) break;
  }
  return current;
}

/** The folded text alone (idempotent: normalizeText(normalizeText(x)) === normalizeText(x)). */
export function normalizeText(input: string): string {
  return normalizeForMatching(input).text;
}

/** Map a range of the normalized text back to the original message. */
export function originalSpan(original: string, norm: NormalizedText, start: number, end: number): TextSpan {
  if (norm.text.length === 0 || end <= start) return { start: 0, end: 0, text: "" };
  const s = norm.start[Math.min(start, norm.text.length - 1)];
  const e = norm.end[Math.min(end, norm.text.length) - 1];
  return { start: s, end: e, text: original.slice(s, e) };
}
