/**
 * Consult turns: starting a turn through the lifecycle, cancelling it, recording its answer, and
 * resuming a turn that paused for the user's approval (also after an engine restart). Every turn,
 * resumed ones included, runs through the lifecycle graph, checkpointed under its turn id.
 */
import type { EngineEvent, RequestOutput, RequestParsedInput } from "../../shared/contract";
import { EngineError } from "../../shared/rpc";
import type { AuditSink } from "../audit/auditLog";
import { editedArgs, previewAction } from "../agents/actionPreview";
import { Command } from "@langchain/langgraph";
import type { StoredRun } from "../agents/deepAgentRunner";
import { normalizeVirtualPath } from "../agents/safePath";
import { WORKSPACE_MOUNT, type CarefoldBackend } from "../agents/workspaceBackend";
import { batchOf, type ApprovalDecision, type ApprovalEffect, type ApprovalRecord, type ApprovalStore } from "../approvals/approvalStore";
import { engineText } from "../i18n";
import { ollamaErrorText } from "../inference/ollamaText";
import { newId } from "../ids";
import type { Lifecycle } from "../lifecycle/graph";
import type { ConsultStateValue, TurnResult } from "../lifecycle/state";
import type { CheckAnswer } from "../safety/index";
import type { SettingsStore } from "../settings/settingsStore";
import type { ThreadStore } from "../threads/threadStore";
import type { AttachmentsStore } from "../workspace/attachmentsStore";
import { revisionOf } from "../workspace/notesStore";

/**
 * The moments of decide → write → resume at which a crash test may kill the engine (see
 * EngineOptions.faultPoint). Product code only names them; nothing happens unless a hook is given.
 */
export type FaultPoint =
  /** The decision (and the change it implies) is committed; nothing is written yet. */
  | "approval.decided"
  /** The change is on disk; the approval is not marked applied yet. */
  | "approval.written"
  /** The approval is marked applied; its run has not continued yet. */
  | "approval.applied"
  /** The paused turn continued through the lifecycle and returned; its answer is not recorded yet. */
  | "run.resumed"
  /** The turn's answer is recorded and its approvals settled. */
  | "turn.settled";

export interface ConsultDeps {
  lifecycle: Lifecycle;
  threads: ThreadStore;
  attachments: AttachmentsStore;
  approvals: ApprovalStore;
  settings: SettingsStore;
  audit: AuditSink;
  /** Where approved file changes are applied (the same checked workspace the tools use). */
  backend: CarefoldBackend;
  /** Crash testing only: called at each FaultPoint; absent in the product. */
  faultPoint?: (point: FaultPoint) => void;
  /** The output refusal check, also run on what a stopped answer keeps before it is stored. */
  checkOutput?: CheckAnswer;
  emit(event: EngineEvent): void;
}

/** How often one continuation may resume its turn: once to reach the pause a crash cut short, once past it. */
const MAX_RESUME_PASSES = 3;

/** Pending approvals older than this expire unapplied (nothing is ever written on expiry). */
export const APPROVAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const EMPTY_RESULT: TurnResult = { outcome: "failed", text: "", agents: [], topology: null, chips: [], why: null };

/** Outcomes a Stop turns into a stopped answer (a gate decision, consent or approval prompt stays what it is). */
const STOPPABLE = new Set<TurnResult["outcome"]>(["answered", "cancelled", "failed"]);

/**
 * What the user was shown of one turn: the text of its `token` events, which only ever carry what the
 * output guard released (withheld text is never emitted), so a stopped answer keeps exactly that.
 */
class ReleasedText {
  text = "";
  constructor(private readonly turnId: string, private readonly emit: (event: EngineEvent) => void) {}
  readonly forward = (event: EngineEvent): void => {
    if (event.type === "token" && event.turnId === this.turnId) this.text += event.text;
    this.emit(event);
  };
}

export class ConsultService {
  private readonly turns = new Map<string, { threadId: string; controller: AbortController; done: Promise<void> }>();
  private closed = false;
  private recovering: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ConsultDeps) {}

  /**
   * Starts the work after `start` returns, so clients learn the turn id before its first event. Work
   * for a turn that is still running waits for it and shares its Stop (one turn, one run at a time).
   */
  private track(turnId: string, threadId: string, work: (signal: AbortSignal) => Promise<void>): void {
    const running = this.turns.get(turnId);
    const controller = running?.controller ?? new AbortController();
    const done = (running?.done ?? Promise.resolve())
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => work(controller.signal));
    const entry = { threadId, controller, done };
    this.turns.set(turnId, entry);
    void done.finally(() => {
      if (this.turns.get(turnId) === entry) this.turns.delete(turnId);
    });
  }

  /** The lifecycle's config for one turn: its checkpoint thread and the turn's side channel. */
  private turnConfig(turnId: string, emit: (event: EngineEvent) => void, signal: AbortSignal) {
    return { configurable: { thread_id: turnId, turnIO: { emit, signal } } };
  }

  ask(input: RequestParsedInput<"consult.ask">): RequestOutput<"consult.ask"> {
    if (this.closed) throw new EngineError("unavailable", "The engine is shutting down");
    for (const id of input.attachmentIds ?? []) {
      if (!this.deps.attachments.get(id)) throw new EngineError("not_found", `No attachment with id ${id}`);
    }
    const threadId = input.threadId ?? newId("t");
    const turnId = newId("u");
    this.deps.threads.ensure(threadId, input.text);
    const sent = (input.attachmentIds ?? []).map((id) => ({ id, name: this.deps.attachments.get(id)?.name ?? id }));
    this.deps.threads.append(threadId, turnId, "user", input.text, sent.length ? { attachments: sent } : undefined);
    this.deps.threads.useAttachments(threadId, input.attachmentIds ?? []);
    this.track(turnId, threadId, (signal) => this.runTurn(threadId, turnId, input.text, input.attachmentIds ?? [], signal));
    return { threadId, turnId };
  }

  private async runTurn(threadId: string, turnId: string, text: string, attachmentIds: string[], signal: AbortSignal): Promise<void> {
    const settings = this.deps.settings.get();
    const started = performance.now();
    const released = new ReleasedText(turnId, this.deps.emit);
    let result: TurnResult;
    try {
      const final = await this.deps.lifecycle.invoke(
        { threadId, turnId, text, attachmentIds, language: settings.language, crisisLocale: settings.crisisLocale },
        this.turnConfig(turnId, released.forward, signal),
      );
      result = final.result ?? EMPTY_RESULT;
    } catch (err) {
      result = this.failure(threadId, turnId, err, signal);
    }
    if (signal.aborted) result = this.stopped(threadId, result, released.text, settings.language);
    this.finish(threadId, turnId, result, started);
  }

  /**
   * A turn the user stopped keeps what they were shown (the answer when it was already complete),
   * marked stopped, after the same output check a finished answer gets.
   */
  private stopped(threadId: string, result: TurnResult, released: string, language: "en" | "es"): TurnResult {
    if (!STOPPABLE.has(result.outcome)) return result;
    const text = result.outcome === "answered" ? result.text : released.trim() ? released.trimEnd() : "";
    const stopped: TurnResult = { ...result, outcome: "cancelled", text, chips: [], stopped: text.length > 0 };
    const verdict = text ? this.deps.checkOutput?.(text, language) : undefined;
    if (verdict?.refuse && verdict.message) {
      this.deps.audit.record({ event: "refuse", thread: threadId, agents: result.agents, decision: verdict.category, rule: verdict.rule, detail: { direction: "stopped" } });
      return { ...stopped, outcome: "refused", text: verdict.message, stopped: false };
    }
    return stopped;
  }

  private failure(threadId: string, turnId: string, err: unknown, signal: AbortSignal): TurnResult {
    if (!signal.aborted) {
      this.deps.emit({
        type: "error",
        turnId,
        threadId,
        code: "consult_failed",
        // An Ollama failure in the user's words, without commands (ollamaText.ts); anything else as it was raised.
        message: engineText(this.deps.settings.get().language, "turn.failed", {
          reason: ollamaErrorText(this.deps.settings.get().language, err) ?? (err instanceof Error ? err.message : String(err)),
        }),
      });
    }
    return { ...EMPTY_RESULT, outcome: signal.aborted ? "cancelled" : "failed" };
  }

  /**
   * Records the answer and the audit event, then tells the front end the turn is done. `settles`:
   * the approvals whose run this answer completes, marked settled in the answer's transaction.
   */
  private finish(threadId: string, turnId: string, { emergency, stopped, ...result }: TurnResult, started: number, settles: readonly string[] = []): void {
    try {
      this.deps.approvals.settle(settles, () => this.recordAnswer(threadId, turnId, { ...result, stopped, emergency }));
      if (settles.length) this.deps.faultPoint?.("turn.settled");
      this.deps.audit.record({ event: "run", thread: threadId, agents: result.agents, decision: result.outcome, durationMs: performance.now() - started });
    } catch (err) {
      this.deps.emit({ type: "error", turnId, threadId, code: "audit_failed", message: err instanceof Error ? err.message : String(err) });
    }
    this.deps.emit({ type: "done", turnId, threadId, ...result });
  }

  /** One answer per turn: a resumed turn's answer takes the place of the one that waited for approval. */
  private recordAnswer(threadId: string, turnId: string, { emergency, stopped, ...result }: TurnResult): void {
    // A thread deleted while its turn ran keeps nothing of it.
    if (result.text && this.deps.threads.summary(threadId)) {
        const meta = {
          outcome: result.outcome,
          agents: result.agents,
          chips: result.chips,
          why: result.why,
          ...(stopped ? { stopped } : {}),
          ...(emergency ? { emergency } : {}),
        };
        this.deps.threads.answer(threadId, turnId, result.text, meta);
    }
  }

  cancel(turnId: string): boolean {
    const turn = this.turns.get(turnId);
    if (!turn) return false;
    turn.controller.abort();
    return true;
  }

  /** Cancels the thread's running turns (every thread's when null) and waits until they stopped writing. */
  async stopTurns(threadId: string | null): Promise<void> {
    const running = [...this.turns.values()].filter((t) => threadId === null || t.threadId === threadId);
    for (const turn of running) turn.controller.abort();
    await Promise.allSettled(running.map((t) => t.done));
  }

  // ----- human in the loop -----

  pendingApprovals(): ApprovalRecord[] {
    for (const r of this.deps.approvals.expire(APPROVAL_TTL_MS)) this.resolvedEvent(r, "expired");
    return this.deps.approvals.pending();
  }

  private resolvedEvent(record: ApprovalRecord, status: "applied" | "rejected" | "expired"): void {
    const e = record.event;
    this.deps.emit({ type: "approval.resolved", approvalId: e.approvalId, turnId: e.turnId, threadId: e.threadId, status });
    this.deps.audit.record({ event: "approval", thread: e.threadId, agents: e.agent ? [e.agent] : [], tool: e.tool, decision: status });
  }

  /**
   * Records the decision durably first (with the file change it implies), then — once its batch is
   * decided — applies the change and continues the paused run. A crash after this answered leaves a
   * decided approval that the next start completes (recover), so "applied" always ends applied.
   */
  decide(input: RequestParsedInput<"consult.decide">): RequestOutput<"consult.decide"> {
    this.pendingApprovals();
    const record = this.deps.approvals.get(input.approvalId);
    if (!record) throw new EngineError("not_found", `No approval with id ${input.approvalId}`);
    if (record.status !== "pending") return { status: statusOf(record) };
    if (input.decision === "edit" && input.editedContent === undefined) {
      throw new EngineError("invalid_input", "An edit needs the edited content");
    }
    const decision: ApprovalDecision =
      input.decision === "edit" ? { type: "edit", content: input.editedContent! } : { type: input.decision };
    const status = input.decision === "reject" ? "rejected" : "applied";
    if (!this.deps.approvals.decide(input.approvalId, decision, decision.type === "reject" ? null : this.effectOf(record, decision))) {
      return { status: statusOf(this.deps.approvals.get(input.approvalId) ?? record) };
    }
    this.deps.faultPoint?.("approval.decided");
    this.resolvedEvent(record, status);
    const batch = this.batchOf(record);
    if (batch.every((r) => r.status !== "pending")) this.completeBatch(batch);
    return { status };
  }

  /**
   * On engine start: finish what a crash interrupted — apply decided changes that are not on disk
   * yet and resume every turn with a fully decided batch, so no thread stays "awaiting approval" for
   * a decision already made; a turn that died mid-run before asking anything is ended with a plain
   * message (its model is not run again unasked). Returns how many turns it resumes.
   */
  recover(): number {
    const seen = new Set<string>();
    const resume = new Map<string, string>();
    for (const record of this.deps.approvals.unsettled()) {
      const key = `${record.runThreadId}/${batchOf(record)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const batch = this.batchOf(record);
      if (batch.some((r) => r.status === "pending")) continue;
      if (batch.some((r) => r.status === "expired")) {
        this.deps.approvals.settle(batch.map((r) => r.event.approvalId));
        continue;
      }
      this.deps.audit.record({ event: "recovery", thread: record.event.threadId, agents: record.event.agent ? [record.event.agent] : [], decision: "approval_resumed", detail: { approvals: batch.length } });
      this.applyBatch(batch);
      resume.set(record.event.turnId, record.event.threadId);
    }
    for (const [turnId, threadId] of resume) this.resumeTurn(threadId, turnId);
    this.recovering = this.endInterrupted(new Set(resume.keys())).catch((err: unknown) => {
      this.deps.emit({ type: "error", turnId: null, threadId: null, code: "recovery_failed", message: err instanceof Error ? err.message : String(err) });
    });
    return resume.size;
  }

  /** Turns that died mid-run with no question to the user pending: ended, never left unanswered. */
  private async endInterrupted(resuming: ReadonlySet<string>): Promise<void> {
    const asking = new Set([...this.deps.approvals.pending(), ...this.deps.approvals.unsettled()].map((r) => r.event.turnId));
    for (const { threadId, turnId } of this.deps.threads.unanswered()) {
      if (resuming.has(turnId) || asking.has(turnId) || this.turns.has(turnId)) continue;
      const snapshot = await this.deps.lifecycle.getState({ configurable: { thread_id: turnId } });
      // Finished (a stop that showed nothing, too) is left as is; no checkpoint at all means it was killed before the first one.
      const where = progressOf(snapshot);
      if (where === "paused" || where === "finished") continue;
      const language = this.deps.settings.get().language;
      this.deps.audit.record({ event: "recovery", thread: threadId, agents: [], decision: "turn_interrupted" });
      this.recordAnswer(threadId, turnId, { ...EMPTY_RESULT, text: engineText(language, "turn.interrupted") });
    }
  }

  private batchOf(record: ApprovalRecord): ApprovalRecord[] {
    return this.deps.approvals.forRun(record.runThreadId).filter((r) => batchOf(r) === batchOf(record));
  }

  /** Applies a fully decided batch's changes (idempotently), then resumes its turn. */
  private completeBatch(batch: ApprovalRecord[]): void {
    this.applyBatch(batch);
    this.resumeTurn(batch[0]!.event.threadId, batch[0]!.event.turnId);
  }

  private applyBatch(batch: ApprovalRecord[]): void {
    // The run drops every approved call of a batch with a rejection in it: none of them is applied.
    const anyReject = batch.some((r) => r.decision?.type === "reject");
    for (const r of batch) {
      if (r.status !== "decided") continue;
      const applied = !anyReject && r.decision?.type !== "reject" && this.applyEffect(r.effect);
      if (applied) this.deps.faultPoint?.("approval.written");
      this.deps.approvals.complete(r.event.approvalId, applied ? "applied" : "rejected");
      if (applied) this.deps.faultPoint?.("approval.applied");
    }
  }

  private resumeTurn(threadId: string, turnId: string): void {
    this.track(turnId, threadId, (signal) => this.continueTurn(threadId, turnId, signal));
  }

  /** The file change a decision implies, fixed now: what the file ends with, and what it was. */
  private effectOf(record: ApprovalRecord, decision: ApprovalDecision): ApprovalEffect | null {
    const action = (record.runContext as StoredRun | null)?.action;
    if (!action) return null;
    const args = decision.type === "edit" ? editedArgs(action.name, action.args, decision.content) : action.args;
    const preview = previewAction(action.name, args, this.deps.backend);
    const checked = normalizeVirtualPath(preview.path, [WORKSPACE_MOUNT]);
    if (!preview.path || !checked.ok) return null; // the tool itself refuses it when the run continues
    return { path: checked.path, content: preview.operation === "delete" ? null : (preview.proposed ?? ""), baseRevision: this.revisionAt(checked.path) };
  }

  private revisionAt(virtualPath: string): string | null {
    const text = this.deps.backend.readText(virtualPath);
    return text === null ? null : revisionOf(text);
  }

  /**
   * Applies a decided change exactly once in effect: already there → nothing to do; the file as it
   * was when decided → write (atomic) or delete; changed by something else since → not applied.
   */
  private applyEffect(effect: ApprovalEffect | null): boolean {
    if (!effect) return true;
    const current = this.revisionAt(effect.path);
    const target = effect.content === null ? null : revisionOf(effect.content);
    if (current === target) return true;
    if (current !== effect.baseRevision) return false;
    const result = effect.content === null ? this.deps.backend.delete(effect.path) : this.deps.backend.write(effect.path, effect.content);
    return !result.error;
  }

  /**
   * Resumes a paused turn through the lifecycle: dispatch continues the specialists whose decisions
   * are in (the others keep their parts), then synthesis composes, checks and audits the answer like
   * any turn's. A turn already past its pause (the engine died before its answer was recorded)
   * records the answer its checkpoint holds; one checkpointed before the lifecycle kept turns
   * replays the lifecycle, whose specialists continue from their own checkpoints.
   */
  private async continueTurn(threadId: string, turnId: string, signal: AbortSignal): Promise<void> {
    const started = performance.now();
    const released = new ReleasedText(turnId, this.deps.emit);
    const config = this.turnConfig(turnId, released.forward, signal);
    // The turn's own language (the one it was asked in), once its checkpoint is read.
    let language = this.deps.settings.get().language;
    let result: TurnResult = EMPTY_RESULT;
    let settles: string[] = [];
    try {
      const snapshot = await this.deps.lifecycle.getState(config);
      const values = snapshot.values as Partial<ConsultStateValue>;
      language = values.language ?? language;
      const where = progressOf(snapshot);
      if (where === "finished") {
        const recorded = this.deps.threads.answerOf(turnId);
        if (recorded && recorded.outcome !== "awaiting_approval") return this.settleTurn(turnId);
        result = values.result!;
        settles = this.turnApprovals(turnId);
      } else {
        let input: unknown = where === "none" ? this.replayOf(threadId, turnId) : where === "paused" ? new Command({ resume: true }) : null;
        // A turn killed before it reached its pause runs on to it first; the decisions then resume it from there.
        for (let pass = 0; pass < MAX_RESUME_PASSES; pass++) {
          const final = await this.deps.lifecycle.invoke(input as never, config);
          result = final.result ?? EMPTY_RESULT;
          settles = final.settles ?? [];
          const unconsumed = this.turnApprovals(turnId).filter((id) => !settles.includes(id));
          if (result.outcome !== "awaiting_approval" || !unconsumed.length || signal.aborted) break;
          input = new Command({ resume: true });
        }
        this.deps.faultPoint?.("run.resumed");
      }
    } catch (err) {
      result = this.failure(threadId, turnId, err, signal);
    }
    if (signal.aborted) result = this.stopped(threadId, result, released.text, language);
    // Closing the engine mid-run leaves the batch unsettled: the next start continues it (recover).
    if (signal.aborted && this.closed) return this.finish(threadId, turnId, result, started);
    // A failed or stopped continuation still ends the turn (the change stays applied): it never waits again.
    if (!result.text) result = { ...result, text: engineText(language, "turn.continueEnded") };
    this.finish(threadId, turnId, result, started, result.outcome === "awaiting_approval" ? settles : [...settles, ...this.turnApprovals(turnId)]);
  }

  /** A turn's decided, unsettled approvals (all consumed once the turn has its final answer). */
  private turnApprovals(turnId: string): string[] {
    return this.deps.approvals.unsettled().filter((r) => r.event.turnId === turnId && r.status !== "decided").map((r) => r.event.approvalId);
  }

  private settleTurn(turnId: string): void {
    this.deps.approvals.settle(this.turnApprovals(turnId));
    this.deps.faultPoint?.("turn.settled");
  }

  /** The lifecycle input of a turn paused before turns were checkpointed: its question, as asked. */
  private replayOf(threadId: string, turnId: string) {
    const asked = this.deps.threads.question(turnId);
    const run = this.deps.approvals.unsettled().find((r) => r.event.turnId === turnId)?.runContext as StoredRun | undefined;
    const settings = this.deps.settings.get();
    return { threadId, turnId, text: asked ?? "", attachmentIds: run?.attachmentIds ?? [], language: run?.language ?? settings.language, crisisLocale: settings.crisisLocale };
  }

  async close(): Promise<void> {
    await this.recovering;
    this.closed = true;
    for (const t of this.turns.values()) t.controller.abort();
    await Promise.allSettled([...this.turns.values()].map((t) => t.done));
  }
}

type LifecycleSnapshot = Awaited<ReturnType<Lifecycle["getState"]>>;

/**
 * Where a turn's lifecycle checkpoint stands: none (no checkpoint), paused at its approval interrupt,
 * finished (nothing left to run; its result is final), or unfinished (killed mid-run: a task is left,
 * possibly one whose writes were saved before the next checkpoint was).
 */
function progressOf(snapshot: LifecycleSnapshot): "none" | "paused" | "finished" | "unfinished" {
  if (snapshot.createdAt === undefined) return "none";
  if (snapshot.tasks.some((t) => t.interrupts.length > 0)) return "paused";
  const result = (snapshot.values as Partial<ConsultStateValue>).result;
  return !snapshot.tasks.length && !snapshot.next.length && result ? "finished" : "unfinished";
}

/** What decide answers for an approval that was already decided. */
function statusOf(record: ApprovalRecord): "applied" | "rejected" | "expired" {
  if (record.status === "decided") return record.decision?.type === "reject" ? "rejected" : "applied";
  return record.status === "pending" ? "applied" : record.status;
}
