/**
 * One SQLite connection on the driver the engine uses everywhere: better-sqlite3-multiple-ciphers,
 * installed under the name better-sqlite3 (an npm alias and override, so LangGraph's checkpointer uses
 * the same build), and its data key. The cipher is SQLCipher 4 (`cipher='sqlcipher'`, `legacy=4`:
 * AES-256-CBC pages with an HMAC-SHA512 each), chosen because standard SQLCipher tools open the file
 * with the same key — a user or a recovery tool is never locked to this app. The key is given raw
 * (`x'<64 hex>'`): it is already 32 random bytes, so no passphrase derivation runs at each open.
 */
import Database from "better-sqlite3";
import { sqliteBindingForThisProcess } from "./nativeBinding";

export type Db = Database.Database;

export class DatabaseKeyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseKeyError";
  }
}

export function connect(file: string): Db {
  // Under Electron the Node-ABI build cannot load: use the Electron build kept apart (see nativeBinding.ts).
  const binding = sqliteBindingForThisProcess();
  return binding.kind === "electron" ? new Database(file, { nativeBinding: binding.path }) : new Database(file);
}

/** The cipher settings and key, before anything else reads the file. */
export function keyConnection(db: Db, key: Buffer, pragma: "key" | "rekey" = "key"): void {
  if (key.length !== 32) throw new DatabaseKeyError(`the database key must be 32 bytes, not ${key.length}`);
  db.pragma("cipher = 'sqlcipher'");
  db.pragma("legacy = 4");
  db.pragma(`${pragma} = "x'${key.toString("hex")}'"`);
}

/** Reads the schema once: a wrong key (or none for an encrypted file) fails here, with a message that says so. */
export function checkReadable(db: Db, file: string, keyed: boolean): void {
  try {
    db.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (err) {
    if ((err as { code?: string }).code !== "SQLITE_NOTADB") throw err;
    db.close();
    throw new DatabaseKeyError(
      keyed
        ? `${file} cannot be opened with this data folder's key: the key is not the one it was encrypted with (a keys folder from another copy?), or the file is damaged. Nothing was changed.`
        : `${file} is encrypted and no data key was given. Nothing was changed.`,
      { cause: err },
    );
  }
}

/** A connection on `file`, keyed when a key is given and checked to read. */
export function connectKeyed(file: string, key: Buffer | null): Db {
  const db = connect(file);
  if (key) keyConnection(db, key);
  checkReadable(db, file, key !== null);
  return db;
}
