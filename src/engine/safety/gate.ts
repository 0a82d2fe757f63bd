/**
 * The emergency gate's one decision (safety.md §1a): rules ∪ semantic layer, over the message and the
 * text of the notes and attachments sent with it. A rule match always stands; the semantic layer only
 * adds emergencies the rules miss. An explicit denial is the rules' call, clause by clause, so the
 * semantic layer's suicide score does not overrule it.
 */
import { detectEmergency, NO_EMERGENCY, type EmergencyDecision } from "./emergency";
import type { SemanticGate } from "./semantic/index";

/** Where a flag was found: the message itself, or a note or attachment sent with it. */
export interface GateSource {
  kind: "note" | "attachment";
  /** File name shown to the user ("bp-log.txt"). */
  name: string;
  text: string;
  /**
   * Rules only: for text the user keeps over time (a note named in the message), where the semantic
   * layer's false alarms on ordinary logs are unmeasured ("breakfast" read as breathing).
   */
  rulesOnly?: boolean;
}

export interface GateDecision extends Omit<EmergencyDecision, "denial"> {
  /** Which layer raised it (null when no emergency). */
  layer: "rules" | "semantic" | null;
  /** The semantic layer's score for the deciding text (null when it did not run). */
  score: number | null;
  /** The semantic layer's deciding features (feature strings, never user text). */
  features: string[];
  /** Where the flag was found. */
  source: { kind: "message" | "note" | "attachment"; name: string | null } | null;
  /** A present, first-person denial with a routine request: no banner, the answer carries the 988 line. */
  denial: boolean;
}

export interface EmergencyGate {
  detect(text: string, sources?: readonly GateSource[]): GateDecision;
  /** Whether the semantic layer is loaded (false only where a test builds a rules-only gate). */
  readonly semantic: boolean;
}

export interface EmergencyGateOptions {
  /** The semantic layer; null gives the rules alone (for measuring the rules by themselves). */
  semantic: SemanticGate | null;
}

/** A word of two letters or more, in any script. */
const PROSE_WORD = /\p{L}{2,}/gu;
/** Prose lines of one document the semantic layer reads (a bound on the work, not a sample). */
const MAX_SOURCE_LINES = 2000;

const NOTHING: GateDecision = Object.freeze({ ...NO_EMERGENCY, layer: null, score: null, features: [], source: null, denial: false });

export function createEmergencyGate(options: EmergencyGateOptions): EmergencyGate {
  const one = (text: string, rulesOnly = false): GateDecision => {
    const rules = detectEmergency(text);
    const denial = rules.denial;
    const semantic = rulesOnly ? null : (options.semantic?.classify(text) ?? null);
    const score = semantic ? semantic.score : null;
    if (rules.emergency) return { ...rules, layer: "rules", score, features: [], source: null, denial: false };
    if (semantic?.emergency && semantic.family && semantic.action && !(denial && semantic.family === "suicide")) {
      return {
        emergency: true,
        family: semantic.family,
        action: semantic.action,
        rule: `semantic.${semantic.family}`,
        span: semantic.span,
        language: null,
        layer: "semantic",
        score,
        features: semantic.features,
        source: null,
        denial: false,
      };
    }
    return { ...NOTHING, score, denial };
  };
  /**
   * A document is read by the rules whole, and by the semantic layer a line of prose at a time: the
   * layer learned from messages, and over a lab table or a long log its windows find emergencies in
   * numbers and headings ("4.0-5.6 H" read as sepsis). A line with fewer than four words is data.
   */
  const fromSource = (s: GateSource): GateDecision => {
    const rules = one(s.text, true);
    if (rules.emergency || s.rulesOnly || !options.semantic) return rules;
    let lines = 0;
    for (const line of s.text.split(/\r?\n/)) {
      if ((line.match(PROSE_WORD) ?? []).length < 4) continue;
      if (++lines > MAX_SOURCE_LINES) break;
      const found = one(line);
      if (found.emergency) return found;
    }
    return rules;
  };
  return {
    semantic: options.semantic !== null,
    detect(text, sources = []) {
      const message = one(text);
      if (message.emergency) return { ...message, source: { kind: "message", name: null } };
      for (const s of sources) {
        // A note or attachment can raise an emergency, never switch one off.
        const found = fromSource(s);
        if (found.emergency) return { ...found, source: { kind: s.kind, name: s.name } };
      }
      return message;
    },
  };
}
