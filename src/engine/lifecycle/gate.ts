/**
 * Phase 2 — validate & gate. Deterministic checks run before any model call: an emergency ends the
 * turn with the crisis banner, a refusal ends it with a kind explanation. Both are audited without
 * message text.
 */
import type { EmergencyNotice } from "../../shared/contract";
import type { AuditSink } from "../audit/auditLog";
import type { CheckRefusal, CrisisRespond, DetectEmergency, GateSource } from "../safety/index";
import type { PhaseFn } from "./graph";
import type { TurnResult } from "./state";

/** The deterministic safety functions the gate needs: the safety folder's ports (src/engine/safety/ports.ts). */
export interface SafetyGate {
  detectEmergency: DetectEmergency;
  checkRefusal: CheckRefusal;
  crisisResponse: CrisisRespond;
}

export interface GateDeps {
  safety: SafetyGate;
  audit: AuditSink;
}

export function createGate(deps: GateDeps): PhaseFn {
  return async (state, io) => {
    const started = performance.now();
    const sources: GateSource[] = [
      ...(state.context?.attachments ?? []).filter((a) => a.text).map((a) => ({ kind: "attachment" as const, name: a.name, text: a.text as string })),
      // A note is the user's long-kept record: the rules read it (see GateSource.rulesOnly).
      ...(state.context?.namedNotes ?? []).map((n) => ({ kind: "note" as const, name: n.name, text: n.text, rulesOnly: true })),
    ];
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
      // No banner, but the answer carries the crisis line (the 988 numbers) as a resource.
      const support = deps.safety.crisisResponse({ action: "988" }, state.crisisLocale, state.language);
      return { supportNumbers: support.numbers };
    }
    return {};
  };
}
