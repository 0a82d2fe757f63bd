/**
 * The semantic layer of the input refusal gate (safety.md §2): the same subword classifier as the
 * emergency layer, trained on requests to diagnose, prescribe, dose, stop a medicine or skip emergency
 * care, against navigation that shares their words. It only adds refusals the rules miss.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { originalSpan, type TextSpan } from "../normalize";
import type { RefusalCategory } from "../refusalRules";
import { decodeModel, scoreWindows, thresholdFor, topFeatures, type SemanticModel } from "./model";

export const REFUSAL_MODEL_FILE = join("resources", "models", "refusal-subword.bin");

/**
 * Below this many words the classifier stays silent and the rules decide: a short follow-up ("yes",
 * "long answer please") carries too few features to be read as a request, and short requests
 * ("dose for tylenol?") are what the rules are written for.
 */
export const MIN_WORDS = 5;

export const REFUSAL_CLASSES: readonly RefusalCategory[] = ["diagnose", "prescribe", "dose", "instruct_stop_medication", "replace_emergency_care"];

export interface RefusalClassification {
  refuse: boolean;
  category: RefusalCategory | null;
  /** 1 − P(none) of the best window. */
  score: number;
  threshold: number;
  span: TextSpan | null;
  /** Feature strings that decided, never user text. */
  features: string[];
}

export interface RefusalClassifier {
  /** `context`: text shown before it (output guard), read apart when the model was trained so. */
  classify(text: string, context?: string): RefusalClassification;
  readonly model: SemanticModel;
}

export interface RefusalClassifierOptions {
  /** Below this many words the classifier stays silent (default MIN_WORDS). */
  minWords?: number;
}

export function createRefusalClassifier(model: SemanticModel, options: RefusalClassifierOptions = {}): RefusalClassifier {
  const minWords = options.minWords ?? MIN_WORDS;
  const { classes } = model.header;
  for (const c of classes) {
    if (c !== "none" && !REFUSAL_CLASSES.includes(c as RefusalCategory)) throw new Error(`not a refusal model: class ${c}`);
  }
  return {
    model,
    classify(text: string, context = ""): RefusalClassification {
      const empty: RefusalClassification = { refuse: false, category: null, score: 0, threshold: model.header.threshold, span: null, features: [] };
      if (typeof text !== "string" || text.length === 0) return empty;
      const { norm, units, best } = scoreWindows(model, text, context);
      const threshold = thresholdFor(model.header, norm.text);
      if (!best) return { ...empty, threshold };
      if (units.reduce((n, u) => n + u.words.length, 0) < minWords) return { ...empty, threshold, score: best.score };
      let winner = -1;
      classes.forEach((c, i) => {
        if (c !== "none" && (winner < 0 || best.probs[i] > best.probs[winner])) winner = i;
      });
      const refuse = best.score >= threshold && winner >= 0;
      const words = refuse ? units.slice(best.firstUnit, best.lastUnit + 1).flatMap((u) => u.words) : [];
      return {
        refuse,
        category: winner >= 0 ? (classes[winner] as RefusalCategory) : null,
        score: best.score,
        threshold,
        span: originalSpan(text, norm, best.start, best.end),
        features: refuse ? topFeatures(model, words, winner) : [],
      };
    },
  };
}

/** Loads the shipped refusal classifier from the content folder (once, at engine start). */
export function loadRefusalClassifier(contentDir: string): RefusalClassifier {
  const file = join(contentDir, REFUSAL_MODEL_FILE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new Error(`The refusal classifier is missing (${file}): ${(err as Error).message}`);
  }
  return createRefusalClassifier(decodeModel(bytes));
}
