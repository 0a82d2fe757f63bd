/**
 * The semantic layer of the emergency gate (safety.md §1a, design/gate-semantic.md): a local subword
 * classifier that reads how people describe an emergency when no rule's words are there. It runs beside
 * the rules, never instead of them, and explains itself by family, score, window and top features.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EmergencyAction, EmergencyFamily } from "../rules/index";
import { decodeModel, scoreWindows, thresholdFor, topFeatures, type SemanticModel } from "./model";
import { originalSpan, type TextSpan } from "../normalize";

export { decodeModel, encodeModel } from "./model";
export type { SemanticModel, ModelHeader } from "./model";

export const SEMANTIC_MODEL_FILE = join("resources", "models", "gate-subword.bin");

export interface SemanticDecision {
  emergency: boolean;
  family: EmergencyFamily | null;
  action: EmergencyAction | null;
  /** 1 − P(none) of the best window. */
  score: number;
  threshold: number;
  /** The best window, as offsets into the original text. */
  span: TextSpan | null;
  /** Features that pushed the window towards its family (feature strings, not user text). */
  features: string[];
}

export interface SemanticGate {
  classify(text: string): SemanticDecision;
  readonly model: SemanticModel;
}

const ACTION_RANK: Record<EmergencyAction, number> = { "911": 3, "988": 2, poison: 1 };
/** A more urgent action wins within a family once it holds this share of the family's probability. */
const URGENT_SHARE = 0.3;

export function createSemanticGate(model: SemanticModel): SemanticGate {
  const { classes } = model.header;
  const parsed = classes.map((c) => {
    const [family, action] = c.split(":");
    return c === "none" ? null : { family: family as EmergencyFamily, action: action as EmergencyAction };
  });
  return {
    model,
    classify(text: string): SemanticDecision {
      const empty: SemanticDecision = { emergency: false, family: null, action: null, score: 0, threshold: model.header.threshold, span: null, features: [] };
      if (typeof text !== "string" || text.length === 0) return empty;
      const { norm, units, best } = scoreWindows(model, text);
      const threshold = thresholdFor(model.header, norm.text);
      if (!best) return { ...empty, threshold };
      const byFamily = new Map<EmergencyFamily, number>();
      parsed.forEach((p, i) => {
        if (p) byFamily.set(p.family, (byFamily.get(p.family) ?? 0) + best.probs[i]);
      });
      let family: EmergencyFamily | null = null;
      for (const [f, p] of byFamily) if (family === null || p > byFamily.get(family)!) family = f;
      let action: EmergencyAction | null = null;
      let winner = -1;
      const familyMass = family ? byFamily.get(family)! : 0;
      parsed.forEach((p, i) => {
        if (!p || p.family !== family || best.probs[i] < URGENT_SHARE * familyMass) return;
        if (action === null || ACTION_RANK[p.action] > ACTION_RANK[action]) {
          action = p.action;
          winner = i;
        }
      });
      const emergency = best.score >= threshold && family !== null && action !== null;
      let features: string[] = [];
      if (emergency) {
        const words = units.slice(best.firstUnit, best.lastUnit + 1).flatMap((u) => u.words);
        features = topFeatures(model, words, winner);
      }
      return { emergency, family, action, score: best.score, threshold, span: originalSpan(text, norm, best.start, best.end), features };
    },
  };
}

/** Loads the shipped classifier from the content folder (once, at engine start). */
export function loadSemanticGate(contentDir: string): SemanticGate {
  const file = join(contentDir, SEMANTIC_MODEL_FILE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new Error(`The safety classifier is missing (${file}): ${(err as Error).message}`);
  }
  return createSemanticGate(decodeModel(bytes));
}
