/**
 * Consult turns: starting a turn through the lifecycle, cancelling it, recording its answer, and
 * continuing a turn that paused for the user's approval (also after an engine restart).
 */
import type { EngineEvent, RequestOutput, RequestParsedInput } from "../../shared/contract";
import { EngineError } from "../../shared/rpc";
import type { AuditSink } from "../audit/auditLog";
import { existsSync, readFileSync } from "node:fs";
import { editedArgs, previewAction } from "../agents/actionPreview";
import type { DeepAgentRuntime, RunContext, StoredRun } from "../agents/deepAgentRunner";
import { normalizeVirtualPath } from "../agents/safePath";
import { WORKSPACE_MOUNT, type CarefoldBackend } from "../agents/workspaceBackend";
import { batchOf, type ApprovalDecision, type ApprovalEffect, type ApprovalRecord, type ApprovalStore } from "../approvals/approvalStore";
import { newId } from "../ids";
import type { Lifecycle } from "../lifecycle/graph";
import type { TurnResult } from "../lifecycle/state";
import { finalizeResult, type SynthesisDeps } from "../lifecycle/synthesize";
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
  /** The paused run continued and returned; its turn's answer is not recorded yet. */
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
  runtime: DeepAgentRuntime;
  compose: SynthesisDeps["compose"];
  /** Where approved file changes are applied (the same checked workspace the tools use). */
  backend: CarefoldBackend;
  /** Crash testing only: called at each FaultPoint; absent in the product. */
  faultPoint?: (point: FaultPoint) => void;
  /** The output refusal check, also run on what a stopped answer keeps before it is stored. */
  checkOutput?: SynthesisDeps["checkOutput"];
  emit(event: EngineEvent): void;
}

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

  constructor(private readonly deps: ConsultDeps) {}

  /** Starts the work after `start` returns, so clients learn the turn id before its first event. */
  private track(turnId: string, threadId: string, work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => work(controller.signal));
    this.turns.set(turnId, { threadId, controller, done });
    void done.finally(() => this.turns.delete(turnId));
  }

  ask(input: RequestParsedInput<"consult.ask">): RequestOutput<"consult.ask"> {
    if (this.closed) throw new EngineError("unavailable", "The engine is shutting down");
    for (const id of input.attachmentIds ?? []) {
      if (!this.deps.attachments.get(id)) throw new EngineError("not_found", `No attachment with id ${id}`);
    }
    const threadId = input.threadId ?? newId("t");
    const turnId = newId("u");
    this.deps.threads.ensure(threadId, input.text);
    this.deps.threads.append(threadId, turnId, "user", input.text);
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
        { configurable: { turnIO: { emit: released.forward, signal } } },
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
        message: `The answer could not be completed: ${err instanceof Error ? err.message : String(err)}`,
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
        this.deps.threads.append(threadId, turnId, "assistant", result.text, meta);
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
   * yet, and continue every fully decided run whose turn has no final answer, so no thread stays
   * "awaiting approval" for a decision already made. Returns how many runs it continues.
   */
  recover(): number {
    const seen = new Set<string>();
    let runs = 0;
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
      this.completeBatch(batch);
      runs++;
    }
    return runs;
  }

  private batchOf(record: ApprovalRecord): ApprovalRecord[] {
    return this.deps.approvals.forRun(record.runThreadId).filter((r) => batchOf(r) === batchOf(record));
  }

  /** Applies a fully decided batch's changes (idempotently), then continues its run. */
  private completeBatch(batch: ApprovalRecord[]): void {
    // The run drops every approved call of a batch with a rejection in it: none of them is applied.
    const anyReject = batch.some((r) => r.decision?.type === "reject");
    for (const r of batch) {
      if (r.status !== "decided") continue;
      const applied = !anyReject && r.decision?.type !== "reject" && this.applyEffect(r.effect);
      if (applied) this.deps.faultPoint?.("approval.written");
      this.deps.approvals.complete(r.event.approvalId, applied ? "applied" : "rejected");
      if (applied) this.deps.faultPoint?.("approval.applied");
    }
    const settled = this.deps.approvals.forRun(batch[0]!.runThreadId).filter((r) => batchOf(r) === batchOf(batch[0]!));
    const { action: _action, interruptId, ...ctx } = batch[0]!.runContext as StoredRun;
    this.track(ctx.turnId, ctx.threadId, (signal) => this.continueRun(ctx, settled, interruptId ?? null, signal));
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
    const real = this.deps.backend.realPath(virtualPath);
    return existsSync(real) ? revisionOf(readFileSync(real, "utf8")) : null;
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
   * Continues the paused specialist with the batch's decisions (an approval whose change could not
   * be applied is rejected), then records the turn's answer and settles the batch together.
   */
  private async continueRun(ctx: RunContext, batch: ApprovalRecord[], interruptId: string | null, signal: AbortSignal): Promise<void> {
    const started = performance.now();
    const released = new ReleasedText(ctx.turnId, this.deps.emit);
    const ordered = [...batch].sort((a, b) => Number(a.toolCallId.split(":")[1]) - Number(b.toolCallId.split(":")[1]));
    const decisions = ordered.map((r) => {
      const d = r.status === "applied" ? (r.decision ?? { type: "approve" }) : { type: "reject" as const };
      if (d.type === "edit") {
        const original = (r.runContext as StoredRun).action.args;
        return { type: "edit", editedAction: { name: r.event.tool, args: editedArgs(r.event.tool, original, d.content) } };
      }
      if (d.type === "reject") return { type: "reject", message: "The user did not approve this change. Nothing was saved." };
      return { type: "approve" };
    });
    let result: TurnResult;
    try {
      const output = await this.deps.runtime.resume(ctx, decisions, { emit: released.forward, signal }, interruptId);
      this.deps.faultPoint?.("run.resumed");
      const { conflicts: _conflicts, checked: _checked, ...final } = finalizeResult(
        [{ agent: ctx.agent, ok: true, awaitingApproval: output.awaitingApproval, text: output.text, error: null, durationMs: 0 }],
        { agents: [ctx.agent], topology: "single", tasks: [{ agent: ctx.agent, dependsOn: [] }], confidence: 1, why: "" },
        ctx.language,
        this.deps.compose,
      );
      result = final;
    } catch (err) {
      result = this.failure(ctx.threadId, ctx.turnId, err, signal);
    }
    if (signal.aborted) result = this.stopped(ctx.threadId, result, released.text, ctx.language);
    // Closing the engine mid-run leaves the batch unsettled: the next start continues it (recover).
    if (signal.aborted && this.closed) return this.finish(ctx.threadId, ctx.turnId, { ...result, why: null }, started);
    // A failed or stopped continuation still ends the turn (the change stays applied): it never waits again.
    if (!result.text) result = { ...result, text: continueEndedMessage(ctx.language) };
    this.finish(ctx.threadId, ctx.turnId, { ...result, why: null }, started, batch.map((r) => r.event.approvalId));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.turns.values()) t.controller.abort();
    await Promise.allSettled([...this.turns.values()].map((t) => t.done));
  }
}

/** What decide answers for an approval that was already decided. */
function statusOf(record: ApprovalRecord): "applied" | "rejected" | "expired" {
  if (record.status === "decided") return record.decision?.type === "reject" ? "rejected" : "applied";
  return record.status === "pending" ? "applied" : record.status;
}

function continueEndedMessage(language: "en" | "es"): string {
  return language === "es"
    ? "Se guardó su decisión, pero la respuesta no se completó."
    : "Your decision was saved, but the answer was not completed.";
}
