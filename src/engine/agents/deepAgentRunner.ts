/**
 * Runs one specialist Deep Agent for a consult task: streams its (guarded) text, turns tool calls
 * into traces, and turns human-in-the-loop interrupts into stored approvals. Resuming after the
 * user's decision goes through `resume`, also after an engine restart (SQLite checkpoints).
 */
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { Command, GraphRecursionError } from "@langchain/langgraph";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { EngineEvent } from "../../shared/contract";
import type { ApprovalStore } from "../approvals/approvalStore";
import type { ModelProvider } from "../inference/types";
import { newId } from "../ids";
import { turnStopMessage } from "../messages";
import type { SpecialistRequest, SpecialistResult, SpecialistRunner } from "../lifecycle/dispatch";
import type { OutputGuardFactory } from "../lifecycle/outputGuard";
import type { ConsultStateValue } from "../lifecycle/state";
import { previewAction } from "./actionPreview";
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

/** A resume of a paused run: the decisions for the interrupt `interruptId` asked them for. */
class Resume {
  constructor(readonly decisions: unknown[], readonly interruptId: string | null) {}
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

function historyMessages(state: ConsultStateValue): BaseMessage[] {
  return (state.context?.history ?? []).map((m) => (m.role === "user" ? new HumanMessage(m.content) : new AIMessage(m.content)));
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

function userMessage(state: ConsultStateValue, withNotes: boolean): string {
  const attached = state.context?.attachments ?? [];
  const parts = [state.text];
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

export class DeepAgentRuntime {
  constructor(private readonly deps: DeepAgentRunnerDeps) {}

  private async specialist(ctx: RunContext) {
    const info = this.deps.provider.describe();
    const model = await this.deps.provider.getChatModel({ key: `${ctx.threadId}:${ctx.agent}` });
    return buildSpecialist(ctx.agent, model, this.deps, {
      threadId: ctx.threadId,
      language: ctx.language,
      briefing: ctx.briefing,
      toolContext: this.deps.toolContext(ctx.attachmentIds),
      contextTokens: info?.contextSize ?? 8192,
    });
  }

  /**
   * Streams one run (fresh input or a resume command) and reports what happened. The run is a
   * top-level graph with its own checkpoint thread — not a subgraph of the consult lifecycle — so it
   * can be resumed on its own after a restart; hence the cleared async context.
   */
  private drive(ctx: RunContext, input: unknown, io: RunIO): Promise<SpecialistResult> {
    return AsyncLocalStorageProviderSingleton.getInstance().run(undefined, () => this.driveDetached(ctx, input, io));
  }

  private async driveDetached(ctx: RunContext, input: unknown, io: RunIO): Promise<SpecialistResult> {
    try {
      return await this.driveStream(ctx, input, io);
    } catch (err) {
      // The LoopGuard ends loops first; LangGraph's own step limit is a backstop whose text is not for users.
      if (!(err instanceof GraphRecursionError || (err as Error | null)?.name === "GraphRecursionError")) throw err;
      this.deps.audit.record({ event: "model", thread: ctx.threadId, agents: [ctx.agent], decision: "limit_reached", rule: "recursion_limit" });
      return { text: turnStopMessage("steps", ctx.language), awaitingApproval: false };
    }
  }

  private async driveStream(ctx: RunContext, input: unknown, io: RunIO): Promise<SpecialistResult> {
    const agent = await this.specialist(ctx);
    const limits = turnLimitsOf(this.deps.content.agents.find((a) => a.id === ctx.agent)?.runtime ?? {});
    const config = { configurable: { thread_id: runThreadIdOf(ctx.turnId, ctx.agent) }, recursionLimit: this.deps.recursionLimit ?? recursionLimitFor(limits) };
    const guard = this.deps.guard(ctx.language);
    const ref = { turnId: ctx.turnId, threadId: ctx.threadId };
    const pendingTools = new Map<string, { name: string; started: number }>();
    let interrupts: Interrupt[] = [];
    /** What the guard let through: it stays, and the kind refusal takes the place of what was withheld. */
    let released = "";

    if (input instanceof Resume) {
      const resolved = await this.resumeInput(ctx, input, (await agent.getState(config as never)) as StateSnapshot, io);
      if (!("input" in resolved)) return resolved;
      input = resolved.input;
    }

    const stream = await agent.stream(input as never, { ...config, streamMode: ["messages", "updates"], signal: io.signal } as never);
    for await (const item of stream as AsyncIterable<[string, unknown]>) {
      const [mode, payload] = item;
      if (mode === "messages") {
        const [chunk, meta] = payload as [BaseMessage, { langgraph_node?: string }];
        if (AIMessageChunk.isInstance(chunk) && meta?.langgraph_node === "model_request" && !guard.blocked) {
          const safe = guard.push(textOf(chunk));
          released += safe;
          if (safe && io.live) io.emit({ type: "token", ...ref, text: safe });
        }
        continue;
      }
      const update = payload as Record<string, { messages?: BaseMessage[] } | Interrupt[]>;
      if (Array.isArray(update["__interrupt__"])) interrupts = update["__interrupt__"] as Interrupt[];
      for (const message of (update["model_request"] as { messages?: BaseMessage[] } | undefined)?.messages ?? []) {
        for (const call of (message as AIMessage).tool_calls ?? []) {
          if (!call.id) continue;
          pendingTools.set(call.id, { name: call.name, started: performance.now() });
          const label = traceLabel(call.name, call.args ?? {}, this.deps.content, ctx.language);
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
    if (tail && io.live) io.emit({ type: "token", ...ref, text: tail });
    if (guard.blocked) return { text: [released.trim(), guard.blocked.message ?? ""].filter(Boolean).join("\n\n"), awaitingApproval: false };

    if (interrupts.length) {
      this.recordApprovals(ctx, interrupts, io);
      return { text: this.finalText(await agent.getState(config as never)), awaitingApproval: true };
    }
    return { text: this.finalText(await agent.getState(config as never)), awaitingApproval: false };
  }

  /**
   * What continues a paused run from where its checkpoint actually is, so continuing it again after
   * a crash is harmless: still paused on the interrupt the decisions answer → resume with them; past
   * it (the engine died mid-run) → run on from the checkpoint; paused again on a later interrupt →
   * that one awaits its own approval; finished → its answer, without running anything again.
   */
  private async resumeInput(ctx: RunContext, resume: Resume, snapshot: StateSnapshot, io: RunIO): Promise<{ input: unknown } | SpecialistResult> {
    const waiting = (snapshot.tasks ?? []).flatMap((t) => t.interrupts ?? []);
    const answers = waiting.find((i) => resume.interruptId === null || i.id === resume.interruptId);
    if (answers) return { input: new Command({ resume: { decisions: resume.decisions } }) };
    if (waiting.length) {
      const runThreadId = runThreadIdOf(ctx.turnId, ctx.agent);
      const known = new Set(this.deps.approvals.forRun(runThreadId).map((r) => (r.runContext as StoredRun | null)?.interruptId));
      const unrecorded = waiting.filter((i) => !known.has(i.id));
      if (unrecorded.length) this.recordApprovals(ctx, unrecorded, io);
      return { text: this.finalText(snapshot), awaitingApproval: true };
    }
    if (snapshot.next?.length) return { input: null };
    return { text: this.finalText(snapshot), awaitingApproval: false };
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
      const messages = [...historyMessages(request.state), new HumanMessage(userMessage(request.state, declared.includes("note-read")))];
      return this.drive(ctx, { messages }, { emit: request.io.emit, signal: request.io.signal, live: request.live });
    };
  }

  /**
   * Continue a paused run with the user's decisions, in the order of its approval requests, for the
   * interrupt `interruptId` (null: whichever is pending). Safe to call again after a crash.
   */
  async resume(ctx: RunContext, decisions: unknown[], io: Omit<RunIO, "live">, interruptId: string | null = null): Promise<SpecialistResult> {
    return this.drive(ctx, new Resume(decisions, interruptId), { ...io, live: true });
  }
}
