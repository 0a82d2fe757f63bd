/**
 * Pending human-in-the-loop approvals, in SQLite so they survive an app restart. Nothing is written
 * to the workspace until an approval is applied; expiry and rejection never write.
 */
import type { EventOf } from "../../shared/contract";
import { migrate, type Db } from "../storage/database";

export type ApprovalEvent = EventOf<"approval.requested">;
export type ApprovalStatus = "pending" | "applied" | "rejected" | "expired";

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
}

const toRecord = (r: Row): ApprovalRecord => ({
  event: JSON.parse(r.event) as ApprovalEvent,
  status: r.status,
  runThreadId: r.run_thread_id,
  toolCallId: r.tool_call_id,
  decidedAt: r.decided_at,
  runContext: r.run_context ? (JSON.parse(r.run_context) as unknown) : null,
  decision: r.decision ? (JSON.parse(r.decision) as ApprovalDecision) : null,
});

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

  /** Marks a pending approval decided; false when it was not pending (already decided or expired). */
  resolve(id: string, status: Exclude<ApprovalStatus, "pending">, decision: ApprovalDecision | null = null, now = new Date()): boolean {
    return (
      this.db
        .prepare("UPDATE approvals SET status = ?, decided_at = ?, decision = ? WHERE id = ? AND status = 'pending'")
        .run(status, now.toISOString(), decision ? JSON.stringify(decision) : null, id).changes > 0
    );
  }

  /** Expire approvals older than maxAgeMs; returns the expired records (never written). */
  expire(maxAgeMs: number, now = new Date()): ApprovalRecord[] {
    const cutoff = new Date(now.getTime() - maxAgeMs).toISOString();
    const stale = (this.db.prepare("SELECT * FROM approvals WHERE status = 'pending' AND requested_at < ?").all(cutoff) as Row[]).map(toRecord);
    for (const r of stale) this.resolve(r.event.approvalId, "expired", { type: "reject" }, now);
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
