/** The desktop app's audit key in the OS keychain (a fake safeStorage; electron is never imported here). */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuditKeyError } from "../../src/engine/audit/auditKey";
import { AuditLog, verifyAuditLog } from "../../src/engine/audit/auditLog";
import { KeychainAuditKeyStore, type SafeStorageLike } from "../../src/main/auditKey";
import { tempDir } from "../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

/** Reversible, and not the plain text: enough to see that only the sealed form reaches the disk. */
function fakeSafeStorage(available: boolean, backend?: string): SafeStorageLike & { available: boolean } {
  return {
    available,
    isEncryptionAvailable() {
      return this.available;
    },
    encryptString: (text) => Buffer.from(`sealed:${Buffer.from(text).toString("base64")}`),
    decryptString: (sealed) => {
      const s = sealed.toString();
      if (!s.startsWith("sealed:")) throw new Error("not sealed by this keychain");
      return Buffer.from(s.slice(7), "base64").toString();
    },
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  };
}

const keys = () => join(tmp.dir, "keys");
const logs = () => join(tmp.dir, "logs");

describe("the desktop audit key store", () => {
  it("keeps the key sealed by the keychain (keys/audit.key.enc), never as a plain key file", () => {
    const store = new KeychainAuditKeyStore(fakeSafeStorage(true), keys(), "darwin");
    const log = new AuditLog(logs(), { key: store });
    log.record({ event: "run", decision: "answered" });
    const sealed = readFileSync(join(keys(), "audit.key.enc"));
    expect(sealed.toString()).toMatch(/^sealed:/);
    expect(existsSync(join(keys(), "audit.key"))).toBe(false);
    const key = store.load()!;
    expect(key).toHaveLength(32);
    expect(sealed.includes(key.toString("hex"))).toBe(false);
    // The same key on the next start, and the chain verifies under it.
    new AuditLog(logs(), { key: new KeychainAuditKeyStore(fakeSafeStorage(true), keys(), "darwin") }).record({ event: "run" });
    expect(verifyAuditLog(logs(), key)).toMatchObject({ ok: true, entries: 2, problems: [] });
    // The CLI's default (the key file) cannot check it, and says so.
    expect(verifyAuditLog(logs()).ok).toBe(false);
  });

  it("falls back to the 0600 key file when the keychain is not available (or is Linux's basic_text)", () => {
    new AuditLog(logs(), { key: new KeychainAuditKeyStore(fakeSafeStorage(false), keys(), "darwin") }).record({ event: "run" });
    expect(existsSync(join(keys(), "audit.key.enc"))).toBe(false);
    expect(readFileSync(join(keys(), "audit.key"))).toHaveLength(32);
    if (process.platform !== "win32") expect(statSync(join(keys(), "audit.key")).mode & 0o777).toBe(0o600);
    expect(verifyAuditLog(logs())).toMatchObject({ ok: true, entries: 1 });
    // A keychain that appears later does not replace the key file the log was made with.
    new AuditLog(logs(), { key: new KeychainAuditKeyStore(fakeSafeStorage(true), keys(), "darwin") }).record({ event: "run" });
    expect(existsSync(join(keys(), "audit.key.enc"))).toBe(false);
    expect(verifyAuditLog(logs())).toMatchObject({ ok: true, entries: 2 });

    const other = tempDir();
    try {
      const basic = new KeychainAuditKeyStore(fakeSafeStorage(true, "basic_text"), join(other.dir, "keys"), "linux");
      expect(basic.keychainAvailable()).toBe(false);
      new AuditLog(join(other.dir, "logs"), { key: basic });
      expect(existsSync(join(other.dir, "keys", "audit.key"))).toBe(true);
    } finally {
      other.cleanup();
    }
  });

  it("refuses to start a second key when the sealed key cannot be opened now", () => {
    const storage = fakeSafeStorage(true);
    new AuditLog(logs(), { key: new KeychainAuditKeyStore(storage, keys(), "darwin") });
    storage.available = false;
    expect(() => new AuditLog(logs(), { key: new KeychainAuditKeyStore(storage, keys(), "darwin") })).toThrow(AuditKeyError);
    expect(existsSync(join(keys(), "audit.key"))).toBe(false);
    const foreign: SafeStorageLike = { ...fakeSafeStorage(true), decryptString: () => { throw new Error("other user's keychain"); } };
    expect(() => new KeychainAuditKeyStore(foreign, keys(), "darwin").load()).toThrow(/could not decrypt/);
  });
});
