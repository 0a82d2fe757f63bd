/**
 * The input refusal gate's one decision: rules ∪ semantic layer. A rule refusal always stands; the
 * classifier only adds requests the rules miss, with the category's kind message. Output text is the
 * rules' (and the output guard's) alone: the classifier was trained on what people ask, not on answers.
 */
import { checkRefusal, NO_REFUSAL, REFUSAL_MESSAGES, type RefusalDecision, type RefusalOptions } from "./refusal";
import { textLanguage } from "./language";
import { normalizeForMatching } from "./normalize";
import type { RefusalClassifier } from "./semantic/refusal";

export interface RefusalGateDecision extends RefusalDecision {
  /** Which layer refused (null when allowed). */
  layer: "rules" | "semantic" | null;
  /** The classifier's score for the message (null when it did not run). */
  score: number | null;
  /** The classifier's deciding features (feature strings, never user text). */
  features: string[];
}

export interface RefusalGate {
  check(text: string, options: RefusalOptions): RefusalGateDecision;
  readonly semantic: boolean;
}

export interface RefusalGateOptions {
  /** null gives the rules alone (for measuring the rules by themselves). */
  semantic: RefusalClassifier | null;
}

const ALLOWED = Object.freeze({ ...NO_REFUSAL, layer: null, score: null, features: [] as string[] });

export function createRefusalGate(options: RefusalGateOptions): RefusalGate {
  return {
    semantic: options.semantic !== null,
    check(text, opts) {
      const rules = checkRefusal(text, opts);
      const direction = opts.direction === "output" ? "output" : "input";
      const semantic = direction === "input" && options.semantic ? options.semantic.classify(text) : null;
      const score = semantic ? semantic.score : null;
      if (rules.refuse) return { ...rules, layer: "rules", score, features: [] };
      if (semantic?.refuse && semantic.category) {
        const language = opts.language ?? textLanguage(normalizeForMatching(text).text);
        return {
          refuse: true,
          category: semantic.category,
          rule: `semantic.${semantic.category}`,
          span: semantic.span,
          message: REFUSAL_MESSAGES[language][semantic.category],
          layer: "semantic",
          score,
          features: semantic.features,
        };
      }
      return { ...ALLOWED, score };
    },
  };
}
