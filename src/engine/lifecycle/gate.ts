/**
 * Phase 2 — validate & gate. Deterministic checks run before any model call: an emergency ends the
 * turn with the crisis banner, a refusal ends it with a kind explanation. Both are audited without
 * message text.
 */
import type { CrisisLocale, CrisisNumber } from "../../shared/contract";
import type { AuditSink } from "../audit/auditLog";
import type { PhaseFn } from "./graph";
import type { TurnResult } from "./state";

export interface EmergencyCheck {
  emergency: boolean;
  family: string | null;
  action: "911" | "988" | "poison" | null;
  rule: string | null;
}

export interface RefusalCheck {
  refuse: boolean;
  category: string | null;
  rule: string | null;
  message: string | null;
}

/** The deterministic safety functions the gate needs (src/engine/safety). */
export interface SafetyGate {
  detectEmergency(text: string): EmergencyCheck;
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
    const emergency = deps.safety.detectEmergency(state.text);
    if (emergency.emergency && emergency.action && emergency.family && emergency.rule) {
      const crisis = deps.safety.crisisResponse(emergency, state.crisisLocale, state.language);
      io.emit({
        type: "emergency",
        turnId: state.turnId,
        threadId: state.threadId,
        family: emergency.family,
        action: emergency.action,
        rule: emergency.rule,
        locale: state.crisisLocale,
        headline: crisis.headline,
        numbers: crisis.numbers,
      });
      deps.audit.record({
        event: "emergency",
        thread: state.threadId,
        decision: emergency.action,
        rule: emergency.rule,
        durationMs: performance.now() - started,
        detail: { family: emergency.family },
      });
      const result: TurnResult = {
        outcome: "emergency",
        text: crisis.headline,
        agents: [],
        topology: null,
        chips: [],
        why: null,
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
        detail: { direction: "input" },
      });
      return {
        result: { outcome: "refused", text: refusal.message, agents: [], topology: null, chips: [], why: null },
      };
    }
    return {};
  };
}
