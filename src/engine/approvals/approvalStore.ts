/**
 * Pending human-in-the-loop approvals, in SQLite so they survive an app restart. Nothing is written
 * to the workspace until an approval is applied; expiry and rejection never write.
 *
 * Exactly-once: a decision is recorded durably (status `decided`, with the file change it implies)
 * before anything is written; the change is then applied idempotently (`applied`), and the paused
 * run is continued until its turn has a final answer (`settled_at`). After a crash at any point the
 * engine completes decided-but-unsettled approvals on its next start (ConsultService.recover).
 */
import type { EventOf } from "../../shared/contract";
import { migrate, type Db } from "../storage/database";

export type ApprovalEvent = EventOf<"approval.requested">;
export type ApprovalStatus = "pending" | "decided" | "applied" | "rejected" | "expired";

/**
 * The file change a decision implies, fixed when the user decides: the virtual path, the content
 * it ends with (null: deleted) and the revision it had then (null: absent), so applying it twice, or
 * after a crash, is harmless and a file changed in between is never overwritten.
 */
export interface ApprovalEffect {
  path: string;
  content: string | null;
  baseRevision: string | null;
}

export interface ApprovalRecord {
  event: ApprovalEvent;
  status: ApprovalStatus;
  /** The specialist run (checkpoint thread) waiting on this decision. */
  runThreadId: string;
  /** "<batch>:<index>": which interrupt (batch of decisions) and which tool call in it. */
  toolCallId: string;
  decidedAt: string | null;
  /** Opaque JSON the runtime stored to resume the run. */
  runContext: unknown;
  decision: ApprovalDecision | null;
  effect: ApprovalEffect | null;
  /** When the run this approval paused reached a final answer for its turn (null: not yet). */
  settledAt: string | null;
}

export type ApprovalDecision = { type: "approve" } | { type: "edit"; content: string } | { type: "reject" };

interface Row {
  id: string;
  event: string;
  status: ApprovalStatus;
  run_thread_id: string;
  tool_call_id: string;
  decided_at: string | null;
  run_context: string | null;
  decision: string | null;
  effect: string | null;
  settled_at: string | null;
}

const toRecord = (r: Row): ApprovalRecord => ({
  event: JSON.parse(r.event) as ApprovalEvent,
  status: r.status,
  runThreadId: r.run_thread_id,
  toolCallId: r.tool_call_id,
  decidedAt: r.decided_at,
  runContext: r.run_context ? (JSON.parse(r.run_context) as unknown) : null,
  decision: r.decision ? (JSON.parse(r.decision) as ApprovalDecision) : null,
  effect: r.effect ? (JSON.parse(r.effect) as ApprovalEffect) : null,
  settledAt: r.settled_at,
});

/** "<batch>:<index>" → the batch. */
export const batchOf = (r: ApprovalRecord): string => r.toolCallId.split(":")[0]!;

export class ApprovalStore {
  constructor(private readonly db: Db) {
    migrate(db, "approvals", [
      `CREATE TABLE approvals (
        id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, turn_id TEXT NOT NULL, run_thread_id TEXT NOT NULL,
        tool_call_id TEXT NOT NULL, event TEXT NOT NULL, status TEXT NOT NULL, requested_at TEXT NOT NULL, decided_at TEXT);
       CREATE INDEX approvals_status ON approvals(status, requested_at);`,
      // What the specialist run needs to resume after a restart (language, plan briefing, attachments).
      `ALTER TABLE approvals ADD COLUMN run_context TEXT`,
      // The user's decision (approve / edit with content / reject), kept until the batch resumes.
      `ALTER TABLE approvals ADD COLUMN decision TEXT`,
      // Exactly-once apply: the decided file change, and when the paused run's turn got its answer.
      // Approvals decided before this step were applied and resumed in one go: they count as settled.
      `ALTER TABLE approvals ADD COLUMN effect TEXT;
       ALTER TABLE approvals ADD COLUMN settled_at TEXT;
       UPDATE approvals SET settled_at = COALESCE(decided_at, requested_at) WHERE status <> 'pending';`,
    ]);
  }

  add(event: ApprovalEvent, runThreadId: string, toolCallId: string, runContext: unknown = null): void {
    this.db
      .prepare(
        `INSERT INTO approvals (id, thread_id, turn_id, run_thread_id, tool_call_id, event, status, requested_at, run_context)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(event.approvalId, event.threadId, event.turnId, runThreadId, toolCallId, JSON.stringify(event), event.requestedAt, JSON.stringify(runContext));
  }

  get(id: string): ApprovalRecord | null {
    const row = this.db.prepare("SELECT * FROM approvals WHERE id = ?").get(id) as Row | undefined;
    return row ? toRecord(row) : null;
  }

  pending(): ApprovalRecord[] {
    return (this.db.prepare("SELECT * FROM approvals WHERE status = 'pending' ORDER BY requested_at").all() as Row[]).map(toRecord);
  }

  /** Every approval of one interrupted specialist run (a batch is decided together). */
  forRun(runThreadId: string): ApprovalRecord[] {
    return (this.db.prepare("SELECT * FROM approvals WHERE run_thread_id = ? ORDER BY requested_at").all(runThreadId) as Row[]).map(toRecord);
  }

  /**
   * Records the user's decision and the change it implies in one transaction, before anything is
   * written; false when the approval was not pending (already decided or expired).
   */
  decide(id: string, decision: ApprovalDecision, effect: ApprovalEffect | null, now = new Date()): boolean {
    return (
      this.db
        .prepare("UPDATE approvals SET status = 'decided', decided_at = ?, decision = ?, effect = ? WHERE id = ? AND status = 'pending'")
        .run(now.toISOString(), JSON.stringify(decision), effect ? JSON.stringify(effect) : null, id).changes > 0
    );
  }

  /** A decided approval's change was applied (or, rejected, never will be); false when it was not decided. */
  complete(id: string, status: "applied" | "rejected"): boolean {
    return this.db.prepare("UPDATE approvals SET status = ? WHERE id = ? AND status = 'decided'").run(status, id).changes > 0;
  }

  /** Runs `work` (recording the turn's answer) and marks the approvals settled, in one transaction. */
  settle(ids: readonly string[], work: () => void = () => {}, now = new Date()): void {
    const mark = this.db.prepare("UPDATE approvals SET settled_at = ? WHERE id = ? AND settled_at IS NULL");
    this.db.transaction(() => {
      work();
      for (const id of ids) mark.run(now.toISOString(), id);
    })();
  }

  /** Decided approvals whose turn has no final answer yet (what a restart must complete), oldest first. */
  unsettled(): ApprovalRecord[] {
    return (
      this.db.prepare("SELECT * FROM approvals WHERE status <> 'pending' AND settled_at IS NULL ORDER BY requested_at").all() as Row[]
    ).map(toRecord);
  }

  /** Expire approvals older than maxAgeMs; returns the expired records (never written). */
  expire(maxAgeMs: number, now = new Date()): ApprovalRecord[] {
    const cutoff = new Date(now.getTime() - maxAgeMs).toISOString();
    const stale = (this.db.prepare("SELECT * FROM approvals WHERE status = 'pending' AND requested_at < ?").all(cutoff) as Row[]).map(toRecord);
    // An expired approval is never applied and its run is not continued (its turn keeps its last answer).
    const mark = this.db.prepare(
      "UPDATE approvals SET status = 'expired', decided_at = ?, decision = ?, settled_at = ? WHERE id = ? AND status = 'pending'",
    );
    for (const r of stale) mark.run(now.toISOString(), JSON.stringify({ type: "reject" }), now.toISOString(), r.event.approvalId);
    return stale;
  }

  /** The turns of a thread that asked for approvals (their runs' checkpoints are deleted with them). */
  turnIds(threadId: string): string[] {
    return (this.db.prepare("SELECT DISTINCT turn_id AS id FROM approvals WHERE thread_id = ?").all(threadId) as { id: string }[]).map((r) => r.id);
  }

  deleteThread(threadId: string): void {
    this.db.prepare("DELETE FROM approvals WHERE thread_id = ?").run(threadId);
  }

  deleteAll(): void {
    this.db.prepare("DELETE FROM approvals").run();
  }
}
