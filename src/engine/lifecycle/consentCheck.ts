/**
 * Consent for the health specialists (safety.md §3; who they are: src/shared/consentRule.ts): routing
 * may choose them, but the consult is not dispatched to them without the user's OK. The turn ends with `consent.required` saying who and
 * why; the user can allow them and ask again. Each specialist asks once per conversation (issue 18, item 4):
 * one the user was already asked about there and did not allow is left out of the plan (the navigation-only
 * visit steward answers when no one else is left), with an event offering to turn it on instead of asking.
 */
import type { EngineEvent } from "../../shared/contract";
import type { Plan, TurnResult } from "./state";
import { defaultPlan } from "./plan";
import { engineText } from "../i18n";

export interface ConsentCheckDeps {
  hasConsent(agentId: string): boolean;
  needsConsent(agentId: string): boolean;
  describe(agentId: string): { title: string; description: string };
  /** Was the user asked about this specialist in this conversation already? */
  wasAsked(threadId: string, agentId: string): boolean;
  markAsked(threadId: string, agentIds: string[]): void;
}

type ConsentEvent = Extract<EngineEvent, { type: "consent.required" }>;

export function consentMessage(titles: string[], language: "en" | "es"): string {
  // Titles are names ("Heart Visit Guide", «Guía para citas del corazón»): "The …" in English, quoted in Spanish.
  const who = titles.join(engineText(language, "consent.and"));
  return engineText(language, "consent.message", { who, count: titles.length });
}

/**
 * Null when every planned specialist may run; a narrowed plan (and an offer to turn them on) when the
 * only ones missing were asked about in this conversation already; otherwise the event asking for
 * consent and the turn's result.
 */
export function checkConsent(
  plan: Plan,
  ref: { turnId: string; threadId: string },
  language: "en" | "es",
  deps: ConsentCheckDeps,
): { event: ConsentEvent; result: TurnResult } | { event: ConsentEvent; plan: Plan } | null {
  const missing = plan.agents.filter((a) => deps.needsConsent(a) && !deps.hasConsent(a));
  if (missing.length === 0) return null;
  const toAsk = missing.filter((a) => !deps.wasAsked(ref.threadId, a));
  if (toAsk.length === 0) {
    const agents = missing.map((id) => ({ id, ...deps.describe(id) }));
    const why = engineText(language, "consent.off", { who: agents.map((a) => a.title).join(engineText(language, "consent.and")), count: agents.length });
    return { event: { type: "consent.required", ...ref, agents, askedBefore: true }, plan: without(plan, missing, why) };
  }
  deps.markAsked(ref.threadId, toAsk);
  const agents = toAsk.map((id) => ({ id, ...deps.describe(id) }));
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

/** The plan less the specialists that are off; the visit steward alone when none is left. */
function without(plan: Plan, off: string[], why: string): Plan {
  const agents = plan.agents.filter((a) => !off.includes(a));
  if (agents.length === 0) return defaultPlan(why);
  const tasks = plan.tasks.filter((t) => !off.includes(t.agent)).map((t) => ({ ...t, dependsOn: t.dependsOn.filter((d) => !off.includes(d)) }));
  return { ...plan, agents, tasks, topology: agents.length === 1 ? "single" : plan.topology, why };
}
