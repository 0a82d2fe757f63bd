/**
 * The desktop app's audit key (safety.md §6): kept encrypted by the OS keychain through Electron's
 * safeStorage, as `<data>/keys/audit.key.enc`, so a copy of the data folder alone cannot forge the
 * audit log. Where no keychain is available it is the 0600 key file the CLI uses. safeStorage is a
 * parameter (tests pass a fake; nothing here imports electron).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  AUDIT_KEYCHAIN_FILE,
  AuditKeyError,
  checkKeyLength,
  createSecretFile,
  FileAuditKeyStore,
  secureKeysDir,
  type AuditKeyStore,
} from "../engine/audit/auditKey";

/** The part of Electron's safeStorage this uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: "basic_text" means a fixed password, no keychain at all. */
  getSelectedStorageBackend?(): string;
}

export class KeychainAuditKeyStore implements AuditKeyStore {
  readonly file: string;
  private readonly plain: FileAuditKeyStore;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    readonly dir: string,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.file = join(dir, AUDIT_KEYCHAIN_FILE);
    this.plain = new FileAuditKeyStore(dir);
  }

  /** Whether the OS keychain really protects what safeStorage encrypts. */
  keychainAvailable(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    return !(this.platform === "linux" && this.safeStorage.getSelectedStorageBackend?.() === "basic_text");
  }

  load(): Buffer | null {
    if (!existsSync(this.file)) return this.plain.load();
    secureKeysDir(this.dir);
    return this.decrypt();
  }

  create(key: Buffer): Buffer {
    // A key file from before (or from a start without a keychain) keeps authenticating its log.
    if (existsSync(this.plain.file) || !this.keychainAvailable()) return this.plain.create(key);
    secureKeysDir(this.dir);
    createSecretFile(this.file, this.safeStorage.encryptString(checkKeyLength(key, "the new key").toString("hex")));
    return this.decrypt(); // what is on disk: another instance may have created it first
  }

  private decrypt(): Buffer {
    // Never falls back to a new key here: a second key would fork the chain.
    if (!this.safeStorage.isEncryptionAvailable()) {
      throw new AuditKeyError(`the audit key (${this.file}) is in the system keychain, which is not available now; unlock it or sign in again, then restart Carefold`);
    }
    let hex: string;
    try {
      hex = this.safeStorage.decryptString(readFileSync(this.file));
    } catch (err) {
      throw new AuditKeyError(`the system keychain could not decrypt the audit key (${this.file})`, { cause: err });
    }
    if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new AuditKeyError(`the audit key (${this.file}) is not a key`);
    return checkKeyLength(Buffer.from(hex, "hex"), this.file);
  }
}
