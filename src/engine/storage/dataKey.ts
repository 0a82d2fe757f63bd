/**
 * The data key of one data folder: 32 random bytes that encrypt its database (SQLCipher) and its
 * workspace files (sealedFile.ts). It is never stored bare unless nothing better exists; in `<keysDir>`:
 *   - `data.key.enc`  the desktop app: wrapped by the OS keychain through Electron's safeStorage (main
 *                     passes it in; the engine never imports electron);
 *   - `data.key.pin`  the CLI and the web host with a PIN: AES-256-GCM under scrypt(PIN, salt);
 *   - `data.key`      otherwise: the bare key in a 0600 file in a 0700 folder.
 * One form at a time; the key itself never changes, so a PIN change re-wraps 32 bytes, never the data.
 * Everything takes the keys folder, so a profile is just another data folder with its own key.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "./atomicWrite";
import { createSecretFile, secureKeysDir } from "../audit/auditKey";
import { removeSecurely } from "./secureRemove";

export const DATA_KEY_BYTES = 32;
export const DATA_KEY_FILE = "data.key";
export const DATA_KEY_PIN_FILE = "data.key.pin";
export const DATA_KEY_KEYCHAIN_FILE = "data.key.enc";

/** scrypt cost for the PIN: N=2^15, r=8, p=1 (about 0.1 s and 32 MiB per try). */
export const PIN_KDF = { N: 2 ** 15, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;
/** Binds the wrapped key to its purpose: a blob from another Carefold file cannot be passed off as it. */
const WRAP_AAD = Buffer.from("carefold data key v1");
export const MIN_PIN_LENGTH = 4;

/** The part of Electron's safeStorage used here (src/main passes the real one). */
export interface KeychainLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: "basic_text" means a fixed password, no keychain at all. */
  getSelectedStorageBackend?(): string;
}

export type DataKeyUnlock = { kind: "file" } | { kind: "pin"; pin: string } | { kind: "keychain"; safeStorage: KeychainLike };

/** How the key on disk is protected: what the Settings statement says. */
export type DataKeyProtection = "keychain" | "pin" | "file";

export interface OpenedDataKey {
  key: Buffer;
  protection: DataKeyProtection;
  /** The desktop app asked for the keychain but there is none that protects anything (the 0600 file is used). */
  keychainMissing: boolean;
}

export type DataKeyErrorCode = "pin_required" | "wrong_pin" | "no_pin" | "keychain_only" | "keychain_unavailable" | "invalid" | "weak_pin";

export class DataKeyError extends Error {
  constructor(
    readonly code: DataKeyErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DataKeyError";
  }
}

interface PinWrapped {
  v: 1;
  kdf: "scrypt";
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  key: string;
}

const files = (keysDir: string) => ({
  plain: join(keysDir, DATA_KEY_FILE),
  pin: join(keysDir, DATA_KEY_PIN_FILE),
  keychain: join(keysDir, DATA_KEY_KEYCHAIN_FILE),
});

/** Which form the key of this keys folder is kept in; null before the first start made one. */
export function dataKeyProtection(keysDir: string): DataKeyProtection | null {
  const f = files(keysDir);
  if (existsSync(f.pin)) return "pin";
  if (existsSync(f.keychain)) return "keychain";
  if (existsSync(f.plain)) return "file";
  return null;
}

/** Whether the OS keychain really protects what safeStorage encrypts (not Linux's fixed "basic_text" password). */
export function keychainProtects(safeStorage: KeychainLike, platform: NodeJS.Platform = process.platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return !(platform === "linux" && safeStorage.getSelectedStorageBackend?.() === "basic_text");
}

function checkKey(key: Buffer, where: string): Buffer {
  if (key.length === DATA_KEY_BYTES) return key;
  throw new DataKeyError("invalid", `the data key at ${where} has ${key.length} bytes, not ${DATA_KEY_BYTES}: restore the keys folder from a backup`);
}

/** One form for every PIN (data key, profile and admin verifiers): full-width digits typed through an IME are the same PIN. */
export function normalizePin(pin: string): string {
  return pin.normalize("NFKC");
}

function kek(pin: string, salt: Buffer, kdf: { N: number; r: number; p: number }): Buffer {
  return scryptSync(normalizePin(pin), salt, 32, { ...kdf, maxmem: SCRYPT_MAXMEM });
}

export function wrapWithPin(key: Buffer, pin: string): string {
  if (normalizePin(pin).length < MIN_PIN_LENGTH) throw new DataKeyError("weak_pin", `a PIN needs at least ${MIN_PIN_LENGTH} characters`);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", kek(pin, salt, PIN_KDF), iv);
  cipher.setAAD(WRAP_AAD);
  const wrapped = Buffer.concat([cipher.update(key), cipher.final()]);
  const out: PinWrapped = { v: 1, kdf: "scrypt", ...PIN_KDF, salt: salt.toString("hex"), iv: iv.toString("hex"), tag: cipher.getAuthTag().toString("hex"), key: wrapped.toString("hex") };
  return JSON.stringify(out) + "\n";
}

export function unwrapWithPin(text: string, pin: string, where: string): Buffer {
  let w: PinWrapped;
  try {
    w = JSON.parse(text) as PinWrapped;
    if (w.v !== 1 || w.kdf !== "scrypt" || ![w.salt, w.iv, w.tag, w.key].every((h) => typeof h === "string")) throw new Error("unknown form");
  } catch (err) {
    throw new DataKeyError("invalid", `the PIN-protected data key at ${where} is damaged`, { cause: err });
  }
  const decipher = createDecipheriv("aes-256-gcm", kek(pin, Buffer.from(w.salt, "hex"), w), Buffer.from(w.iv, "hex"));
  decipher.setAAD(WRAP_AAD);
  decipher.setAuthTag(Buffer.from(w.tag, "hex"));
  try {
    return checkKey(Buffer.concat([decipher.update(Buffer.from(w.key, "hex")), decipher.final()]), where);
  } catch (err) {
    if (err instanceof DataKeyError) throw err;
    throw new DataKeyError("wrong_pin", "wrong PIN: the data folder stays locked");
  }
}

function readPlain(file: string): Buffer {
  return checkKey(readFileSync(file), file);
}

function readKeychain(file: string, safeStorage: KeychainLike): Buffer {
  // Never a new key here: data encrypted with the old one would be lost.
  if (!safeStorage.isEncryptionAvailable()) {
    throw new DataKeyError("keychain_unavailable", `the data key (${file}) is in the system keychain, which is not available now; unlock it or sign in again, then restart Carefold`);
  }
  let hex: string;
  try {
    hex = safeStorage.decryptString(readFileSync(file));
  } catch (err) {
    throw new DataKeyError("keychain_unavailable", `the system keychain could not decrypt the data key (${file})`, { cause: err });
  }
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new DataKeyError("invalid", `the data key (${file}) is not a key`);
  return Buffer.from(hex, "hex");
}

/**
 * The data key of `keysDir`, made on first use in the form `unlock` asks for. A folder whose key has a
 * PIN needs it (a wrong one is refused, never replaced by a new key); one kept in the desktop app's
 * keychain cannot be opened from the CLI.
 */
export function openDataKey(keysDir: string, unlock: DataKeyUnlock): OpenedDataKey {
  secureKeysDir(keysDir);
  const f = files(keysDir);
  if (existsSync(f.pin)) {
    if (unlock.kind !== "pin") throw new DataKeyError("pin_required", "this data folder is locked with a PIN: give it (CAREFOLD_PIN, or type it when asked)");
    const key = unwrapWithPin(readFileSync(f.pin, "utf8"), unlock.pin, f.pin);
    // A PIN added by a run that stopped before removing the bare key: finish that now.
    if (existsSync(f.plain)) removeSecurely(f.plain);
    return { key, protection: "pin", keychainMissing: false };
  }
  if (existsSync(f.keychain)) {
    if (unlock.kind !== "keychain") throw new DataKeyError("keychain_only", `the data key of this folder is kept in the desktop app's system keychain (${f.keychain}); only the desktop app can open it`);
    return { key: readKeychain(f.keychain, unlock.safeStorage), protection: "keychain", keychainMissing: false };
  }
  if (existsSync(f.plain)) {
    if (unlock.kind === "pin") throw new DataKeyError("no_pin", "this data folder has no PIN yet: open it without one, then add a PIN (`carefold pin set`)");
    const keychainMissing = unlock.kind === "keychain" && !keychainProtects(unlock.safeStorage);
    return { key: readPlain(f.plain), protection: "file", keychainMissing };
  }
  return create(keysDir, unlock);
}

function create(keysDir: string, unlock: DataKeyUnlock): OpenedDataKey {
  const f = files(keysDir);
  const key = randomBytes(DATA_KEY_BYTES);
  if (unlock.kind === "pin") {
    createSecretFile(f.pin, Buffer.from(wrapWithPin(key, unlock.pin)));
  } else if (unlock.kind === "keychain" && keychainProtects(unlock.safeStorage)) {
    createSecretFile(f.keychain, unlock.safeStorage.encryptString(key.toString("hex")));
  } else {
    createSecretFile(f.plain, key);
  }
  // What is on disk now: when another process made the key first, theirs is the one.
  return openDataKey(keysDir, unlock);
}

/**
 * Adds, changes (`current` is the PIN unlock) or removes (`pin: null`) the PIN of a data key kept in
 * the CLI's forms. Only the 32-byte key is re-wrapped. The new form is written before the old one is
 * removed: a run stopped in between leaves both, and the PIN form wins (openDataKey finishes the step).
 */
export function setDataKeyPin(keysDir: string, current: DataKeyUnlock, pin: string | null): DataKeyProtection {
  if (current.kind === "keychain") throw new DataKeyError("keychain_only", "the desktop app keeps this data key in the system keychain: a PIN is for the CLI and the web host");
  const { key } = openDataKey(keysDir, current);
  const f = files(keysDir);
  if (pin === null) {
    if (!existsSync(f.pin)) return "file";
    writeFileAtomic(f.plain, key);
    syncFolder(keysDir);
    removeSecurely(f.pin);
    return "file";
  }
  writeFileAtomic(f.pin, wrapWithPin(key, pin));
  // The new form's name must be on disk before the old form is wiped: else a power cut could leave neither.
  syncFolder(keysDir);
  if (existsSync(f.plain)) removeSecurely(f.plain);
  return "pin";
}

/** Same bytes, compared in constant time (tests and the migration check). */
export function sameKey(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Makes a folder's entries (a rename into it) durable; a no-op where folders cannot be opened (Windows). */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Windows: NTFS journals the rename itself.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
