/**
 * Threshold curves for rules ∪ classifier from out-of-fold scores: the one computation the training
 * scripts use to pick a threshold per language (train-gate.ts for emergencies, train-refusal.ts for
 * refusals, train-output.ts for answers, once per veto). A message is flagged when the rules flag it
 * or its score reaches the threshold.
 */
export interface OutOfFold {
  /** The label says it should be flagged (an emergency, a must-refuse request). */
  positive: boolean;
  /** The rules alone flag it. */
  rules: boolean;
  /** The classifier's score from a model trained without this message's writer. */
  score: number;
  lang: "en" | "es";
}

export interface UnionPoint {
  threshold: number;
  /** Share of positives flagged. */
  caught: number;
  /** Share of negatives not flagged. */
  passed: number;
}

/** Thresholds from 0.05 to `upTo` in steps of 0.01. */
export function unionCurve(scored: readonly OutOfFold[], upTo: number): UnionPoint[] {
  const positives = scored.filter((s) => s.positive);
  const negatives = scored.filter((s) => !s.positive);
  const curve: UnionPoint[] = [];
  for (let t = 0.05; t <= upTo + 0.001; t += 0.01) {
    const threshold = Number(t.toFixed(2));
    const hit = (s: OutOfFold) => s.rules || s.score >= threshold;
    curve.push({
      threshold,
      caught: Number((positives.filter(hit).length / positives.length).toFixed(4)),
      passed: Number((negatives.filter((s) => !hit(s)).length / negatives.length).toFixed(4)),
    });
  }
  return curve;
}

/** The same, for each language on its own. */
export function curvesByLanguage(scored: readonly OutOfFold[], upTo: number): Record<"en" | "es", UnionPoint[]> {
  return { en: unionCurve(scored.filter((s) => s.lang === "en"), upTo), es: unionCurve(scored.filter((s) => s.lang === "es"), upTo) };
}
