/**
 * Phase 2 — validate & gate. Deterministic checks run before any model call: an emergency ends the
 * turn with the crisis banner, a refusal ends it with a kind explanation. Both are audited without
 * message text.
 */
import type { CrisisLocale, CrisisNumber, EmergencyNotice } from "../../shared/contract";
import type { AuditSink } from "../audit/auditLog";
import type { PhaseFn } from "./graph";
import type { TurnResult } from "./state";

export interface EmergencyCheck {
  emergency: boolean;
  family: string | null;
  action: "911" | "988" | "poison" | null;
  rule: string | null;
  /** Which layer raised it: the rules or the semantic classifier. */
  layer?: "rules" | "semantic" | null;
  /** Where the flag was found: the message, or an attachment sent with it. */
  source?: { kind: "message" | "note" | "attachment"; name: string | null } | null;
  /** A present, first-person denial with a routine request (safety.md §1a): no banner, a support line. */
  denial?: boolean;
}

/** Text sent with the message that the gate reads too. */
export interface GateText {
  kind: "note" | "attachment";
  name: string;
  text: string;
}

export interface RefusalCheck {
  refuse: boolean;
  category: string | null;
  rule: string | null;
  message: string | null;
  /** Which layer refused: the rules or the refusal classifier. */
  layer?: "rules" | "semantic" | null;
}

/** The deterministic safety functions the gate needs (src/engine/safety). */
export interface SafetyGate {
  detectEmergency(text: string, sources?: readonly GateText[]): EmergencyCheck;
  checkRefusal(text: string, options: { direction: "input" | "output"; language?: "en" | "es" }): RefusalCheck;
  crisisResponse(
    decision: EmergencyCheck,
    locale: CrisisLocale,
    language: "en" | "es",
  ): { headline: string; numbers: CrisisNumber[] };
}

export interface GateDeps {
  safety: SafetyGate;
  audit: AuditSink;
}

export function createGate(deps: GateDeps): PhaseFn {
  return async (state, io) => {
    const started = performance.now();
    const sources: GateText[] = (state.context?.attachments ?? [])
      .filter((a) => a.text)
      .map((a) => ({ kind: "attachment", name: a.name, text: a.text as string }));
    const emergency = deps.safety.detectEmergency(state.text, sources);
    if (emergency.emergency && emergency.action && emergency.family && emergency.rule) {
      const crisis = deps.safety.crisisResponse(emergency, state.crisisLocale, state.language);
      // Kept with the stopped answer too, so the conversation shows these numbers again later.
      const notice: EmergencyNotice = {
        family: emergency.family,
        action: emergency.action,
        locale: state.crisisLocale,
        headline: crisis.headline,
        numbers: crisis.numbers,
        source: emergency.source && emergency.source.kind !== "message" ? { kind: emergency.source.kind, name: emergency.source.name ?? "" } : null,
      };
      io.emit({ type: "emergency", turnId: state.turnId, threadId: state.threadId, rule: emergency.rule, ...notice });
      deps.audit.record({
        event: "emergency",
        thread: state.threadId,
        decision: emergency.action,
        rule: emergency.rule,
        durationMs: performance.now() - started,
        detail: { family: emergency.family, layer: emergency.layer ?? "rules", source: emergency.source?.kind ?? "message" },
      });
      const result: TurnResult = {
        outcome: "emergency",
        text: crisis.headline,
        agents: [],
        topology: null,
        chips: [],
        why: null,
        emergency: notice,
      };
      return { result };
    }
    const refusal = deps.safety.checkRefusal(state.text, { direction: "input", language: state.language });
    if (refusal.refuse && refusal.category && refusal.rule && refusal.message) {
      deps.audit.record({
        event: "refuse",
        thread: state.threadId,
        decision: refusal.category,
        rule: refusal.rule,
        durationMs: performance.now() - started,
        detail: { direction: "input", layer: refusal.layer ?? "rules" },
      });
      return {
        result: { outcome: "refused", text: refusal.message, agents: [], topology: null, chips: [], why: null },
      };
    }
    if (emergency.denial) {
      // No banner, but the answer carries the crisis line as a resource.
      const support = deps.safety.crisisResponse({ ...emergency, emergency: true, family: "suicide", action: "988", rule: "denial" }, state.crisisLocale, state.language);
      return { supportNumbers: support.numbers };
    }
    return {};
  };
}
