/**
 * Streaming output guard (safety.md §2): model text is released one whole sentence at a time, and only
 * after the sentence (with the one before it, so nothing slips through across a full stop) passes the
 * output refusal check. The first unsafe sentence is withheld together with everything after it, and
 * `blocked` says why, so the lifecycle can replace the answer with the kind refusal.
 */
import { checkRefusal, type RefusalDecision } from "./refusal";

export interface OutputGuardOptions {
  /** Language of the refusal message when something is blocked. */
  language?: "en" | "es";
  /**
   * Longest text held back while waiting for a sentence end (characters). Past it the buffer is
   * checked as it stands, and still only released at a sentence end or at `end()`.
   */
  maxPending?: number;
}

export interface OutputGuard {
  /** Feed a chunk; returns the text that is safe to show now (possibly empty). */
  push(chunk: string): string;
  /** End of stream: checks and returns whatever is left (or nothing, when blocked). */
  end(): string;
  /** The refusal that stopped the stream, or null while everything has been safe. */
  readonly blocked: RefusalDecision | null;
}

/**
 * Index just past the first complete sentence in `text` (terminator, closing quotes or brackets, then
 * whitespace), or -1 when no sentence is complete yet. A newline always ends a sentence (list items).
 */
function sentenceEnd(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      let j = i + 1;
      while (j < text.length && text[j] === "\n") j++;
      return j;
    }
    if (c !== "." && c !== "!" && c !== "?" && c !== "…" && c !== "。") continue;
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

/** How much released text later sentences are read against. */
const CONTEXT_CHARS = 2_000;

export function createOutputGuard(options: OutputGuardOptions = {}): OutputGuard {
  const language = options.language === "es" ? "es" : "en";
  const maxPending = options.maxPending ?? 8_000;
  let pending = "";
  /** The text released so far (its last few thousand characters): quotes, list intros, table headers. */
  let shown = "";
  let blocked: RefusalDecision | null = null;

  let previous = "";
  const remember = (released: string): void => {
    previous = released;
    shown += released;
    if (shown.length > CONTEXT_CHARS) {
      const cut = shown.indexOf("\n\n", shown.length - CONTEXT_CHARS);
      shown = cut < 0 ? shown.slice(shown.length - CONTEXT_CHARS) : shown.slice(cut);
    }
  };

  // The sentence is checked after what was shown before it, so a phrase that starts in the previous
  // sentence and ends in this one is caught, and a quote, a quoted list or a table header above frames it.
  // The cheap checks come first (the sentence alone, then with the sentence before it); only a phrase
  // they find is looked at again in its full context, which can only excuse it.
  const unsafe = (sentence: string): RefusalDecision | null => {
    if (!checkRefusal(sentence, { direction: "output", language }).refuse && !(previous && checkRefusal(previous + sentence, { direction: "output", language }).refuse)) {
      return null;
    }
    const decision = checkRefusal(sentence, { direction: "output", language, context: shown });
    return decision.refuse ? decision : null;
  };

  const block = (decision: RefusalDecision): void => {
    blocked = decision;
    pending = "";
  };

  return {
    push(chunk: string): string {
      if (blocked || typeof chunk !== "string" || chunk.length === 0) return "";
      pending += chunk;
      let out = "";
      for (;;) {
        const end = sentenceEnd(pending);
        if (end < 0) break;
        const sentence = pending.slice(0, end);
        const problem = unsafe(sentence);
        if (problem) {
          block(problem);
          return out;
        }
        out += sentence;
        remember(sentence);
        pending = pending.slice(end);
      }
      if (pending.length > maxPending) {
        // A run-on answer: look at it early so an unsafe stream stops as soon as possible.
        const problem = unsafe(pending);
        if (problem) block(problem);
      }
      return out;
    },
    end(): string {
      if (blocked || pending.length === 0) return "";
      const problem = unsafe(pending);
      if (problem) {
        block(problem);
        return "";
      }
      const rest = pending;
      pending = "";
      remember(rest);
      return rest;
    },
    get blocked(): RefusalDecision | null {
      return blocked;
    },
  };
}
