/**
 * Streaming output guard (safety.md §2): model text is released one whole sentence at a time, and only
 * after the sentence passes the output rules (with the sentence before it, so nothing slips through
 * across a full stop) and the output classifier (with what was shown before it). The first unsafe
 * sentence is withheld together with everything after it, and `blocked` says why, so the lifecycle can
 * put the kind refusal in place of what was withheld.
 */
import { checkRefusal, NO_REFUSAL, REFUSAL_MESSAGES, type RefusalDecision } from "./refusal";
import { sentenceEnd } from "./sentences";
import { INTRO_REACH, outputContext } from "./semantic/output";
import type { RefusalClassifier } from "./semantic/refusal";

export interface OutputGuardOptions {
  /** Language of the refusal message when something is blocked. */
  language?: "en" | "es";
  /**
   * Longest text held back while waiting for a sentence end (characters). Past it the buffer is
   * checked as it stands, and still only released at a sentence end or at `end()`.
   */
  maxPending?: number;
  /**
   * The output classifier (./semantic/output): it reads each sentence with what was shown before it,
   * adds what the rules miss, and may excuse a rule's hit it scores below its veto. Absent, the rules
   * decide alone.
   */
  semantic?: RefusalClassifier | null;
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
 * A whole answer through a fresh guard, as it would have streamed: the guard's refusal, or none. Checks
 * after streaming (the specialist's whole message, the composed answer) use this, so they withhold
 * exactly what streaming withholds.
 */
export function checkAnswer(text: string, options: { language: "en" | "es"; semantic?: RefusalClassifier | null }): RefusalDecision {
  const guard = createOutputGuard(options);
  for (let i = 0; i < text.length && !guard.blocked; i += 256) guard.push(text.slice(i, i + 256));
  if (!guard.blocked) guard.end();
  return guard.blocked ?? NO_REFUSAL;
}

/** How much released text later sentences are read against. */
export const CONTEXT_CHARS = 2_000;

/** The shown text with `released` added, kept to its last CONTEXT_CHARS (cut at a paragraph when it can be). */
export function withReleased(shown: string, released: string): string {
  const all = shown + released;
  if (all.length <= CONTEXT_CHARS) return all;
  const cut = all.indexOf("\n\n", all.length - CONTEXT_CHARS);
  return cut < 0 ? all.slice(all.length - CONTEXT_CHARS) : all.slice(cut);
}

/**
 * The rules' verdict on one sentence. It is checked after what was shown before it, so a phrase that
 * starts in the previous sentence and ends in this one is caught, and a quote, a quoted list or a table
 * header above frames it. The cheap checks come first (the sentence alone, then with the sentence
 * before it); only a phrase they find is looked at again in its full context, which can only excuse it.
 */
export function rulesWithhold(sentence: string, previous: string, shown: string, language: "en" | "es"): boolean {
  return rulesDecision(sentence, previous, shown, language) !== null;
}

function rulesDecision(sentence: string, previous: string, shown: string, language: "en" | "es"): RefusalDecision | null {
  if (!checkRefusal(sentence, { direction: "output", language }).refuse && !(previous && checkRefusal(previous + sentence, { direction: "output", language }).refuse)) {
    return null;
  }
  const decision = checkRefusal(sentence, { direction: "output", language, context: shown });
  return decision.refuse ? decision : null;
}

export function createOutputGuard(options: OutputGuardOptions = {}): OutputGuard {
  const language = options.language === "es" ? "es" : "en";
  const maxPending = options.maxPending ?? 8_000;
  let pending = "";
  /** The text released so far (its last few thousand characters): quotes, list intros, table headers. */
  let shown = "";
  let blocked: RefusalDecision | null = null;

  let previous = "";
  /** The last sentences shown, for the classifier's window (./semantic/output). */
  const recent: string[] = [];
  const remember = (released: string): void => {
    previous = released;
    recent.push(released);
    if (recent.length > INTRO_REACH) recent.shift();
    shown = withReleased(shown, released);
  };

  const semantic = options.semantic ?? null;
  const veto = semantic?.model.header.veto ?? 0;
  const unsafe = (sentence: string): RefusalDecision | null => {
    const byRules = rulesDecision(sentence, previous, shown, language);
    if (!semantic) return byRules;
    const read = semantic.classify(sentence, outputContext(recent));
    // A rule's hit stands unless the classifier reads the sentence, in its context, as almost surely
    // safe (a question for the pharmacist, the clinician's own sheet): the veto is chosen by
    // cross-validation with the threshold, never by hand (scripts/gate/train-output.ts).
    if (byRules) return read.score < veto ? null : byRules;
    if (!read.refuse || !read.category) return null;
    return { refuse: true, category: read.category, rule: `semantic.${read.category}`, span: null, message: REFUSAL_MESSAGES[language][read.category] };
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
