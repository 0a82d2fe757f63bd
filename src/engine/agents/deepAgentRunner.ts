/**
 * Runs one specialist Deep Agent for a consult task: streams its (guarded) text, turns tool calls
 * into traces, and turns human-in-the-loop interrupts into stored approvals. Run again for the same
 * turn (the lifecycle resuming a paused turn, also after a restart), it continues from the run's
 * SQLite checkpoint with the decisions recorded for its interrupt.
 */
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { Command, GraphRecursionError } from "@langchain/langgraph";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { EngineEvent } from "../../shared/contract";
import { batchOf, type ApprovalRecord, type ApprovalStore } from "../approvals/approvalStore";
import type { ModelProvider } from "../inference/types";
import { newId } from "../ids";
import { engineText } from "../i18n";
import { turnStopMessage } from "../messages";
import type { SpecialistRequest, SpecialistResult, SpecialistRunner } from "../lifecycle/dispatch";
import type { OutputGuardFactory } from "../lifecycle/outputGuard";
import type { ConsultStateValue } from "../lifecycle/state";
import { editedArgs, previewAction } from "./actionPreview";
import { recursionLimitFor, turnLimitsOf } from "./middleware/loopGuard";
import type { Briefing } from "./middleware/orchestrator";
import { buildSpecialist, type SpecialistDeps } from "./specialistFactory";
import type { ToolContext } from "./tools/context";
import { traceLabel } from "./traceLabels";
import type { CarefoldBackend } from "./workspaceBackend";

export interface DeepAgentRunnerDeps extends SpecialistDeps {
  provider: ModelProvider;
  backend: CarefoldBackend;
  approvals: ApprovalStore;
  guard: OutputGuardFactory;
  toolContext(attachmentIds: readonly string[]): ToolContext;
  titleOf(agentId: string): string;
  /** What the user may see of model text: identifiers masked (safety/pii maskIdentifiers); by default unchanged. */
  maskOutput?: (text: string) => string;
  /** LangGraph's step limit per run; by default derived from the agent's turn limits (a backstop). */
  recursionLimit?: number;
}

/** What a paused run needs to continue, stored with its approvals. */
export interface RunContext {
  agent: string;
  threadId: string;
  turnId: string;
  language: "en" | "es";
  briefing: Briefing | null;
  attachmentIds: string[];
}

/** Stored with each approval: the run context plus the tool call awaiting the decision. */
export interface StoredRun extends RunContext {
  action: { name: string; args: Record<string, unknown> };
  /** The LangGraph interrupt this approval answers (absent in approvals stored before it was kept). */
  interruptId?: string;
}

interface RunIO {
  emit(event: EngineEvent): void;
  signal: AbortSignal;
  live: boolean;
}

type Interrupt = { id?: string; value?: { actionRequests?: { name: string; args: Record<string, unknown> }[] } };

const COMPLETE = new Set(["applied", "rejected", "expired"]);
const interruptOf = (r: ApprovalRecord): string | undefined => (r.runContext as StoredRun | null)?.interruptId;
const indexOf = (r: ApprovalRecord): number => Number(r.toolCallId.split(":")[1]);

/** The HITL middleware's decisions for a batch, in the order of its action requests. */
function decisionsOf(batch: readonly ApprovalRecord[]): unknown[] {
  return [...batch]
    .sort((a, b) => indexOf(a) - indexOf(b))
    .map((r) => {
      const d = r.status === "applied" ? (r.decision ?? { type: "approve" }) : { type: "reject" as const };
      if (d.type === "edit") {
        const original = (r.runContext as StoredRun).action.args;
        return { type: "edit", editedAction: { name: r.event.tool, args: editedArgs(r.event.tool, original, d.content) } };
      }
      if (d.type === "reject") return { type: "reject", message: "The user did not approve this change. Nothing was saved." };
      return { type: "approve" };
    });
}

type StateSnapshot = {
  values?: { messages?: BaseMessage[] };
  next?: readonly string[];
  tasks?: readonly { interrupts?: readonly Interrupt[] }[];
};

export function textOf(message: BaseMessage): string {
  const c = message.content;
  if (typeof c === "string") return c;
  return c.map((p) => (typeof p === "string" ? p : "text" in p && typeof p.text === "string" ? p.text : "")).join("");
}

export function runThreadIdOf(turnId: string, agent: string): string {
  return `${turnId}.${agent}`;
}

type Specialist = Awaited<ReturnType<typeof buildSpecialist>>;

/** The first input of a run that has no checkpoint yet (built once the specialist's graph exists). */
type FreshInput = (agent: Specialist) => Promise<BaseMessage[]>;

const waitingOf = (snapshot: StateSnapshot): Interrupt[] => (snapshot.tasks ?? []).flatMap((t) => t.interrupts ?? []);

/** Earlier turns, each within the budget too (a pasted megabyte is not re-sent with every later question). */
function historyMessages(state: ConsultStateValue, budget: number): BaseMessage[] {
  return (state.context?.history ?? []).map((m) => {
    const content = budgeted(m.content, budget) ?? m.content;
    return m.role === "user" ? new HumanMessage(content) : new AIMessage(content);
  });
}

/**
 * The saved-notes index a specialist with note-read sees after the question: one short line per note
 * (title, date, first line), newest first, and how many older ones exist. Not in the system prompt,
 * which stays byte-stable for the KV cache.
 */
export function notesIndexBlock(context: ConsultStateValue["context"]): string {
  const notes = context?.notes ?? [];
  if (!notes.length) return "";
  const lines = notes.map((n) => `- ${n.title} (${n.date})${n.firstLine ? `: ${n.firstLine}` : ""}`);
  const omitted = context?.notesOmitted ?? 0;
  if (omitted > 0) lines.push(`- …and ${omitted} older note${omitted === 1 ? "" : "s"}`);
  return `Saved notes (newest first; read one with note-read, and name it by its title when you use it):\n${lines.join("\n")}`;
}

/**
 * How much of a message a specialist reads: the gate scans all of it, but a model with a few thousand
 * tokens of context cannot take a pasted megabyte, so the rest is left out and both the model and the
 * user are told (about 1.5 characters per context token leaves room for the prompt, skills and reply).
 */
export function messageBudget(contextTokens: number): number {
  return Math.max(4_000, Math.floor(contextTokens * 1.5));
}

/** The message within `budget` characters, cut at a space; null when it fits. */
export function budgeted(text: string, budget: number): string | null {
  if (text.length <= budget) return null;
  const cut = text.lastIndexOf(" ", budget);
  return text.slice(0, cut > budget * 0.8 ? cut : budget);
}

/** `shown`: the message within its budget (budgeted), or null when it fits whole. */
function userMessage(state: ConsultStateValue, withNotes: boolean, shown: string | null): string {
  const attached = state.context?.attachments ?? [];
  const parts = [
    shown === null
      ? state.text
      : `${shown}\n\n[The message goes on: it is ${state.text.length} characters long and only the first ${shown.length} are shown here. Say so if the rest may matter, and suggest attaching long records as a file.]`,
  ];
  if (attached.length) {
    const lines = attached.map((a) => {
      const pages = a.pagesTotal !== null ? ` (${a.pagesRead ?? 0} of ${a.pagesTotal} pages readable)` : "";
      return `- ${a.name}${a.text === null ? ` (no readable text: ${a.problem ?? "unknown format"})` : pages}`;
    });
    parts.push(`Attached files (read them with attach-read):\n${lines.join("\n")}`);
  }
  const notes = withNotes ? notesIndexBlock(state.context) : "";
  if (notes) parts.push(notes);
  return parts.join("\n\n");
}

export function briefingFor(request: SpecialistRequest, titleOf: (id: string) => string): Briefing | null {
  const plan = request.state.executionPlan;
  if (!plan || plan.tasks.length <= 1) return null;
  const others = plan.agents.filter((a) => a !== request.task.agent).map(titleOf);
  return {
    plan: plan.why,
    task: `Prepare the ${titleOf(request.task.agent)} part of the visit agenda; ${others.join(" and ")} will cover their own part.`,
    prior: request.prior.map((p) => ({ title: titleOf(p.agent), text: p.text })),
  };
}

/** The KV-cache key of a specialist's model calls (issue 14: slots keyed by specialist). */
export const specialistModelKey = (agentId: string) => `specialist:${agentId}`;

export class DeepAgentRuntime {
  constructor(private readonly deps: DeepAgentRunnerDeps) {}

  private async specialist(ctx: RunContext) {
    const info = this.deps.provider.describe();
    // Keyed by specialist, not by conversation: a new conversation with the same specialist lands on the
    // context sequence that already holds its byte-stable prefix (persona, safety, main skill, tools).
    const model = await this.deps.provider.getChatModel({ key: specialistModelKey(ctx.agent) });
    return buildSpecialist(ctx.agent, model, this.deps, {
      threadId: ctx.threadId,
      language: ctx.language,
      briefing: ctx.briefing,
      toolContext: this.deps.toolContext(ctx.attachmentIds),
      contextTokens: info?.contextSize ?? 8192,
    });
  }

  /**
   * Streams one run (fresh, or continued from its checkpoint) and reports what happened. The run is a
   * top-level graph with its own checkpoint thread, not a subgraph of the lifecycle's, so its
   * checkpoints outlive the turn's async context; hence the cleared async context.
   */
  private drive(ctx: RunContext, fresh: FreshInput, io: RunIO): Promise<SpecialistResult> {
    return AsyncLocalStorageProviderSingleton.getInstance().run(undefined, () => this.driveDetached(ctx, fresh, io));
  }

  private async driveDetached(ctx: RunContext, fresh: FreshInput, io: RunIO): Promise<SpecialistResult> {
    const agent = await this.specialist(ctx);
    let result: SpecialistResult;
    try {
      result = await this.driveStream(agent, ctx, fresh, io);
    } catch (err) {
      // The LoopGuard ends loops first; LangGraph's own step limit is a backstop whose text is not for users.
      if (!(err instanceof GraphRecursionError || (err as Error | null)?.name === "GraphRecursionError")) throw err;
      this.deps.audit.record({ event: "model", thread: ctx.threadId, agents: [ctx.agent], decision: "limit_reached", rule: "recursion_limit" });
      result = { text: turnStopMessage("steps", ctx.language), awaitingApproval: false };
    }
    return { ...result, text: this.shown(result.text), settles: this.consumed(ctx, (await agent.getState(this.configOf(ctx) as never)) as StateSnapshot) };
  }

  private configOf(ctx: RunContext) {
    const limits = turnLimitsOf(this.deps.content.agents.find((a) => a.id === ctx.agent)?.runtime ?? {});
    return { configurable: { thread_id: runThreadIdOf(ctx.turnId, ctx.agent) }, recursionLimit: this.deps.recursionLimit ?? recursionLimitFor(limits) };
  }

  /** Model text as the user may see it; streamed, it is whole sentences from the guard, so an identifier is never split across two. */
  private shown(text: string): string {
    return this.deps.maskOutput ? this.deps.maskOutput(text) : text;
  }

  /** This run's decided approvals the run has moved past (their interrupt no longer waits). */
  private consumed(ctx: RunContext, snapshot: StateSnapshot): string[] {
    const waiting = new Set(waitingOf(snapshot).map((i) => i.id));
    return this.deps.approvals
      .forRun(runThreadIdOf(ctx.turnId, ctx.agent))
      .filter((r) => COMPLETE.has(r.status) && !r.settledAt)
      .filter((r) => (interruptOf(r) === undefined ? waiting.size === 0 : !waiting.has(interruptOf(r))))
      .map((r) => r.event.approvalId);
  }

  private async driveStream(agent: Specialist, ctx: RunContext, fresh: FreshInput, io: RunIO): Promise<SpecialistResult> {
    const config = this.configOf(ctx);
    const guard = this.deps.guard(ctx.language);
    const ref = { turnId: ctx.turnId, threadId: ctx.threadId };
    const pendingTools = new Map<string, { name: string; started: number }>();
    let interrupts: Interrupt[] = [];
    /** What the guard let through: it stays, and the kind refusal takes the place of what was withheld. */
    let released = "";

    let input: unknown;
    const snapshot = (await agent.getState(config as never)) as StateSnapshot;
    if (snapshot.values?.messages?.length) {
      const resolved = this.continuation(ctx, snapshot, io);
      if (!("input" in resolved)) return resolved;
      input = resolved.input;
    } else {
      input = { messages: await fresh(agent) };
    }

    const stream = await agent.stream(input as never, { ...config, streamMode: ["messages", "updates"], signal: io.signal } as never);
    for await (const item of stream as AsyncIterable<[string, unknown]>) {
      const [mode, payload] = item;
      if (mode === "messages") {
        const [chunk, meta] = payload as [BaseMessage, { langgraph_node?: string }];
        if (AIMessageChunk.isInstance(chunk) && meta?.langgraph_node === "model_request" && !guard.blocked) {
          const safe = guard.push(textOf(chunk));
          released += safe;
          if (safe && io.live) io.emit({ type: "token", ...ref, text: this.shown(safe) });
        }
        continue;
      }
      const update = payload as Record<string, { messages?: BaseMessage[] } | Interrupt[]>;
      if (Array.isArray(update["__interrupt__"])) interrupts = update["__interrupt__"] as Interrupt[];
      for (const message of (update["model_request"] as { messages?: BaseMessage[] } | undefined)?.messages ?? []) {
        for (const call of (message as AIMessage).tool_calls ?? []) {
          if (!call.id) continue;
          pendingTools.set(call.id, { name: call.name, started: performance.now() });
          // The label quotes the model's arguments (a note's title): identifiers masked like its text.
          const label = this.shown(traceLabel(call.name, call.args ?? {}, this.deps.content, ctx.language));
          io.emit({ type: "trace", ...ref, stage: "start", tool: call.name, label, agent: ctx.agent, ok: null, durationMs: null });
        }
      }
      for (const message of (update["tools"] as { messages?: BaseMessage[] } | undefined)?.messages ?? []) {
        if (!ToolMessage.isInstance(message)) continue;
        const started = pendingTools.get(message.tool_call_id);
        pendingTools.delete(message.tool_call_id);
        const name = started?.name ?? message.name ?? "tool";
        io.emit({
          type: "trace",
          ...ref,
          stage: "end",
          tool: name,
          label: traceLabel(name, {}, this.deps.content, ctx.language).replace(/…$/, ""),
          agent: ctx.agent,
          ok: message.status !== "error",
          durationMs: started ? performance.now() - started.started : null,
        });
      }
    }
    const tail = guard.blocked ? "" : guard.end();
    if (tail && io.live) io.emit({ type: "token", ...ref, text: this.shown(tail) });
    if (guard.blocked) return { text: [released.trim(), guard.blocked.message ?? ""].filter(Boolean).join("\n\n"), awaitingApproval: false };

    if (interrupts.length) {
      this.recordApprovals(ctx, interrupts, io);
      return { text: this.finalText(await agent.getState(config as never)), awaitingApproval: true };
    }
    return { text: this.finalText(await agent.getState(config as never)), awaitingApproval: false };
  }

  /**
   * What continues a run that already has a checkpoint, so running it again (a resumed turn, or after
   * a crash) is harmless: paused on an interrupt whose batch is fully decided → resume with those
   * decisions; still waiting on the user, or paused on an interrupt no approval records yet → awaiting
   * (recording it); past it (the engine died mid-run) → run on; finished → its answer, running nothing.
   */
  private continuation(ctx: RunContext, snapshot: StateSnapshot, io: RunIO): { input: unknown } | SpecialistResult {
    const waiting = waitingOf(snapshot);
    if (waiting.length) {
      const records = this.deps.approvals.forRun(runThreadIdOf(ctx.turnId, ctx.agent));
      const unrecorded = waiting.filter((i) => !records.some((r) => interruptOf(r) === i.id));
      const batch = this.batchFor(records, waiting[0]!);
      if (batch.length && batch.every((r) => COMPLETE.has(r.status))) {
        return { input: new Command({ resume: { decisions: decisionsOf(batch) } }) };
      }
      if (unrecorded.length && !batch.length) this.recordApprovals(ctx, unrecorded, io);
      return { text: this.finalText(snapshot), awaitingApproval: true };
    }
    if (snapshot.next?.length) return { input: null };
    return { text: this.finalText(snapshot), awaitingApproval: false };
  }

  /** The approvals that answer `waiting`; approvals stored before interrupt ids were kept: the newest unsettled batch. */
  private batchFor(records: readonly ApprovalRecord[], waiting: Interrupt): ApprovalRecord[] {
    const matched = records.filter((r) => interruptOf(r) === waiting.id);
    if (matched.length || records.some((r) => interruptOf(r) !== undefined)) return matched;
    const newest = records.filter((r) => !r.settledAt).at(-1);
    return newest ? records.filter((r) => batchOf(r) === batchOf(newest)) : [];
  }

  /** This run's answer: the last tool-free AI text after the current question (never an earlier turn's). */
  private finalText(snapshot: { values?: { messages?: BaseMessage[] } }): string {
    const messages = snapshot.values?.messages ?? [];
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.getType() === "human") break;
      const text = textOf(m).trim();
      if (m.getType() === "ai" && !(m as AIMessage).tool_calls?.length && text) return text;
    }
    return "";
  }

  private recordApprovals(ctx: RunContext, interrupts: Interrupt[], io: RunIO): void {
    const runThreadId = runThreadIdOf(ctx.turnId, ctx.agent);
    const requests = interrupts.flatMap((i) => (i.value?.actionRequests ?? []).map((action) => ({ action, interruptId: i.id })));
    // One interrupt = one batch of decisions; a run can pause several times.
    const batch = newId("b");
    requests.forEach(({ action, interruptId }, index) => {
      const preview = previewAction(action.name, action.args ?? {}, this.deps.backend);
      const event = {
        type: "approval.requested" as const,
        approvalId: newId("ap"),
        turnId: ctx.turnId,
        threadId: ctx.threadId,
        agent: ctx.agent,
        tool: action.name,
        path: preview.path,
        operation: preview.operation,
        diff: preview.diff,
        proposed: preview.proposed,
        requestedAt: new Date().toISOString(),
      };
      const stored: StoredRun = { ...ctx, action: { name: action.name, args: action.args ?? {} }, ...(interruptId ? { interruptId } : {}) };
      this.deps.approvals.add(event, runThreadId, `${batch}:${index}`, stored);
      io.emit(event);
    });
  }

  /**
   * Issue 14, item 4: the specialist's own transcript of the latest earlier turn it answered alone and
   * in full — its raw generation, tool calls and tool results, as its checkpoint holds them — followed by
   * the turns other specialists answered since. Its model calls then re-render exactly the tokens its
   * context sequence already holds, so a follow-up evaluates only the new message. Null (the composed
   * history is used) when that turn was stopped, failed, shared with other specialists, or the guard
   * withheld part of the answer: the model must never be shown text the user was not.
   */
  private async ownTranscript(agent: Specialist, ctx: RunContext, state: ConsultStateValue, budget: number): Promise<BaseMessage[] | null> {
    const history = state.context?.history ?? [];
    const answered = history.findLast((m) => m.role === "assistant" && m.answer?.agents.includes(ctx.agent));
    if (!answered?.answer) return null;
    const { outcome, agents, stopped } = answered.answer;
    if (outcome !== "answered" || stopped || agents.length !== 1) return null;
    const snapshot = (await agent.getState(this.configOf({ ...ctx, turnId: answered.turnId }) as never)) as StateSnapshot;
    const transcript = snapshot.values?.messages ?? [];
    if (!transcript.length || snapshot.next?.length || waitingOf(snapshot).length) return null;
    const final = this.finalText(snapshot);
    if (!final || !answered.content.includes(this.shown(final))) return null;
    // It carries every earlier turn and tool result: past twice one message's budget, the composed
    // history (a window of recent turns, each within the budget) is used instead, so it never outgrows the context.
    if (transcript.reduce((size, m) => size + textOf(m).length, 0) > 2 * budget) return null;
    const after = history.slice(history.indexOf(answered) + 1);
    return [...transcript, ...historyMessages({ ...state, context: { ...state.context!, history: after } }, budget)];
  }

  /** The lifecycle's SpecialistRunner. */
  runner(): SpecialistRunner {
    return async (request) => {
      const ctx: RunContext = {
        agent: request.task.agent,
        threadId: request.state.threadId,
        turnId: request.state.turnId,
        language: request.state.language,
        briefing: briefingFor(request, this.deps.titleOf),
        attachmentIds: [...request.state.attachmentIds],
      };
      const declared = this.deps.content.agents.find((a) => a.id === ctx.agent)?.runtime.tools ?? [];
      const budget = messageBudget(this.deps.provider.describe()?.contextSize ?? 8192);
      const shown = budgeted(request.state.text, budget);
      // Said once per turn, by the first specialist of the plan.
      if (shown !== null && request.task.agent === request.state.executionPlan?.tasks[0]?.agent) {
        const label = engineText(ctx.language, "turn.longMessage", { shown: String(shown.length), total: String(request.state.text.length) });
        request.io.emit({ type: "trace", turnId: ctx.turnId, threadId: ctx.threadId, stage: "info", tool: "message", label, agent: ctx.agent, ok: null, durationMs: null });
      }
      const question = new HumanMessage(userMessage(request.state, declared.includes("note-read"), shown));
      const fresh: FreshInput = async (agent) => {
        const own = await this.ownTranscript(agent, ctx, request.state, budget);
        return [...(own ?? historyMessages(request.state, budget)), question];
      };
      return this.drive(ctx, fresh, { emit: request.io.emit, signal: request.io.signal, live: request.live });
    };
  }

}
