/**
 * A small pattern language for rules, compiled once to sticky regular expressions that run only where
 * a message word starts with one of the pattern's head words (its anchors). That keeps the gate linear
 * in the message length no matter how many rules exist: a regex never scans the whole message.
 *
 *   "throat {g}(clos~|swell~ shut)"
 *   ' ' (space)  0–3 separator characters (space, comma, dash, quote…), or one bare line break
 *                (a phrase hard-wrapped across lines: "heart\nattack"), never a sentence end
 *   {g} / {gN}   a gap of up to 3 (or N) whole words
 *   word~        the word and any continuation ("bleed~" = bleed, bleeds, bleeding)
 *   #            a number (digits with an optional decimal part)
 *   ( | ) ?      groups, alternatives and optional parts as in regular expressions
 * Patterns start with a literal word or a group of literal words: those are the anchors.
 */

// A lone "\n" joins words of one phrase; "\n- " (a list item) still separates them.
const SEP = "(?:[^a-z0-9'\\n.!?]{0,3}|\\n)";
const GAP_WORD = "[a-z0-9']+[^a-z0-9'\\n.!?]{1,3}";

export function compileSource(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      out += pattern.slice(i, i + 2);
      i++;
    } else if (c === "[") {
      // A character class is plain regex: "self[- ]?harm" keeps its space literal.
      let j = i + 1;
      while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
      out += pattern.slice(i, j + 1);
      i = j;
    } else if (c === " ") out += SEP;
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

export interface Anchor {
  word: string;
  /** True when the pattern continues the word ("bleed~", "breathe?"): match by prefix, else whole word. */
  prefix: boolean;
  /**
   * For a one-word head, the words the pattern's second word can start with ("no" → "puede", "respira"…),
   * so a very common head word only costs a regex run when the next word fits. Absent when unknown.
   */
  next?: string[];
}

/** The second word's possible starts, when the pattern's head is followed by a fixed word. */
function nextWords(rest: string): string[] | undefined {
  if (!rest.startsWith(" ")) return undefined;
  try {
    return anchorsOf(rest.slice(1)).map((a) => a.word);
  } catch {
    return undefined; // a gap, an optional word or a number comes next: no filter
  }
}

const SINGLE_WORD = /^[a-z0-9']+$/;

/** The literal words a pattern can start with. Throws when a pattern has no fixed start. */
export function anchorsOf(pattern: string): Anchor[] {
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
    const continues = after !== undefined && after !== " " && after !== "(" && after !== "|" && after !== ")";
    const rest = pattern.slice(close + 1);
    return splitTopLevel(pattern.slice(1, close)).flatMap((alt) =>
      anchorsOf(alt).map((a) => ({
        word: a.word,
        prefix: a.prefix || continues,
        next: !continues && SINGLE_WORD.test(alt) ? nextWords(rest) : a.next,
      })),
    );
  }
  const m = /^[a-z0-9']+/.exec(pattern);
  if (!m) throw new Error(`pattern "${pattern}": must start with a word`);
  let word = m[0];
  const next = pattern[word.length];
  let prefix = false;
  if (next === "?" || next === "{" || next === "*") {
    word = word.slice(0, -1);
    prefix = true;
  } else if (next !== undefined && next !== " " && !pattern.startsWith("(?!", word.length) && next !== "|" && next !== ")") {
    prefix = true; // "bleed~", "seiz[ue]…", "e\\.r\\."
  }
  if (word.length < 1) throw new Error(`pattern "${pattern}": empty head word`);
  return [{ word, prefix, next: prefix ? undefined : nextWords(pattern.slice(m[0].length)) }];
}

/** The first three UTF-16 units as one number: a map key without allocating a string per word. */
function prefixKey(word: string): number {
  return word.charCodeAt(0) * 4294967296 + word.charCodeAt(1) * 65536 + word.charCodeAt(2);
}

/** Anchor lookup: short whole-word anchors by exact match (and their next word), the rest by prefix. */
export class AnchorIndex<T> {
  private readonly byPrefix = new Map<number, { anchor: string; value: T }[]>();
  private readonly byWord = new Map<string, { value: T; next?: string[] }[]>();

  add(anchor: Anchor, value: T): void {
    // Words of 4+ letters always match by prefix as well: they are rare, and the patterns' own word
    // gaps absorb typed-on letters ("chestt pain"). Short words ("a", "in", "kid") match whole words.
    if (anchor.word.length >= 4) anchor = { word: anchor.word, prefix: true };
    if (!anchor.prefix || anchor.word.length < 3) {
      const list = this.byWord.get(anchor.word) ?? [];
      list.push({ value, next: anchor.prefix ? undefined : anchor.next });
      this.byWord.set(anchor.word, list);
      if (!anchor.prefix) return;
    }
    const key = prefixKey(anchor.word);
    const list = this.byPrefix.get(key) ?? [];
    list.push({ anchor: anchor.word, value });
    this.byPrefix.set(key, list);
  }

  /**
   * Calls `visit` for every value whose anchor matches the word (and, for short whole-word anchors,
   * whose second word fits `nextWord`). A value may be visited twice.
   */
  lookup(word: string, nextWord: string, visit: (value: T) => void): void {
    this.visitExact(this.byWord.get(word), nextWord, visit);
    if (word.endsWith("'s")) {
      // "husband's", "son's": the possessive still names the person.
      this.visitExact(this.byWord.get(word.slice(0, -2)), nextWord, visit);
    }
    if (word.length < 3) return;
    const list = this.byPrefix.get(prefixKey(word));
    if (!list) return;
    for (const entry of list) if (word.startsWith(entry.anchor)) visit(entry.value);
  }

  private visitExact(list: { value: T; next?: string[] }[] | undefined, nextWord: string, visit: (value: T) => void): void {
    if (!list) return;
    for (const e of list) {
      if (e.next && !e.next.some((n) => nextWord.startsWith(n))) continue;
      visit(e.value);
    }
  }
}
