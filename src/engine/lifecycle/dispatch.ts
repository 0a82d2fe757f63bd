/**
 * Phase 4 — dispatch the plan: one specialist (streamed live), several in parallel (each failure
 * reported, never dropped), or a pipeline in dependency order with earlier outputs passed on.
 */
import type { PhaseFn } from "./graph";
import type { ConsultStateValue, PlanTask, SpecialistOutput, TurnIO } from "./state";

export interface SpecialistRequest {
  task: PlanTask;
  /** Outputs of the tasks this one depends on (pipeline). */
  prior: SpecialistOutput[];
  state: ConsultStateValue;
  io: TurnIO;
  /** Stream tokens to the user as they come (single topology only). */
  live: boolean;
}

export interface SpecialistResult {
  /** Guarded output text. */
  text: string;
  /** True when the run paused for the user's approval. */
  awaitingApproval: boolean;
}

/** Runs one specialist; resolves with its (guarded) output, or throws. */
export type SpecialistRunner = (request: SpecialistRequest) => Promise<SpecialistResult>;

export interface DispatchDeps {
  runSpecialist: SpecialistRunner;
}

async function runOne(deps: DispatchDeps, request: SpecialistRequest): Promise<SpecialistOutput> {
  const started = performance.now();
  try {
    const { text, awaitingApproval } = await deps.runSpecialist(request);
    return { agent: request.task.agent, ok: true, awaitingApproval, text, error: null, durationMs: performance.now() - started };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { agent: request.task.agent, ok: false, awaitingApproval: false, text: "", error, durationMs: performance.now() - started };
  }
}

/** Kahn's algorithm; tasks whose dependencies are unknown or cyclic run last, in plan order. */
export function topologicalOrder(tasks: PlanTask[]): PlanTask[] {
  const known = new Set(tasks.map((t) => t.agent));
  const done = new Set<string>();
  const order: PlanTask[] = [];
  let progressed = true;
  while (order.length < tasks.length && progressed) {
    progressed = false;
    for (const t of tasks) {
      if (done.has(t.agent)) continue;
      if (t.dependsOn.every((d) => done.has(d) || !known.has(d))) {
        order.push(t);
        done.add(t.agent);
        progressed = true;
      }
    }
  }
  for (const t of tasks) if (!done.has(t.agent)) order.push(t);
  return order;
}

export function createDispatcher(deps: DispatchDeps): PhaseFn {
  return async (state, io) => {
    const plan = state.executionPlan;
    if (!plan || plan.tasks.length === 0) throw new Error("dispatch without a plan");
    let outputs: SpecialistOutput[];
    if (plan.topology === "single" || plan.tasks.length === 1) {
      outputs = [await runOne(deps, { task: plan.tasks[0]!, prior: [], state, io, live: true })];
    } else if (plan.topology === "parallel") {
      outputs = await Promise.all(plan.tasks.map((task) => runOne(deps, { task, prior: [], state, io, live: false })));
    } else {
      outputs = [];
      for (const task of topologicalOrder(plan.tasks)) {
        if (io.signal.aborted) break;
        const prior = outputs.filter((o) => o.ok && task.dependsOn.includes(o.agent));
        outputs.push(await runOne(deps, { task, prior, state, io, live: false }));
      }
    }
    return { outputs };
  };
}
