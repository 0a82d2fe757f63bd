/**
 * The LangGraph SQLite checkpointer's tables (`checkpoints`, `writes`), which hold each specialist run's
 * whole transcript: the question, tool results (attachment and note text), the model's output and
 * proposed writes. The lifecycle checkpoints each turn under "<turnId>" (its state holds the question,
 * the context and the specialists' parts); specialist runs are keyed "<turnId>.<agent>"
 * (runThreadIdOf). The saver creates its tables on first use, so they may not exist yet.
 */
import type { Db } from "./database";

const TABLES = ["checkpoints", "writes"] as const;

function existingTables(db: Db): string[] {
  const rows = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${TABLES.map(() => "?").join(", ")})`).all(...TABLES) as {
    name: string;
  }[];
  return rows.map((r) => r.name);
}

/** Deletes these turns' lifecycle checkpoints and every specialist run of them; returns the rows deleted. */
export function deleteTurnCheckpoints(db: Db, turnIds: readonly string[]): number {
  let deleted = 0;
  for (const table of existingTables(db)) {
    // A prefix match without LIKE: ids may hold "_", LIKE's wildcard.
    const del = db.prepare(`DELETE FROM ${table} WHERE thread_id = ? OR substr(thread_id, 1, ?) = ?`);
    for (const turnId of turnIds) deleted += del.run(turnId, turnId.length + 1, `${turnId}.`).changes;
  }
  return deleted;
}

export function deleteAllCheckpoints(db: Db): number {
  return existingTables(db).reduce((n, table) => n + db.prepare(`DELETE FROM ${table}`).run().changes, 0);
}
