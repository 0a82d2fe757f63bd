/** Phase 3 — plan & provision: pick the specialist(s) and the topology, explained in one line. */
import type { EngineEvent } from "../../shared/contract";
import type { PhaseFn } from "./graph";
import type { ConsultContext, ConsultStateValue, Plan, TurnResult } from "./state";

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

/**
 * A check run on the plan before dispatch (no model configured, missing consent): it may end the
 * turn with a result, and an event telling the front end what to offer.
 */
export type PlanCheck = (plan: Plan, state: ConsultStateValue) => { event?: EngineEvent; result: TurnResult } | { event?: EngineEvent; plan: Plan } | null;

export function createPlanner(route: Router, checks: PlanCheck[] = []): PhaseFn {
  return async (state, io) => {
    const routed = await route(state.text, state.context);
    io.emit({
      type: "trace",
      turnId: state.turnId,
      threadId: state.threadId,
      stage: "info",
      tool: "plan",
      label: routed.why,
      agent: null,
      ok: true,
      durationMs: null,
    });
    let plan = routed;
    for (const check of checks) {
      const stop = check(plan, state);
      if (!stop) continue;
      if (stop.event) io.emit(stop.event);
      if ("result" in stop) return { executionPlan: plan, result: stop.result };
      // A check may narrow the plan instead (a specialist the user said "Not now" to): said as a trace too.
      plan = stop.plan;
      io.emit({ type: "trace", turnId: state.turnId, threadId: state.threadId, stage: "info", tool: "plan", label: plan.why, agent: null, ok: true, durationMs: null });
    }
    return { executionPlan: plan };
  };
}
