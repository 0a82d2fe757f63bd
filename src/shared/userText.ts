/**
 * Text a person typed, pasted or named a file with, as it crosses the contract: invisible characters
 * that change how text reads or hide instructions (bidirectional overrides and isolates, Unicode tag
 * characters) are removed; NUL and lone surrogates (which cannot be stored as valid UTF-8) are refused
 * with a clear error rather than stored damaged. Dependency-free: the contract and the engine share it.
 */

/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and tag characters (U+E0000–U+E007F). */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

/** Why text cannot be accepted as it is, or null. */
export function userTextProblem(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character";
  if (LONE_SURROGATE.test(text)) return "contains a broken character (a lone surrogate)";
  return null;
}
