/**
 * Where the output guard cuts streamed model text into sentences. One definition, so the guard, the
 * output classifier's training and its scoring all see the same pieces.
 */

/**
 * Words whose full stop ends no sentence: titles before a name ("Dr. Patel's note says to stop the
 * aspirin" is one sentence, and the guard must read the attribution with the instruction), "St. John's
 * wort", "e.g." and "vs.".
 */
const NO_STOP_BEFORE = /(?<![\p{L}.])(dr|dra|drs|mr|mrs|ms|mx|sr|sra|srta|prof|st|sta|lic|e\.g|i\.e|vs)$/iu;

/**
 * Index just past the first complete sentence in `text` (terminator, closing quotes or brackets, then
 * whitespace), or -1 when no sentence is complete yet. A newline always ends a sentence (list items,
 * table rows, headings).
 */
export function sentenceEnd(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      let j = i + 1;
      while (j < text.length && text[j] === "\n") j++;
      return j;
    }
    if (c !== "." && c !== "!" && c !== "?" && c !== "…" && c !== "。") continue;
    if (c === "." && NO_STOP_BEFORE.test(text.slice(Math.max(0, i - 5), i))) {
      const after = text.slice(i + 1, i + 3);
      if (after.length < 2) return -1; // the next chunk decides ("Dr." may go on "Dr. Patel")
      if (/^ \p{L}/u.test(after)) continue;
    }
    let j = i + 1;
    while (j < text.length && /[.!?…"'”’)\]*_]/.test(text[j])) j++;
    if (j >= text.length) return -1; // the next chunk decides ("6." may become "6.5")
    if (/\s/.test(text[j])) {
      while (j < text.length && /[ \t]/.test(text[j])) j++;
      return j;
    }
    i = j - 1;
  }
  return -1;
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** A whole answer cut as the streaming guard cuts it (the last piece is what `end()` sees). */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  while (from < text.length) {
    const end = sentenceEnd(text.slice(from));
    const to = end < 0 ? text.length : from + end;
    out.push({ text: text.slice(from, to), start: from, end: to });
    from = to;
  }
  return out;
}
