/**
 * A user's query as FTS5 MATCH expressions that cannot break FTS5's syntax: each word (letters and
 * digits only, searchTerms) becomes a quoted string, the last one a prefix so results follow the
 * typing. `"`, `AND (`, `NEAR`, `col:x`, `^a*` are plain words or nothing at all.
 */
import { searchTerms } from "../../shared/searchTerms";

export interface MatchTerms {
  /** One expression per word (`"blood"`, `"pres"*`): a conversation must match each in some message. */
  each: string[];
  /** Every word in one document (a note): `"blood" "pres"*`. */
  all: string;
  /** Any word (the message a conversation's snippet comes from): `"blood" OR "pres"*`. */
  any: string;
}

/** The expressions for a query, or null when it has no word to search for. */
export function matchTerms(query: string): MatchTerms | null {
  const terms = searchTerms(query);
  if (terms.length === 0) return null;
  const each = terms.map((term, i) => `"${term.replace(/"/g, '""')}"${i === terms.length - 1 ? "*" : ""}`);
  return { each, all: each.join(" "), any: each.join(" OR ") };
}
