/** Conversation threads and their turns, kept in SQLite (the user's own data, on their machine). */
import { migrate, type Db } from "../storage/database";

export interface ThreadMessage {
  role: "user" | "assistant";
  content: string;
  turnId: string;
  createdAt: string;
}

export class ThreadStore {
  constructor(private readonly db: Db) {
    migrate(db, "threads", [
      `CREATE TABLE threads (id TEXT PRIMARY KEY, title TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
       CREATE TABLE messages (
         id INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
         turn_id TEXT NOT NULL, role TEXT NOT NULL, content TEXT NOT NULL, meta TEXT, created_at TEXT NOT NULL);
       CREATE INDEX messages_thread ON messages(thread_id, id);`,
    ]);
  }

  ensure(threadId: string, firstMessage: string): void {
    const now = new Date().toISOString();
    const title = firstMessage.replace(/\s+/g, " ").trim().slice(0, 60) || "New conversation";
    this.db
      .prepare("INSERT INTO threads (id, title, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING")
      .run(threadId, title, now, now);
  }

  append(threadId: string, turnId: string, role: ThreadMessage["role"], content: string, meta?: unknown): void {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      this.db
        .prepare("INSERT INTO messages (thread_id, turn_id, role, content, meta, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(threadId, turnId, role, content, meta === undefined ? null : JSON.stringify(meta), now);
      this.db.prepare("UPDATE threads SET updated_at = ? WHERE id = ?").run(now, threadId);
    })();
  }

  /** The last `limit` messages, oldest first. */
  history(threadId: string, limit = 20): ThreadMessage[] {
    const rows = this.db
      .prepare(
        "SELECT role, content, turn_id AS turnId, created_at AS createdAt FROM messages WHERE thread_id = ? ORDER BY id DESC LIMIT ?",
      )
      .all(threadId, limit) as ThreadMessage[];
    return rows.reverse();
  }
}
