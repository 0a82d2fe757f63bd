/**
 * The consult lifecycle (ADR-0001) as a LangGraph StateGraph:
 * loadContext → gate → plan → dispatch → synthesize. The gate can end the turn early
 * (emergency, refusal) so no model is ever called for those. An answer that waits for the user's
 * approval pauses the whole turn at `approval` (a LangGraph interrupt, checkpointed per turn);
 * resuming it runs dispatch and synthesize again, so a resumed turn is composed, checked and
 * audited like any other.
 */
import { END, START, StateGraph, interrupt, type BaseCheckpointSaver, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ConsultState, turnIO, type ConsultStateUpdate, type ConsultStateValue, type TurnIO } from "./state";
import { engineText } from "../i18n";

export type PhaseFn = (state: ConsultStateValue, io: TurnIO) => Promise<ConsultStateUpdate>;

export interface LifecyclePhases {
  loadContext: PhaseFn;
  gate: PhaseFn;
  plan: PhaseFn;
  dispatch: PhaseFn;
  synthesize: PhaseFn;
}

function node(name: keyof LifecyclePhases, fn: PhaseFn) {
  return async (state: ConsultStateValue, config: LangGraphRunnableConfig): Promise<ConsultStateUpdate> => {
    const io = turnIO(config);
    if (io.signal.aborted) return { result: cancelledResult(state) };
    io.emit({ type: "progress", turnId: state.turnId, threadId: state.threadId, phase: name, message: engineText(state.language, `phase.${name}`) });
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

/** What the turn's interrupt carries: which specialists wait for a decision. */
export interface ApprovalPause {
  turnId: string;
  agents: string[];
}

/** The pause itself: nothing runs here before the interrupt, so re-running it on resume is harmless. */
function approval(state: ConsultStateValue): ConsultStateUpdate {
  interrupt<ApprovalPause>({ turnId: state.turnId, agents: state.outputs.filter((o) => o.awaitingApproval).map((o) => o.agent) });
  return { result: null };
}

const afterSynthesis = (state: ConsultStateValue) => (state.result?.outcome === "awaiting_approval" ? "approval" : END);

export interface LifecycleOptions {
  /** Checkpoints each turn under its turn id, so a paused turn can resume (also after a restart). */
  checkpointer?: BaseCheckpointSaver;
}

export function buildLifecycle(phases: LifecyclePhases, options: LifecycleOptions = {}) {
  return new StateGraph(ConsultState)
    .addNode("loadContext", node("loadContext", phases.loadContext))
    .addNode("gate", node("gate", phases.gate))
    .addNode("plan", node("plan", phases.plan))
    .addNode("dispatch", node("dispatch", phases.dispatch))
    .addNode("synthesize", node("synthesize", phases.synthesize))
    .addNode("approval", approval)
    .addEdge(START, "loadContext")
    .addConditionalEdges("loadContext", continueOr("gate"), ["gate", END])
    .addConditionalEdges("gate", continueOr("plan"), ["plan", END])
    .addConditionalEdges("plan", continueOr("dispatch"), ["dispatch", END])
    .addConditionalEdges("dispatch", continueOr("synthesize"), ["synthesize", END])
    .addConditionalEdges("synthesize", afterSynthesis, ["approval", END])
    .addEdge("approval", "dispatch")
    .compile(options.checkpointer ? { checkpointer: options.checkpointer } : {});
}

export type Lifecycle = ReturnType<typeof buildLifecycle>;
