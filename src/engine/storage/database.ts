/**
 * SQLite access for the engine: one file (<data>/carefold.db), WAL, and per-module migrations so each
 * store (settings, threads, consent, catalog, checkpoints) owns its own tables.
 */
import { closeSync, constants, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { encryptPlainDatabase, type EncryptStep } from "./encryptDatabase";
import { makePrivateIfExists, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./privateFiles";
import { connectKeyed, type Db } from "./sqliteConnection";

export type { Db };
export { DatabaseKeyError } from "./sqliteConnection";

export interface OpenDatabaseOptions {
  /**
   * The data folder's key (dataKey.ts): the file is encrypted with it (sqliteConnection.ts names the
   * cipher), and a plain file from an earlier version is encrypted first (encryptDatabase.ts). A wrong
   * key throws DatabaseKeyError; null or absent: a plain database (tests, throwaway in-memory ones).
   */
  key?: Buffer | null;
  /** Crash tests only: each step of encrypting a plain file. */
  encryptStep?: (step: EncryptStep) => void;
}

/** The files SQLite keeps for a database: the file, its WAL and shared-memory index, a rollback journal. */
export const SQLITE_FILE_SUFFIXES = ["", "-wal", "-shm", "-journal"] as const;

const onDisk = (file: string) => file !== ":memory:" && file !== "";

/**
 * The database holds whole conversations: it and its -wal/-shm are the owner's only (0600, in a 0700
 * folder). SQLite creates a new database 0644, so the file is made first, empty and 0600 (SQLite takes
 * an empty file as a new database); its -wal and -shm are then created with the database file's mode
 * (SQLite's unix VFS copies it), and any made 0644 by an older version are tightened after opening.
 * Folders made for it are 0700; an existing one is left as it is (it may be any folder a caller chose:
 * the data folder is tightened at start-up, tightenDataDir).
 */
function preparePrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    closeSync(openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, PRIVATE_FILE_MODE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
}

/** Owner-only modes on the database's files that exist (the file, -wal, -shm, -journal). */
export function makeDatabasePrivate(file: string): void {
  for (const suffix of SQLITE_FILE_SUFFIXES) makePrivateIfExists(file + suffix);
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  const key = options.key ?? null;
  if (onDisk(file)) {
    preparePrivateFile(file);
    if (key) encryptPlainDatabase(file, key, options.encryptStep);
  }
  // The key goes in before anything else reads the file; a wrong one fails here, never as a new database.
  const db = connectKeyed(file, onDisk(file) ? key : null);
  db.pragma("journal_mode = WAL");
  if (onDisk(file)) makeDatabasePrivate(file);
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
