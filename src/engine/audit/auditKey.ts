/**
 * The audit chain's key (safety.md §6): 32 random bytes kept outside logs/, so whoever can edit the
 * log cannot recompute its MACs. A port, so the desktop app can keep the key in the OS keychain
 * (src/main/auditKey.ts); the default is a 0600 file in a 0700 folder, `<data>/keys/audit.key`.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { removeStaleTemps, writeFileAtomic } from "../storage/atomicWrite";

export const AUDIT_KEY_BYTES = 32;
export const AUDIT_KEY_FILE = "audit.key";
/** Where the desktop app keeps the key, encrypted by the OS keychain (src/main/auditKey.ts). */
export const AUDIT_KEYCHAIN_FILE = "audit.key.enc";

/**
 * Where the writer keeps its key. The writer makes the key itself on first use (newAuditKey) and
 * keys the head with it before `create` stores it: a stored key then always means a keyed head was
 * written, so an unkeyed head beside a key is a replacement, never a crash artifact.
 */
export interface AuditKeyStore {
  /** The 32-byte key, or null when none exists yet; throws AuditKeyError when it exists but cannot be used. */
  load(): Buffer | null;
  /** Stores `key` unless a key exists already, and returns the stored key (another process's if it won the race). */
  create(key: Buffer): Buffer;
}

export class AuditKeyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AuditKeyError";
  }
}

export function auditKeysDir(dataDir: string): string {
  return join(dataDir, "keys");
}

/** The keys folder beside a logs folder (`<data>/logs` → `<data>/keys`). */
export function keysDirForLogs(logsDir: string): string {
  return auditKeysDir(dirname(logsDir));
}

const POSIX = process.platform !== "win32";

/** A key readable by others lets them forge entries: the folder is 0700, its files 0600. */
export function secureKeysDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (POSIX && (statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  // A key write killed before its rename leaves a temp here; nothing else cleans this folder.
  removeStaleTemps(dir);
}

/** Creates `file` (0600, atomically) unless it exists; false when another process made it first. */
export function createSecretFile(file: string, data: Uint8Array): boolean {
  try {
    writeFileAtomic(file, data, { exclusive: true });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
}

export function checkKeyLength(key: Buffer, where: string): Buffer {
  if (key.length === AUDIT_KEY_BYTES) return key;
  // Never replaced automatically: the key is what authenticates every entry made so far.
  throw new AuditKeyError(
    `the audit key at ${where} has ${key.length} bytes, not ${AUDIT_KEY_BYTES}: restore it from a backup, or move it aside to start a new key (entries made with the old key then no longer verify)`,
  );
}

export function newAuditKey(): Buffer {
  return randomBytes(AUDIT_KEY_BYTES);
}

/** The key as a 0600 file (the CLI, `carefold serve`, and the desktop app where no keychain is available). */
export class FileAuditKeyStore implements AuditKeyStore {
  readonly file: string;

  constructor(readonly dir: string) {
    this.file = join(dir, AUDIT_KEY_FILE);
  }

  /** The key if there is one (never creates it: the verifier reads with this). */
  read(): Buffer | null {
    let key: Buffer;
    try {
      key = readFileSync(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new AuditKeyError(`cannot read the audit key at ${this.file}`, { cause: err });
    }
    return checkKeyLength(key, this.file);
  }

  /** Whether the key lives only in the desktop app's keychain (this store cannot read it). */
  inKeychainOnly(): boolean {
    return !existsSync(this.file) && existsSync(join(this.dir, AUDIT_KEYCHAIN_FILE));
  }

  load(): Buffer | null {
    if (this.inKeychainOnly()) {
      // A second key would fork the chain: entries made with it would not verify under the first.
      throw new AuditKeyError(
        `the audit key of this data folder is kept in the desktop app's system keychain (${join(this.dir, AUDIT_KEYCHAIN_FILE)}); only the desktop app can add to its audit log`,
      );
    }
    secureKeysDir(this.dir);
    const key = this.read();
    if (key && POSIX && (statSync(this.file).mode & 0o077) !== 0) chmodSync(this.file, 0o600);
    return key;
  }

  create(key: Buffer): Buffer {
    secureKeysDir(this.dir);
    createSecretFile(this.file, checkKeyLength(key, "the new key"));
    // Read back what is on disk: when another process created the key first, theirs is the one.
    return this.read()!;
  }
}
