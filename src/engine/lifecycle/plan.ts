/** Phase 3 — plan & provision: pick the specialist(s) and the topology, explained in one line. */
import { checkConsent, type ConsentCheckDeps } from "./consentCheck";
import type { PhaseFn } from "./graph";
import type { ConsultContext, Plan } from "./state";

export type Router = (text: string, context: ConsultContext | null) => Promise<Plan> | Plan;

/** The fallback when nothing else fits: the general visit steward, on its own. */
export function defaultPlan(why = "General visit preparation (no specialist matched)."): Plan {
  return {
    agents: ["visit-steward"],
    topology: "single",
    tasks: [{ agent: "visit-steward", dependsOn: [] }],
    confidence: 0,
    why,
  };
}

export function createPlanner(route: Router, consent?: ConsentCheckDeps): PhaseFn {
  return async (state, io) => {
    const plan = await route(state.text, state.context);
    io.emit({
      type: "trace",
      turnId: state.turnId,
      threadId: state.threadId,
      stage: "info",
      tool: "plan",
      label: plan.why,
      agent: null,
      ok: true,
      durationMs: null,
    });
    const needs = consent ? checkConsent(plan, { turnId: state.turnId, threadId: state.threadId }, state.language, consent) : null;
    if (needs) {
      io.emit(needs.event);
      return { executionPlan: plan, result: needs.result };
    }
    return { executionPlan: plan };
  };
}
