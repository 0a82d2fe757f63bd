/**
 * Regression floors for the sealed holdout, set from its one scoring (figures only, misses never read)
 * less a margin for noise. They are not the targets: issue 11 asks for sensitivity ≥ 0.97 (Wilson low
 * ≥ 0.95) and specificity ≥ 0.93 per language, refusal recall ≥ 0.90 with ≥ 0.97 allowed; issue 20 asks
 * for output recall ≥ 0.95 with ≥ 0.97 shown.
 *
 * Gate, round 2 (holdout W15–W18, written before round 2's tuning): union sensitivity en 0.987 / es 0.970
 * (Wilson low 0.966 / 0.944), specificity en 0.943 / es 0.940. (Round 1's holdout W11–W14 scored 0.997 /
 * 0.993 and 0.890 / 0.863, then became dev data.) Refusal (R3, R4): recall 0.635, allowed 0.960. Output
 * (O5, O6): recall en 0.592 / es 0.585, shown 0.946 / 0.946.
 * Raise a floor only with a new, unread holdout; never lower one to make a change pass.
 */
export const FLOORS = {
  gate: {
    en: { sensitivity: 0.97, wilsonLow: 0.95, specificity: 0.92 },
    es: { sensitivity: 0.95, wilsonLow: 0.92, specificity: 0.92 },
  },
  refusal: { recall: 0.6, allowed: 0.94 },
  output: {
    en: { recall: 0.56, shown: 0.92 },
    es: { recall: 0.55, shown: 0.92 },
  },
} as const;
