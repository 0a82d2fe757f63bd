/**
 * Text helpers shared by the parsers: lines with a same-length cleanup (so regex indices stay valid on the
 * line as written), accent-insensitive phrase regexes built from the rule tables, cells of text tables,
 * header mapping, and the normal form grounding compares in.
 */
import type { Line, Page, Table } from "./types";
import { LANGUAGE_MARKERS } from "./vocab";

export interface Span {
  index: number;
  end: number;
}

/** Look-alike spaces to " " and dashes/minus to "-", one character for one. */
export function cleanChars(s: string): string {
  return s.replace(/[\u00a0\u2007\u2009\u202f]/g, " ").replace(/[\u2010-\u2015\u2212]/g, "-");
}

/** Lower case without accents ("Sistólica" → "sistolica"). */
export function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function linesOf(pages: readonly Page[]): Line[] {
  const out: Line[] = [];
  for (const page of pages) {
    for (const raw of page.text.normalize("NFC").split(/\r\n|\r|\n/)) {
      const text = raw.trim();
      if (text) out.push({ page: page.n, text, clean: cleanChars(text) });
    }
  }
  return out;
}

/** A table row as cited: its cells joined by " | ". */
export function rowText(cells: readonly string[]): string {
  return cells.map((c) => c.trim()).join(" | ");
}

/** The table as lines, so grounding can find a row cited from it. */
export function tableLines(table: Table): Line[] {
  const page = table.page ?? 1;
  return [table.columns, ...table.rows].map((cells) => {
    const text = rowText(cells);
    return { page, text, clean: cleanChars(text) };
  });
}

const ACCENTS: Record<string, string> = { a: "[aáàâä]", e: "[eéèêë]", i: "[iíìîï]", o: "[oóòôö]", u: "[uúùûü]", n: "[nñ]", c: "[cç]" };
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** One regex for a list of phrases: case- and accent-insensitive, whole words only, longest phrase first. */
export function phraseRegex(phrases: readonly string[], flags = "giu"): RegExp {
  const alts = [...new Set(phrases.map((p) => fold(p).trim()))]
    .sort((a, b) => b.length - a.length)
    .map((p) => [...p].map((ch) => (ch === " " ? "\\s{1,3}" : (ACCENTS[ch] ?? escapeRe(ch)))).join(""));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alts.join("|")})(?![\\p{L}\\p{N}])`, flags);
}

/** Blanks the spans (same length), so later patterns do not read a date's digits as a reading. */
export function mask(s: string, spans: readonly Span[]): string {
  if (!spans.length) return s;
  const parts: string[] = [];
  let at = 0;
  for (const { index, end } of [...spans].sort((a, b) => a.index - b.index)) {
    if (end <= at) continue;
    const from = Math.max(at, index);
    parts.push(s.slice(at, from), " ".repeat(end - from));
    at = end;
  }
  parts.push(s.slice(at));
  return parts.join("");
}

/** Cells of a text table row: split at tabs, pipes or two or more spaces. */
export function cells(s: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let last = 0;
  const push = (end: number) => {
    const raw = s.slice(last, end);
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim()) out.push({ text: raw.trim(), start: last + lead });
  };
  for (const m of s.matchAll(/\t[\t ]*|[ ]*\|[ ]*|[ ]{2,}/g)) {
    push(m.index);
    last = m.index + m[0].length;
  }
  push(s.length);
  return out;
}

/** Tokens split at whitespace, except that each span (a date, a time) stays one token. */
export function tokens(s: string, keep: readonly Span[]): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  const spans = [...keep].sort((a, b) => a.index - b.index);
  let i = 0;
  let k = 0;
  while (i < s.length) {
    if (k < spans.length && spans[k]!.index <= i) {
      const sp = spans[k++]!;
      if (sp.end > i) out.push({ text: s.slice(Math.max(i, sp.index), sp.end), start: Math.max(i, sp.index) });
      i = Math.max(i, sp.end);
      continue;
    }
    if (/\s/.test(s[i]!)) {
      i++;
      continue;
    }
    const stop = Math.min(k < spans.length ? spans[k]!.index : s.length, s.length);
    let j = i;
    while (j < stop && !/\s/.test(s[j]!)) j++;
    out.push({ text: s.slice(i, j), start: i });
    i = j;
  }
  return out;
}

type Vocab<F extends string> = Record<F, readonly string[]>;
const indexes = new WeakMap<object, { exact: Map<string, string>; byLength: [string, string][] }>();
function indexOf<F extends string>(vocab: Vocab<F>) {
  let idx = indexes.get(vocab);
  if (!idx) {
    const exact = new Map<string, string>();
    for (const [field, words] of Object.entries(vocab) as [F, string[]][]) for (const w of words) if (!exact.has(foldHeader(w))) exact.set(foldHeader(w), field);
    idx = { exact, byLength: [...exact.entries()].sort((a, b) => b[0].length - a[0].length) };
    indexes.set(vocab, idx);
  }
  return idx as { exact: Map<string, F>; byLength: [string, F][] };
}

/** A header cell as compared: folded, units in brackets removed, punctuation to spaces. */
export function foldHeader(h: string): string {
  return fold(h.slice(0, 200))
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, " ")
    .replace(/[^\p{L}\p{N}#%]+/gu, " ")
    .trim();
}

/** Which field a header cell names: an exact synonym, else the longest synonym it contains as words. */
export function columnOf<F extends string>(header: string, vocab: Vocab<F>): F | null {
  const h = foldHeader(header);
  if (!h) return null;
  const idx = indexOf(vocab);
  const hit = idx.exact.get(h);
  if (hit) return hit;
  // A cell with digits is data ("134/84 pulso 70"), unless it is a synonym exactly.
  if (/\d/.test(h)) return null;
  const padded = ` ${h} `;
  for (const [syn, field] of idx.byLength) if (padded.includes(` ${syn} `)) return field;
  return null;
}

const HEADER_NOISE = new Set(["mmhg", "mg", "dl", "mmol", "l", "usd", "us", "no", "n", "#"]);

/**
 * The fields a text header line names, with where each starts: cells first, else word by word (longest
 * synonym first). Null unless every cell or word is known and at least two fields are named.
 */
export function headerFields<F extends string>(line: string, vocab: Vocab<F>): { field: F; start: number; end: number }[] | null {
  const cs = cells(line);
  if (cs.length >= 2) {
    const fields = cs.map((c) => ({ field: columnOf(c.text, vocab), start: c.start, end: c.start + c.text.length }));
    if (fields.every((f) => f.field)) return fields as { field: F; start: number; end: number }[];
  }
  return wordHeader(line, vocab);
}

/**
 * A column header with some labels this vocabulary does not know ("Coins", "Plan Pays"): read when at
 * least three cells, and at least half of them, are known and no unknown cell holds a digit. Unknown
 * columns are kept as `null` so that values under them are never placed in a known column.
 */
export function headerFieldsWithUnknown<F extends string>(line: string, vocab: Vocab<F>): { field: F | null; start: number; end: number }[] | null {
  const known = headerFields(line, vocab);
  if (known) return known;
  const cs = cells(line);
  const fields = cs.map((c) => ({ field: columnOf(c.text, vocab), start: c.start, end: c.start + c.text.length }));
  const count = fields.filter((f) => f.field).length;
  const unknownClean = cs.every((c, i) => fields[i]!.field || !/\p{N}/u.test(c.text));
  return cs.length >= 4 && count >= 3 && count * 2 >= cs.length && unknownClean ? fields : null;
}

function wordHeader<F extends string>(line: string, vocab: Vocab<F>): { field: F; start: number; end: number }[] | null {
  const blanked = line.replace(/\([^()]*\)|\[[^[\]]*\]/g, (m) => " ".repeat(m.length));
  const words = [...blanked.matchAll(/[\p{L}\p{N}#%]+/gu)].map((m) => ({ w: fold(m[0]), start: m.index, end: m.index + m[0].length }));
  if (words.length > 24) return null;
  const idx = indexOf(vocab);
  const out: { field: F; start: number; end: number }[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let k = Math.min(4, words.length - i); k >= 1 && !matched; k--) {
      const field = idx.exact.get(words.slice(i, i + k).map((x) => x.w).join(" "));
      if (field) {
        out.push({ field, start: words[i]!.start, end: words[i + k - 1]!.end });
        matched = k;
      }
    }
    if (!matched) {
      if (!HEADER_NOISE.has(words[i]!.w)) return null;
      matched = 1;
    }
    i += matched;
  }
  return out.length >= 2 ? out : null;
}

/**
 * The form grounding compares in: folded, "$" and pipes dropped, punctuation (not a decimal or thousands
 * separator) to spaces, digits and letters apart, one space. "10mg" and "10 mg" then read alike.
 */
export function norm(s: string): string {
  return fold(cleanChars(s.normalize("NFKC")))
    .replace(/[$€|]/g, " ")
    .replace(/(?<!\d)[.,]|[.,](?!\d)/g, " ")
    .replace(/[/\-:;()<>=%*#[\]{}"'`~_+≤≥↑↓]/g, " $& ")
    .replace(/(\d)(?=\p{L})|(\p{L})(?=\d)/gu, "$1$2 ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the phrase occurs in the text as whole words, in the normal form above. */
export function containsPhrase(hayNormed: string, needle: string): boolean {
  const n = norm(needle);
  return !!n && ` ${hayNormed} `.includes(` ${n} `);
}

const MARKERS = { es: new Set(LANGUAGE_MARKERS.es.map(fold)), en: new Set(LANGUAGE_MARKERS.en.map(fold)) };
export function isSpanish(text: string): boolean {
  let es = 0;
  let en = 0;
  for (const m of fold(text.slice(0, 400_000)).matchAll(/\p{L}+/gu)) {
    if (MARKERS.es.has(m[0])) es++;
    if (MARKERS.en.has(m[0])) en++;
  }
  return es > en;
}

/**
 * Trims whitespace and the given characters from both ends (or one). A loop, not /[…]+$/: that regex
 * retries from every character of a long run and takes quadratic time.
 */
export function strip(s: string, chars: string, ends: "both" | "start" | "end" = "both"): string {
  const drop = (c: string | undefined) => c !== undefined && (chars.includes(c) || /\s/.test(c));
  let a = 0;
  let b = s.length;
  if (ends !== "end") while (a < b && drop(s[a])) a++;
  if (ends !== "start") while (b > a && drop(s[b - 1])) b--;
  return s.slice(a, b);
}

/** Whether a phrase regex (global) matches anywhere; resets its state. */
export function has(re: RegExp, s: string): boolean {
  re.lastIndex = 0;
  const hit = re.test(s);
  re.lastIndex = 0;
  return hit;
}
