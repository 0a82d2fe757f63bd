/**
 * Turns any text into a safe FTS5 MATCH expression. User text never reaches FTS5 syntax: it is cut
 * into folded words (letters and digits only), and each word or word pair is emitted as a quoted
 * string joined by OR. Quotes, `NEAR`, `*`, `^`, `:` column filters, parentheses, NUL and emoji
 * cannot survive that, and a word like "NEAR" or "OR" is just a quoted string to match.
 */
import { isStopword, words } from "./terms";

/** At most this many distinct words (and as many adjacent pairs) go into one query. */
export const MAX_QUERY_WORDS = 32;

export interface MatchExpression {
  /** The FTS5 expression, e.g. `"blood" OR "pressure" OR "blood pressure"`. */
  expression: string;
  /** The distinct words it searches for. */
  words: string[];
}

/**
 * The OR-query for `text`, or null when nothing searchable is left (empty text, only punctuation,
 * emoji or function words). Adjacent content-word pairs are added as phrases so "blood sugar"
 * outranks documents that merely mention "blood" and "sugar" apart.
 */
export function buildMatchExpression(text: string): MatchExpression | null {
  const seq = words(text).filter((w) => !isStopword(w));
  const distinct: string[] = [];
  const seen = new Set<string>();
  for (const w of seq) {
    if (seen.has(w)) continue;
    seen.add(w);
    distinct.push(w);
    if (distinct.length === MAX_QUERY_WORDS) break;
  }
  if (distinct.length === 0) return null;

  const pairs: string[] = [];
  const seenPairs = new Set<string>();
  for (let i = 0; i + 1 < seq.length && pairs.length < MAX_QUERY_WORDS; i++) {
    const pair = `${seq[i]} ${seq[i + 1]}`;
    if (seq[i] === seq[i + 1] || seenPairs.has(pair)) continue;
    seenPairs.add(pair);
    pairs.push(pair);
  }
  const parts = [...distinct, ...pairs].map(quote);
  return { expression: parts.join(" OR "), words: distinct };
}

/** An FTS5 string literal. Words hold only letters and digits; doubling quotes is belt and braces. */
function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
