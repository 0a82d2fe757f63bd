/** The whole red-flag rule set: every cue, every rule, and how each family treats clause qualifiers. */
import { AIRWAY_BREATHING_CUES, AIRWAY_BREATHING_RULES } from "./airwayBreathing";
import { CARDIO_NEURO_CUES, CARDIO_NEURO_RULES } from "./cardioNeuro";
import { MENTAL_TOXIC_CUES, MENTAL_TOXIC_RULES } from "./mentalToxic";
import { OTHER_CUES, OTHER_RULES } from "./other";
import { SHARED_CUES } from "./shared";
import { SUICIDE_INDIRECT_CUES, SUICIDE_INDIRECT_RULES } from "./suicideIndirect";
import type { CueSpec, EmergencyFamily, FamilyPolicy, RuleSpec } from "./types";

export { IDIOMS } from "./idioms";
export type { CueSpec, EmergencyAction, EmergencyFamily, FamilyPolicy, GateLanguage, RuleSpec } from "./types";

export const CUES: readonly CueSpec[] = [
  ...SHARED_CUES,
  ...CARDIO_NEURO_CUES,
  ...AIRWAY_BREATHING_CUES,
  ...MENTAL_TOXIC_CUES,
  ...SUICIDE_INDIRECT_CUES,
  ...OTHER_CUES,
];

export const RULES: readonly RuleSpec[] = [
  ...CARDIO_NEURO_RULES,
  ...AIRWAY_BREATHING_RULES,
  ...MENTAL_TOXIC_RULES,
  ...SUICIDE_INDIRECT_RULES,
  ...OTHER_RULES,
];

/** Every family safety.md §1 requires, in one list (tests check each has rules and corpus cases). */
export const FAMILIES: readonly EmergencyFamily[] = [
  "cardiac", "stroke", "airway", "breathing", "bleeding", "suicide", "overdose", "seizure", "unresponsive",
  "sepsis", "pregnancy", "head_injury", "diabetic", "torsion", "limb_ischemia", "cauda_equina", "trauma",
];

const ALL: FamilyPolicy = { negation: true, recentPast: true, chronic: true, hypothetical: true };

/**
 * Family-specific qualifiers (true = the qualifier switches the family's cues off).
 * - Negation never switches off suicide or airway cues (safety.md §1).
 * - Yesterday's stroke signs (a possible TIA), an ingestion, bleeding, a fever with new signs, a recent
 *   birth, a head injury or a wound from days ago still matter now, so recent history keeps them on.
 * - Suicidal thoughts stay on when chronic or put hypothetically.
 */
export const FAMILY_POLICY: Readonly<Record<EmergencyFamily, FamilyPolicy>> = {
  cardiac: ALL,
  stroke: { ...ALL, recentPast: false },
  airway: { ...ALL, negation: false },
  breathing: ALL,
  bleeding: { ...ALL, recentPast: false },
  suicide: { negation: false, recentPast: false, chronic: false, hypothetical: false },
  overdose: { ...ALL, recentPast: false, chronic: false },
  seizure: ALL,
  unresponsive: ALL,
  sepsis: { ...ALL, recentPast: false },
  pregnancy: { ...ALL, recentPast: false },
  head_injury: { ...ALL, recentPast: false },
  diabetic: ALL,
  torsion: ALL,
  limb_ischemia: ALL,
  cauda_equina: ALL,
  trauma: { ...ALL, recentPast: false },
};
