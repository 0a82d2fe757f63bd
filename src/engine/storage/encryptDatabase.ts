/**
 * An existing plain carefold.db (an earlier version) becomes encrypted once, at the first open with a
 * key, without ever leaving the folder without a whole database:
 *   1. the plain file's WAL is folded in (checkpoint, rollback journal mode), so one file holds it all;
 *   2. a copy next to it (`carefold.db.encrypting`) is encrypted in place (PRAGMA rekey), checked to open
 *      with the key and to hold the same rows, and fsynced;
 *   3. the plain file gets a second name (`carefold.db.plain-old`, a hard link), the encrypted copy is
 *      renamed over `carefold.db` (atomic) and the folder fsynced;
 *   4. the plain file (its last name) and any -wal/-shm/-journal it left are overwritten and removed.
 * A crash anywhere leaves the plain database or the encrypted one under the name, never neither;
 * `recoverInterruptedEncryption` (run at every open) finishes or undoes what a killed run left.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, linkSync, openSync, readSync, renameSync } from "node:fs";
import { dirname } from "node:path";
import { makePrivateIfExists } from "./privateFiles";
import { removeSecurely } from "./secureRemove";
import { connect, connectKeyed, keyConnection, type Db } from "./sqliteConnection";

const PLAIN_HEADER = Buffer.from("SQLite format 3\0", "latin1");
export const ENCRYPTING_SUFFIX = ".encrypting";
export const PLAIN_OLD_SUFFIX = ".plain-old";
const SIDE_FILES = ["-wal", "-shm", "-journal"] as const;

/** Test hook (test/engine/storage): called at each step; a crash test kills the process there. */
export type EncryptStep = "copied" | "rekeyed" | "linked" | "renamed";

/** Whether `file` is an unencrypted SQLite database (its first 16 bytes are SQLite's header). */
export function isPlainDatabase(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(PLAIN_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(PLAIN_HEADER);
  } finally {
    closeSync(fd);
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot fsync a folder: the rename is still atomic there.
  } finally {
    closeSync(fd);
  }
}

const removeWithSideFiles = (file: string) => [file, ...SIDE_FILES.map((s) => file + s)].forEach(removeSecurely);

/** Finishes or undoes a migration a crash interrupted (nothing to do in the usual case). */
export function recoverInterruptedEncryption(file: string): void {
  const old = file + PLAIN_OLD_SUFFIX;
  if (existsSync(old)) {
    // The rename fallback was cut short: the plain file goes back. Otherwise `old` is either a second name of
    // the plain database still in place (removeSecurely sees nlink 2 and only drops the name) or, once the
    // encrypted copy took the name, the plain file's last name: wiped.
    if (!existsSync(file)) renameSync(old, file);
    else removeWithSideFiles(old);
  }
  removeWithSideFiles(file + ENCRYPTING_SUFFIX);
}

function tableCounts(db: Db): Map<string, number> {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  return new Map(names.map((n) => [n, db.prepare(`SELECT count(*) FROM "${n.replace(/"/g, '""')}"`).pluck().get() as number]));
}

/** Encrypts the plain database at `file` with `key` (see the steps above); false when it was not plain. */
export function encryptPlainDatabase(file: string, key: Buffer, step: (s: EncryptStep) => void = () => {}): boolean {
  recoverInterruptedEncryption(file);
  if (!isPlainDatabase(file)) return false;
  const tmp = file + ENCRYPTING_SUFFIX;
  const old = file + PLAIN_OLD_SUFFIX;

  const plain = connect(file);
  let expected: Map<string, number>;
  try {
    plain.pragma("wal_checkpoint(TRUNCATE)");
    plain.pragma("journal_mode = DELETE");
    expected = tableCounts(plain);
  } finally {
    plain.close();
  }
  copyFileSync(file, tmp);
  makePrivateIfExists(tmp);
  step("copied");

  const copy = connect(tmp);
  try {
    // Rekeying needs a rollback journal; the copy is already in DELETE mode.
    keyConnection(copy, key, "rekey");
  } finally {
    copy.close();
  }
  const check = connectKeyed(tmp, key);
  try {
    const got = tableCounts(check);
    for (const [name, count] of expected) {
      if (got.get(name) !== count) throw new Error(`the encrypted copy of ${file} lost rows of ${name}: the plain database is kept`);
    }
  } finally {
    check.close();
  }
  fsyncPath(tmp);
  step("rekeyed");

  for (const s of SIDE_FILES) removeSecurely(file + s); // emptied by the checkpoint: the encrypted file must not meet them
  try {
    linkSync(file, old);
  } catch {
    renameSync(file, old); // no hard links here (FAT, some shares): recovery renames it back if cut short
  }
  step("linked");
  renameSync(tmp, file);
  fsyncPath(dirname(file));
  step("renamed");
  removeWithSideFiles(old);
  return true;
}
