/**
 * The words of a search query, one rule for the engine (which quotes each for FTS5) and the renderer
 * (which marks them in a snippet). Only letters and digits survive, so a query can never carry FTS5
 * syntax: quotes, `*`, `^`, `:`, parentheses, NEAR/AND/OR as operators. Pure, no I/O.
 */
import { foldText } from "./text";

/** Runs of letters and digits (and private-use characters), as SQLite's unicode61 tokenizer sees words. */
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** At most this many words go into one search (a query is 200 characters at most anyway). */
export const MAX_SEARCH_TERMS = 12;

/** The query's words in order, as typed (NFC); the last is matched as a prefix while the user types. */
export function searchTerms(query: string): string[] {
  return [...query.normalize("NFC").matchAll(WORD)].map((m) => m[0]).slice(0, MAX_SEARCH_TERMS);
}

export interface MarkedSegment {
  text: string;
  /** A word the query matched (case and accents ignored; the query's last word as a prefix). */
  hit: boolean;
}

/** Splits text into runs that the query matched and runs it did not, for marking hits in a snippet. */
export function markHits(text: string, query: string): MarkedSegment[] {
  const terms = searchTerms(query).map(foldText);
  const last = terms.at(-1);
  const whole = new Set(terms.slice(0, -1));
  const matches = (word: string) => {
    const folded = foldText(word);
    return whole.has(folded) || (last !== undefined && folded.startsWith(last));
  };
  const out: MarkedSegment[] = [];
  const push = (piece: string, hit: boolean) => {
    if (!piece) return;
    const prev = out.at(-1);
    if (prev && prev.hit === hit && !hit) prev.text += piece;
    else out.push({ text: piece, hit });
  };
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    if (!matches(m[0])) continue;
    push(text.slice(at, m.index), false);
    push(m[0], true);
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return out;
}
