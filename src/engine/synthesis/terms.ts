/**
 * Rule terms → one matcher per term group. Terms are plain words or phrases, folded like the text they
 * are matched against (so "riñón" and "rinon" are the same term), matched as whole words; a trailing `*`
 * after a word allows any ending ("diuretic*" → diuretics, "pastilla* para orinar"), and a space or hyphen inside a term also matches a
 * hyphen, a space or nothing ("anti-inflammatory", "anti inflammatory", "antiinflammatory").
 */
import { fold } from "./fold";

/** Words of letters and digits (each with an optional trailing `*`) separated by one space, hyphen or apostrophe. */
export const TERM_SHAPE = /^[\p{L}\p{N}]+\*?([ '-][\p{L}\p{N}]+\*?)*$/u;

const WORD = "[\\p{L}\\p{N}]";

function termSource(term: string): string {
  return fold(term)
    .split(/[ -]+/)
    .map((word) => (word.endsWith("*") ? `${word.slice(0, -1)}${WORD}*` : word))
    .join("[\\s-]*");
}

/** One regular expression that matches any term of the group as a whole word in folded text. */
export function compileTermGroup(terms: readonly string[]): RegExp {
  for (const t of terms) if (!TERM_SHAPE.test(t)) throw new Error(`invalid synthesis term: ${JSON.stringify(t)}`);
  // Longest first so a phrase wins over its first word in the alternation (only matters for reporting).
  const sources = [...new Set(terms.map(termSource))].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<!${WORD})(?:${sources.join("|")})(?!${WORD})`, "u");
}
