/**
 * The safety folder's ports: the function types other engine folders (lifecycle, agents) take as
 * dependencies. Declared once here so a caller never copies a signature; the implementations in this
 * folder (checkRefusal, RefusalGate.check, EmergencyGate.detect, crisisResponse, sanitizePii) satisfy
 * them, and test/safety/ports.test.ts holds them to it.
 */
import type { crisisResponse } from "./crisisNumbers";
import type { GateDecision, GateSource } from "./gate";
import type { sanitizePii } from "./pii";
import type { RefusalDecision, RefusalOptions } from "./refusal";

/** What a caller reads of a refusal decision (the rules' RefusalDecision or the gate's RefusalGateDecision). */
export interface RefusalCheck extends Pick<RefusalDecision, "refuse" | "category" | "rule" | "message"> {
  /** Which layer refused: the rules or the refusal classifier (absent from the rules alone). */
  layer?: "rules" | "semantic" | null;
}

/** The refusal-check port: input or output text in, a decision out. */
export type CheckRefusal = (text: string, options: Pick<RefusalOptions, "direction" | "language">) => RefusalCheck;

/**
 * The answer-check port: whole model prose in, the output guard's decision out (the same rules,
 * classifier and veto as the streaming guard), so every later check of model text agrees with what
 * streaming let through.
 */
export type CheckAnswer = (text: string, language: "en" | "es") => RefusalCheck;

/** What a caller reads of an emergency decision (EmergencyGate.detect's GateDecision). */
export interface EmergencyCheck extends Pick<GateDecision, "emergency" | "family" | "action" | "rule"> {
  /** Which layer raised it: the rules or the semantic classifier. */
  layer?: GateDecision["layer"];
  /** Where the flag was found: the message, or a note or attachment sent with it. */
  source?: GateDecision["source"];
  /** A present, first-person denial with a routine request (safety.md §1a): no banner, a support line. */
  denial?: boolean;
}

/** The emergency-check port: the message and the text sent with it in, a decision out. */
export type DetectEmergency = (text: string, sources?: readonly GateSource[]) => EmergencyCheck;

/** The crisis-numbers port: the banner's headline and numbers for a decision, locale and language. */
export type CrisisRespond = typeof crisisResponse;

/** The PII-masking port. */
export type SanitizePii = typeof sanitizePii;
