/**
 * The consult lifecycle (ADR-0001) as a LangGraph StateGraph:
 * loadContext → gate → plan → dispatch → synthesize. The gate can end the turn early
 * (emergency, refusal) so no model is ever called for those.
 */
import { END, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ConsultState, turnIO, type ConsultStateUpdate, type ConsultStateValue, type TurnIO } from "./state";

export type PhaseFn = (state: ConsultStateValue, io: TurnIO) => Promise<ConsultStateUpdate>;

export interface LifecyclePhases {
  loadContext: PhaseFn;
  gate: PhaseFn;
  plan: PhaseFn;
  dispatch: PhaseFn;
  synthesize: PhaseFn;
}

const PHASE_MESSAGES = {
  loadContext: "Gathering your notes and attachments",
  gate: "Checking for urgent warning signs",
  plan: "Choosing the right specialist",
  dispatch: "Preparing your answer",
  synthesize: "Putting it together",
} as const;

function node(name: keyof LifecyclePhases, fn: PhaseFn) {
  return async (state: ConsultStateValue, config: LangGraphRunnableConfig): Promise<ConsultStateUpdate> => {
    const io = turnIO(config);
    if (io.signal.aborted) return { result: cancelledResult(state) };
    io.emit({ type: "progress", turnId: state.turnId, threadId: state.threadId, phase: name, message: PHASE_MESSAGES[name] });
    return fn(state, io);
  };
}

/** A cancelled turn keeps its plan (who was answering, and why) so a stopped answer can still say so. */
function cancelledResult(state: ConsultStateValue) {
  const plan = state.executionPlan;
  return (
    state.result ?? {
      outcome: "cancelled" as const,
      text: "",
      agents: plan?.agents ?? [],
      topology: plan?.topology ?? null,
      chips: [],
      why: plan?.why ?? null,
    }
  );
}

/** After any phase: stop when a result is already final (gate decision, no model, cancel). */
const continueOr = (next: string) => (state: ConsultStateValue) => (state.result ? END : next);

export function buildLifecycle(phases: LifecyclePhases) {
  return new StateGraph(ConsultState)
    .addNode("loadContext", node("loadContext", phases.loadContext))
    .addNode("gate", node("gate", phases.gate))
    .addNode("plan", node("plan", phases.plan))
    .addNode("dispatch", node("dispatch", phases.dispatch))
    .addNode("synthesize", node("synthesize", phases.synthesize))
    .addEdge(START, "loadContext")
    .addConditionalEdges("loadContext", continueOr("gate"), ["gate", END])
    .addConditionalEdges("gate", continueOr("plan"), ["plan", END])
    .addConditionalEdges("plan", continueOr("dispatch"), ["dispatch", END])
    .addConditionalEdges("dispatch", continueOr("synthesize"), ["synthesize", END])
    .addEdge("synthesize", END)
    .compile();
}

export type Lifecycle = ReturnType<typeof buildLifecycle>;
