/**
 * Consent for the health specialists (safety.md §3; who they are: src/shared/consentRule.ts): routing
 * may choose them, but the consult is not dispatched to them without the user's OK. The turn ends with `consent.required` saying who and
 * why; the user can allow them and ask again.
 */
import type { EngineEvent } from "../../shared/contract";
import type { Plan, TurnResult } from "./state";
import { engineText } from "../i18n";

export interface ConsentCheckDeps {
  hasConsent(agentId: string): boolean;
  needsConsent(agentId: string): boolean;
  describe(agentId: string): { title: string; description: string };
}

export function consentMessage(titles: string[], language: "en" | "es"): string {
  // Titles are names ("Heart Visit Guide", «Guía para citas del corazón»): "The …" in English, quoted in Spanish.
  const who = titles.join(engineText(language, "consent.and"));
  return engineText(language, "consent.message", { who, count: titles.length });
}

/** Null when every planned specialist may run; otherwise the event to emit and the turn's result. */
export function checkConsent(
  plan: Plan,
  ref: { turnId: string; threadId: string },
  language: "en" | "es",
  deps: ConsentCheckDeps,
): { event: Extract<EngineEvent, { type: "consent.required" }>; result: TurnResult } | null {
  const missing = plan.agents.filter((a) => deps.needsConsent(a) && !deps.hasConsent(a));
  if (missing.length === 0) return null;
  const agents = missing.map((id) => ({ id, ...deps.describe(id) }));
  return {
    event: { type: "consent.required", ...ref, agents },
    result: {
      outcome: "needs_consent",
      text: consentMessage(agents.map((a) => a.title), language),
      agents: plan.agents,
      topology: plan.topology,
      chips: [],
      why: plan.why,
    },
  };
}
