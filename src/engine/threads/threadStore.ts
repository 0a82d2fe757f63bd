/**
 * Conversation threads and their turns, kept in SQLite (the user's own data, on their machine).
 * What the engine records beside an answer (outcome, agents, chips, why, stopped, crisis numbers) lives
 * in the nullable JSON `meta` column: a field added later is simply absent from older rows (read as
 * null / false), so existing databases need no schema change.
 */
import { EmergencyNoticeSchema, type EmergencyNotice, type ThreadMessageView, type ThreadSummary } from "../../shared/contract";
import { migrate, type Db } from "../storage/database";

export interface ThreadMessage {
  role: "user" | "assistant";
  content: string;
  turnId: string;
  createdAt: string;
  /** Assistant messages: who answered and how the turn ended (from the stored answer meta). */
  answer?: { outcome: string; agents: string[]; stopped: boolean };
}

/** What the engine records beside a question: the files it was sent with. */
export interface QuestionMeta {
  attachments: { id: string; name: string }[];
}

/** What the engine records beside an assistant message. */
export interface AnswerMeta {
  outcome: string;
  agents: string[];
  chips?: string[];
  /** A turn the emergency gate stopped: what the conversation shows again when the thread is reopened. */
  emergency?: EmergencyNotice;
  /** The "why" line shown with the answer (who answered and why); null when there was none. */
  why?: string | null;
  /** The user stopped the answer: the message is what had been shown when they did. */
  stopped?: boolean;
}

/** A stored notice the contract no longer accepts (an older shape, a damaged row) is left out, not thrown. */
function storedNotice(value: unknown): EmergencyNotice | null {
  const parsed = EmergencyNoticeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

interface SummaryRow {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  message_count: number;
}

const toSummary = (r: SummaryRow): ThreadSummary => ({
  id: r.id,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  messageCount: r.message_count,
});

export interface ThreadStoreOptions {
  /** A thread's title from its first message; a kiosk gives a neutral one (a visitor's words are never shown as a title). */
  titleOf?: (firstMessage: string) => string;
}

/** The first message's opening words, cut at a word (with "…"), never mid-word ("…I take li"). */
export function titleFromWords(firstMessage: string, max = 60): string {
  const text = firstMessage.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text || "New conversation";
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export class ThreadStore {
  private readonly titleOf: (firstMessage: string) => string;
  constructor(
    private readonly db: Db,
    options: ThreadStoreOptions = {},
  ) {
    this.titleOf = options.titleOf ?? titleFromWords;
    migrate(db, "threads", [
      `CREATE TABLE threads (id TEXT PRIMARY KEY, title TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
       CREATE TABLE messages (
         id INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
         turn_id TEXT NOT NULL, role TEXT NOT NULL, content TEXT NOT NULL, meta TEXT, created_at TEXT NOT NULL);
       CREATE INDEX messages_thread ON messages(thread_id, id);`,
      // Which attachments each thread's questions used: deleting a thread deletes the ones only it used.
      `CREATE TABLE thread_attachments (
         thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE, attachment_id TEXT NOT NULL,
         PRIMARY KEY (thread_id, attachment_id));
       CREATE INDEX thread_attachments_attachment ON thread_attachments(attachment_id);`,
    ]);
  }

  ensure(threadId: string, firstMessage: string): void {
    const now = new Date().toISOString();
    const title = this.titleOf(firstMessage);
    this.db
      .prepare("INSERT INTO threads (id, title, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING")
      .run(threadId, title, now, now);
  }

  append(threadId: string, turnId: string, role: ThreadMessage["role"], content: string, meta?: AnswerMeta | QuestionMeta): void {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      this.db
        .prepare("INSERT INTO messages (thread_id, turn_id, role, content, meta, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(threadId, turnId, role, content, meta === undefined ? null : JSON.stringify(meta), now);
      this.db.prepare("UPDATE threads SET updated_at = ? WHERE id = ?").run(now, threadId);
    })();
  }

  /**
   * Records a turn's answer: one per turn, so a turn resumed after an approval replaces the answer
   * that waited for it, in place.
   */
  answer(threadId: string, turnId: string, content: string, meta: AnswerMeta): void {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      const replaced = this.db
        .prepare("UPDATE messages SET content = ?, meta = ? WHERE id = (SELECT MAX(id) FROM messages WHERE thread_id = ? AND turn_id = ? AND role = 'assistant')")
        .run(content, JSON.stringify(meta), threadId, turnId).changes;
      if (!replaced) {
        this.db
          .prepare("INSERT INTO messages (thread_id, turn_id, role, content, meta, created_at) VALUES (?, ?, 'assistant', ?, ?, ?)")
          .run(threadId, turnId, content, JSON.stringify(meta), now);
      }
      this.db.prepare("UPDATE threads SET updated_at = ? WHERE id = ?").run(now, threadId);
    })();
  }

  /** The recorded answer's outcome for a turn, or null when it has none. */
  answerOf(turnId: string): { outcome: string | null } | null {
    const row = this.db.prepare("SELECT meta FROM messages WHERE turn_id = ? AND role = 'assistant' ORDER BY id DESC LIMIT 1").get(turnId) as
      | { meta: string | null }
      | undefined;
    if (!row) return null;
    return { outcome: row.meta ? ((JSON.parse(row.meta) as Partial<AnswerMeta>).outcome ?? null) : null };
  }

  /** What the user asked in a turn. */
  question(turnId: string): string | null {
    const row = this.db.prepare("SELECT content FROM messages WHERE turn_id = ? AND role = 'user' ORDER BY id LIMIT 1").get(turnId) as { content: string } | undefined;
    return row?.content ?? null;
  }

  /** Questions with no recorded answer (a stopped turn that had shown nothing is one, too). */
  unanswered(): { threadId: string; turnId: string }[] {
    return this.db
      .prepare(
        `SELECT thread_id AS threadId, turn_id AS turnId FROM messages q WHERE role = 'user'
         AND NOT EXISTS (SELECT 1 FROM messages a WHERE a.turn_id = q.turn_id AND a.role = 'assistant') ORDER BY id`,
      )
      .all() as { threadId: string; turnId: string }[];
  }

  /** Records that a question of this thread used these attachments. */
  useAttachments(threadId: string, attachmentIds: readonly string[]): void {
    const link = this.db.prepare("INSERT INTO thread_attachments (thread_id, attachment_id) VALUES (?, ?) ON CONFLICT DO NOTHING");
    this.db.transaction(() => {
      for (const id of attachmentIds) link.run(threadId, id);
    })();
  }

  /** Every attachment a question of this thread used, in the order first used. */
  attachmentsOf(threadId: string): string[] {
    return (this.db.prepare("SELECT attachment_id AS id FROM thread_attachments WHERE thread_id = ? ORDER BY rowid").all(threadId) as { id: string }[]).map((r) => r.id);
  }

  /** Attachments this thread used that no other thread used. */
  attachmentsOnlyUsedBy(threadId: string): string[] {
    const rows = this.db
      .prepare(
        `SELECT attachment_id AS id FROM thread_attachments ta WHERE thread_id = ?
         AND NOT EXISTS (SELECT 1 FROM thread_attachments o WHERE o.attachment_id = ta.attachment_id AND o.thread_id <> ta.thread_id)`,
      )
      .all(threadId) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Every turn id of a thread (each specialist run's checkpoints are keyed by its turn). */
  turnIds(threadId: string): string[] {
    return (this.db.prepare("SELECT DISTINCT turn_id AS id FROM messages WHERE thread_id = ?").all(threadId) as { id: string }[]).map((r) => r.id);
  }

  count(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM threads").get() as { n: number }).n;
  }

  /** The specialists who answered most recently, newest first, each once (what an idle pre-warm loads). */
  recentAgents(limit: number): string[] {
    const rows = this.db.prepare("SELECT meta FROM messages WHERE role = 'assistant' AND meta IS NOT NULL ORDER BY id DESC LIMIT 50").all() as { meta: string }[];
    const agents: string[] = [];
    for (const row of rows) {
      for (const agent of (JSON.parse(row.meta) as Partial<AnswerMeta>).agents ?? []) {
        if (!agents.includes(agent)) agents.push(agent);
      }
      if (agents.length >= limit) break;
    }
    return agents.slice(0, limit);
  }

  /** The last `limit` messages, oldest first (model context). */
  history(threadId: string, limit = 20): ThreadMessage[] {
    const rows = this.db
      .prepare(
        "SELECT role, content, turn_id AS turnId, created_at AS createdAt, meta FROM messages WHERE thread_id = ? ORDER BY id DESC LIMIT ?",
      )
      .all(threadId, limit) as (Omit<ThreadMessage, "answer"> & { meta: string | null })[];
    return rows.reverse().map(({ meta, ...message }) => {
      if (message.role !== "assistant" || !meta) return message;
      const m = JSON.parse(meta) as Partial<AnswerMeta>;
      return { ...message, answer: { outcome: m.outcome ?? "", agents: Array.isArray(m.agents) ? m.agents : [], stopped: m.stopped === true } };
    });
  }

  private summarySql = `SELECT t.id, t.title, t.created_at, t.updated_at, (SELECT COUNT(*) FROM messages m WHERE m.thread_id = t.id) AS message_count FROM threads t`;

  list(): ThreadSummary[] {
    return (this.db.prepare(`${this.summarySql} ORDER BY t.updated_at DESC`).all() as SummaryRow[]).map(toSummary);
  }

  summary(threadId: string): ThreadSummary | null {
    const row = this.db.prepare(`${this.summarySql} WHERE t.id = ?`).get(threadId) as SummaryRow | undefined;
    return row ? toSummary(row) : null;
  }

  /** Every message of a thread, for the UI. */
  messages(threadId: string): ThreadMessageView[] {
    const rows = this.db
      .prepare("SELECT role, content, turn_id, created_at, meta FROM messages WHERE thread_id = ? ORDER BY id")
      .all(threadId) as { role: "user" | "assistant"; content: string; turn_id: string; created_at: string; meta: string | null }[];
    return rows.map((r) => {
      const meta = r.meta ? (JSON.parse(r.meta) as Partial<AnswerMeta & QuestionMeta>) : {};
      return {
        role: r.role,
        text: r.content,
        turnId: r.turn_id,
        createdAt: r.created_at,
        outcome: meta.outcome ?? null,
        agents: meta.agents ?? [],
        chips: meta.chips ?? [],
        emergency: r.role === "assistant" && meta.emergency !== undefined ? storedNotice(meta.emergency) : null,
        why: r.role === "assistant" && typeof meta.why === "string" ? meta.why : null,
        stopped: r.role === "assistant" && meta.stopped === true,
        attachments: r.role === "user" && Array.isArray(meta.attachments) ? meta.attachments.filter((a) => typeof a?.id === "string" && typeof a.name === "string") : [],
      };
    });
  }

  rename(threadId: string, title: string): boolean {
    return this.db.prepare("UPDATE threads SET title = ? WHERE id = ?").run(title, threadId).changes > 0;
  }

  /** Deletes the thread; its messages and attachment links go with it (ON DELETE CASCADE). */
  delete(threadId: string): boolean {
    return this.db.prepare("DELETE FROM threads WHERE id = ?").run(threadId).changes > 0;
  }

  deleteAll(): number {
    return this.db.prepare("DELETE FROM threads").run().changes;
  }
}
