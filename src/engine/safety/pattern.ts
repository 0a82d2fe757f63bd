/**
 * A small pattern language for rules, compiled once to sticky regular expressions that run only where
 * a message word starts with one of the pattern's head words (its anchors). That keeps the gate linear
 * in the message length no matter how many rules exist: a regex never scans the whole message.
 *
 *   "throat {g}(clos~|swell~ shut)"
 *   ' ' (space)  0–3 separator characters (space, comma, dash, quote…), never a sentence end
 *   {g} / {gN}   a gap of up to 3 (or N) whole words
 *   word~        the word and any continuation ("bleed~" = bleed, bleeds, bleeding)
 *   #            a number (digits with an optional decimal part)
 *   ( | ) ?      groups, alternatives and optional parts as in regular expressions
 * Patterns start with a literal word or a group of literal words: those are the anchors.
 */

const SEP = "[^a-z0-9'\\n.!?]{0,3}";
const GAP_WORD = "[a-z0-9']+[^a-z0-9'\\n.!?]{1,3}";

export function compileSource(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === " ") out += SEP;
    else if (c === "~") out += "[a-z0-9']*";
    else if (c === "#") out += "\\d+(?:[.,]\\d+)?";
    else if (c === "(" && pattern[i + 1] !== "?") out += "(?:";
    else if (c === "{" && pattern[i + 1] === "g") {
      const close = pattern.indexOf("}", i);
      if (close < 0) throw new Error(`pattern "${pattern}": unclosed {g}`);
      const n = pattern.slice(i + 2, close) === "" ? 3 : Number(pattern.slice(i + 2, close));
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`pattern "${pattern}": bad gap`);
      out += `(?:${GAP_WORD}){0,${n}}`;
      i = close;
    } else out += c;
  }
  // A match must end at a word end unless the pattern asked for a continuation.
  if (!pattern.endsWith("~")) out += "(?![a-z0-9])";
  return out;
}

export function compilePattern(pattern: string): RegExp {
  return new RegExp(compileSource(pattern), "y");
}

function closingParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")") depth--;
    else if (s[i] === "|" && depth === 0) {
      parts.push(s.slice(last, i));
      last = i + 1;
    }
  }
  parts.push(s.slice(last));
  return parts;
}

/** The literal words a pattern can start with. Throws when a pattern has no fixed start. */
export function anchorsOf(pattern: string): string[] {
  if (pattern.startsWith("(?<")) {
    // A leading lookbehind ("(?<!food )poison") constrains the context, not the head word.
    const close = closingParen(pattern, 0);
    if (close < 0) throw new Error(`pattern "${pattern}": unbalanced group`);
    return anchorsOf(pattern.slice(close + 1));
  }
  if (pattern.startsWith("(")) {
    const close = closingParen(pattern, 0);
    if (close < 0) throw new Error(`pattern "${pattern}": unbalanced group`);
    const after = pattern[close + 1];
    if (after === "?" || after === "*" || after === "{") throw new Error(`pattern "${pattern}": optional head`);
    return splitTopLevel(pattern.slice(1, close)).flatMap((alt) => anchorsOf(alt));
  }
  const m = /^[a-z0-9']+/.exec(pattern);
  if (!m) throw new Error(`pattern "${pattern}": must start with a word`);
  let word = m[0];
  const next = pattern[word.length];
  if (next === "?" || next === "{" || next === "*") word = word.slice(0, -1);
  if (word.length < 1) throw new Error(`pattern "${pattern}": empty head word`);
  return [word];
}

/** Anchor lookup: words of 3+ letters match by prefix, shorter anchors only as whole words. */
export class AnchorIndex<T> {
  private readonly byPrefix = new Map<string, { anchor: string; value: T }[]>();
  private readonly byWord = new Map<string, T[]>();

  add(anchor: string, value: T): void {
    if (anchor.length < 3) {
      const list = this.byWord.get(anchor) ?? [];
      list.push(value);
      this.byWord.set(anchor, list);
      return;
    }
    const key = anchor.slice(0, 3);
    const list = this.byPrefix.get(key) ?? [];
    list.push({ anchor, value });
    this.byPrefix.set(key, list);
  }

  /** Calls `visit` for every value whose anchor the word starts with. */
  lookup(word: string, visit: (value: T) => void): void {
    if (word.length < 3) {
      const exact = this.byWord.get(word);
      if (exact) for (const v of exact) visit(v);
      return;
    }
    const list = this.byPrefix.get(word.slice(0, 3));
    if (!list) return;
    for (const entry of list) if (word.startsWith(entry.anchor)) visit(entry.value);
  }
}
