/** Shapes of the red-flag rule data (see ../pattern.ts for the pattern language). */

export type EmergencyFamily =
  | "cardiac"
  | "stroke"
  | "airway"
  | "breathing"
  | "bleeding"
  | "suicide"
  | "overdose"
  | "seizure"
  | "unresponsive"
  | "sepsis"
  | "pregnancy"
  | "head_injury"
  | "diabetic"
  | "torsion"
  | "limb_ischemia"
  | "cauda_equina"
  | "trauma";

export type EmergencyAction = "911" | "988" | "poison";
export type GateLanguage = "en" | "es";

/**
 * A cue is one observable thing ("throat closing", "fever", "took a whole bottle"). Cues alone decide
 * nothing: rules combine them. `test` can reject a match (numeric thresholds).
 */
export interface CueSpec {
  name: string;
  en?: readonly string[];
  es?: readonly string[];
  test?: (matched: string) => boolean;
}

/**
 * A rule fires when every group has at least one active cue, all within `window` normalized
 * characters of each other (default 400). Groups are any-of lists of cue names.
 */
export interface RuleSpec {
  id: string;
  family: EmergencyFamily;
  action: EmergencyAction;
  all: readonly (readonly string[])[];
  window?: number;
  /** Higher wins among rules with the same action (more specific combinations). */
  priority?: number;
}

/** Which clause qualifiers switch a family's cues off. Remote history, education, fiction, idioms and
 * "reason for a past visit" switch every family off; these are the family-specific ones. */
export interface FamilyPolicy {
  negation: boolean;
  recentPast: boolean;
  chronic: boolean;
  hypothetical: boolean;
}
