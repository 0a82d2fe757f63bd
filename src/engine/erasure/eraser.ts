/**
 * Deleting deletes. A conversation goes with its messages, every specialist run's checkpoints and
 * pending writes (question, tool results, model output, proposed writes), its approvals and the
 * attachments only it used — rows in one transaction, files once it committed. Then the WAL is folded
 * into the file and truncated; secure_delete (database.ts) has zeroed the freed pages.
 *
 * "Delete all my data" also empties the workspace (notes, attachments, memory, files agents wrote) and
 * withdraws consent, and VACUUMs. It keeps the settings, the model files and the audit log: the log holds
 * ids, decisions and counts but never text (auditLog.ts), and a deletion entry keeps its chain verifiable.
 */
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { ensurePrivateDir } from "../storage/privateFiles";
import { join } from "node:path";
import type { AuditSink } from "../audit/auditLog";
import type { ApprovalStore } from "../approvals/approvalStore";
import type { ConsentStore } from "../safety";
import { deleteAllCheckpoints, deleteTurnCheckpoints } from "../storage/checkpointRows";
import { releaseFreedPages, type Db } from "../storage/database";
import type { ThreadStore } from "../threads/threadStore";
import type { AttachmentsStore } from "../workspace/attachmentsStore";
import type { NotesStore } from "../workspace/notesStore";
import type { SearchPort } from "../search";

export interface EraserDeps {
  db: Db;
  threads: ThreadStore;
  approvals: ApprovalStore;
  attachments: AttachmentsStore;
  notes: NotesStore;
  /** The search index: its messages follow their rows (triggers); its notes are forgotten here. */
  search?: Pick<SearchPort, "clear">;
  consent: ConsentStore;
  audit: AuditSink;
  /** <data>/workspace: notes/, attachments/, AGENTS.md and whatever agents wrote there. */
  workspaceDir: string;
}

export interface ErasedAll {
  threads: number;
  attachments: number;
  notes: number;
  /** False when another Carefold process kept the WAL file from being emptied (close it, delete again). */
  walCleared: boolean;
}

const TRASH_PREFIX = ".deleting-";

export class Eraser {
  constructor(private readonly deps: EraserDeps) {}

  /** False when there was no such thread (its leftovers, if any, are deleted all the same). */
  eraseThread(threadId: string): boolean {
    const { db, threads, approvals, attachments } = this.deps;
    const onlyHere = threads.attachmentsOnlyUsedBy(threadId);
    const turns = [...new Set([...threads.turnIds(threadId), ...approvals.turnIds(threadId)])];
    const existed = db.transaction(() => {
      deleteTurnCheckpoints(db, turns);
      approvals.deleteThread(threadId);
      this.deps.consent.forgetAsked(threadId);
      attachments.forget(onlyHere);
      return threads.delete(threadId);
    })();
    attachments.removeFiles(onlyHere);
    releaseFreedPages(db, { vacuum: false });
    this.deps.audit.record({ event: "delete", thread: threadId, decision: "thread", detail: { turns: turns.length, attachments: onlyHere.length } });
    return existed;
  }

  eraseAll(): ErasedAll {
    const { db, threads, approvals, attachments, notes, consent } = this.deps;
    const noteCount = notes.list().length;
    const counts = db.transaction(() => {
      deleteAllCheckpoints(db);
      approvals.deleteAll();
      this.deps.search?.clear();
      return { attachments: attachments.forgetAll(), threads: threads.deleteAll() };
    })();
    const granted = consent.list();
    if (granted.global) consent.withdrawGlobal();
    for (const agent of granted.agents) consent.withdrawAgent(agent);
    consent.forgetAsked();
    this.emptyWorkspace();
    const walCleared = releaseFreedPages(db, { vacuum: true });
    this.deps.audit.record({ event: "delete", decision: "all", detail: { ...counts, notes: noteCount } });
    return { ...counts, notes: noteCount, walCleared };
  }

  /** Renames the workspace aside (one atomic step) before removing it; a leftover from a crash goes too. */
  private emptyWorkspace(): void {
    const { workspaceDir, notes, attachments } = this.deps;
    const parent = join(workspaceDir, "..");
    if (existsSync(workspaceDir)) renameSync(workspaceDir, join(parent, `${TRASH_PREFIX}workspace-${process.pid}-${Date.now()}`));
    for (const name of readdirSync(parent)) {
      if (name.startsWith(`${TRASH_PREFIX}workspace-`)) rmSync(join(parent, name), { recursive: true, force: true });
    }
    ensurePrivateDir(notes.dir);
    ensurePrivateDir(attachments.dir);
  }
}
