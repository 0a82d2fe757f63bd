/**
 * SQLite access for the engine: one file (<data>/carefold.db), WAL, and per-module migrations so each
 * store (settings, threads, consent, catalog, checkpoints) owns its own tables.
 */
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { sqliteBindingForThisProcess } from "./nativeBinding";

export type Db = Database.Database;

export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  // Under Electron the Node-ABI build cannot load: use the Electron build kept apart (see nativeBinding.ts).
  const binding = sqliteBindingForThisProcess();
  const db = binding.kind === "electron" ? new Database(file, { nativeBinding: binding.path }) : new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // Deleted rows and freed pages are overwritten with zeros, so deleting a conversation removes its text.
  db.pragma("secure_delete = ON");
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (module, version))`);
  return db;
}

/**
 * After deleting user data: optionally rebuild the file (VACUUM drops every free page), then copy the WAL
 * into the file and truncate it, so no old frame of a deleted page is left in carefold.db-wal.
 * False when another connection (a second Carefold process) kept the WAL from being emptied.
 */
export function releaseFreedPages(db: Db, options: { vacuum: boolean }): boolean {
  if (options.vacuum) db.exec("VACUUM");
  if (db.name === ":memory:") return true;
  const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number; log: number; checkpointed: number }[];
  return result !== undefined && result.busy === 0;
}

/**
 * Apply a module's migrations in order, each once, each in its own transaction.
 * Append new steps to the end of `steps`; never edit an applied one.
 */
export function migrate(db: Db, module: string, steps: readonly string[]): void {
  const row = db.prepare("SELECT MAX(version) AS v FROM schema_migrations WHERE module = ?").get(module) as
    | { v: number | null }
    | undefined;
  const current = row?.v ?? 0;
  const record = db.prepare("INSERT INTO schema_migrations (module, version, applied_at) VALUES (?, ?, ?)");
  steps.forEach((sql, index) => {
    const version = index + 1;
    if (version <= current) return;
    db.transaction(() => {
      db.exec(sql);
      record.run(module, version, new Date().toISOString());
    })();
  });
}
