/**
 * Phase 4 — dispatch the plan: one specialist (streamed live), several in parallel (each failure
 * reported, never dropped), or a pipeline in dependency order with earlier outputs passed on. In a
 * parallel plan the first specialist streams live while the others prepare their parts; on a machine
 * that runs the model on a few CPU cores they run one after another instead, since splitting the cores
 * would only delay the first answer (issue 14, item 5).
 * Dispatch runs again when a paused turn resumes: finished outputs are kept, a specialist waiting
 * for approval continues from its checkpoint, and a pipeline step waiting on it runs after it.
 */
import { ollamaErrorText } from "../inference/ollamaText";
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
  /** Approvals whose decisions this run has now consumed (settled with the turn's answer). */
  settles?: string[];
}

/**
 * Runs one specialist; resolves with its (guarded) output, or throws. Called again for a specialist
 * that paused, it continues that run from its checkpoint instead of starting over.
 */
export type SpecialistRunner = (request: SpecialistRequest) => Promise<SpecialistResult>;

export interface DispatchDeps {
  runSpecialist: SpecialistRunner;
  /** Whether a parallel plan's specialists should run one at a time (a local model on few cores). */
  oneAtATime?: () => boolean;
}

type Ran = { output: SpecialistOutput; settles: string[] };

async function runOne(deps: DispatchDeps, request: SpecialistRequest): Promise<Ran> {
  const started = performance.now();
  try {
    const { text, awaitingApproval, settles = [] } = await deps.runSpecialist(request);
    return { output: { agent: request.task.agent, ok: true, awaitingApproval, text, error: null, durationMs: performance.now() - started }, settles };
  } catch (err) {
    // An Ollama failure is said in the user's language, without commands (it is shown in the answer).
    const error = ollamaErrorText(request.state.language, err) ?? (err instanceof Error ? err.message : String(err));
    return { output: { agent: request.task.agent, ok: false, awaitingApproval: false, text: "", error, durationMs: performance.now() - started }, settles: [] };
  }
}

/** An output that is final for this turn (answered or failed), so a resumed dispatch keeps it. */
const settled = (o: SpecialistOutput | undefined): o is SpecialistOutput => o !== undefined && !o.awaitingApproval;

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
    const before = new Map(state.outputs.map((o) => [o.agent, o]));
    const settles: string[] = [];
    const run = async (task: PlanTask, prior: SpecialistOutput[], live: boolean): Promise<SpecialistOutput> => {
      const kept = before.get(task.agent);
      if (settled(kept)) return kept;
      const ran = await runOne(deps, { task, prior, state, io, live });
      settles.push(...ran.settles);
      return ran.output;
    };
    let outputs: SpecialistOutput[];
    if (plan.topology === "single" || plan.tasks.length === 1) {
      outputs = [await run(plan.tasks[0]!, [], true)];
    } else if (plan.topology === "parallel" && deps.oneAtATime?.()) {
      outputs = [];
      for (const [i, task] of plan.tasks.entries()) {
        if (io.signal.aborted) break;
        outputs.push(await run(task, [], i === 0));
      }
    } else if (plan.topology === "parallel") {
      outputs = await Promise.all(plan.tasks.map((task, i) => run(task, [], i === 0)));
    } else {
      outputs = [];
      for (const task of topologicalOrder(plan.tasks)) {
        if (io.signal.aborted) break;
        // A step whose input waits for the user's approval runs once that step has finished.
        if (outputs.some((o) => o.awaitingApproval && task.dependsOn.includes(o.agent))) continue;
        const prior = outputs.filter((o) => o.ok && task.dependsOn.includes(o.agent));
        outputs.push(await run(task, prior, outputs.length === 0));
      }
    }
    return { outputs, settles };
  };
}
