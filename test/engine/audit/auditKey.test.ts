/** The audit key file: 32 random bytes, 0600 in a 0700 folder outside logs/, never replaced, refused when damaged. */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUDIT_KEYCHAIN_FILE, AuditKeyError, FileAuditKeyStore, newAuditKey } from "../../../src/engine/audit/auditKey";
import { AuditLog } from "../../../src/engine/audit/auditLog";
import { writeFileAtomic } from "../../../src/engine/storage/atomicWrite";
import { tempDir } from "../../support/tempDir";
import { auditPaths } from "./auditFixtures";

let tmp = tempDir();
let p = auditPaths(tmp.dir);
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
  p = auditPaths(tmp.dir);
});

const posix = process.platform !== "win32";

describe("the audit key file", () => {
  it("is made on first use as 32 random bytes in <data>/keys, and read back unchanged after", () => {
    new AuditLog(p.logs);
    const key = readFileSync(p.keyFile);
    expect(key).toHaveLength(32);
    expect(new FileAuditKeyStore(p.keys).load()!.equals(key)).toBe(true);
    new AuditLog(p.logs);
    expect(readFileSync(p.keyFile).equals(key)).toBe(true);
    expect(readdirSync(p.logs).filter((f) => f.includes("key"))).toEqual([]); // not beside the log it authenticates
  });

  it.skipIf(!posix)("is mode 0600 in a 0700 folder, and a too-open mode is tightened", () => {
    new AuditLog(p.logs);
    expect(statSync(p.keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(p.keys).mode & 0o777).toBe(0o700);
    chmodSync(p.keyFile, 0o644);
    chmodSync(p.keys, 0o755);
    new AuditLog(p.logs);
    expect(statSync(p.keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(p.keys).mode & 0o777).toBe(0o700);
  });

  it("refuses a key of the wrong length instead of replacing it", () => {
    mkdirSync(p.keys, { recursive: true });
    writeFileSync(p.keyFile, "short");
    expect(() => new AuditLog(p.logs)).toThrow(AuditKeyError);
    expect(() => new AuditLog(p.logs)).toThrow(/has 5 bytes, not 32/);
    expect(readFileSync(p.keyFile, "utf8")).toBe("short");
  });

  it("never replaces a stored key: create hands back the one already there", () => {
    const store = new FileAuditKeyStore(p.keys);
    const first = store.create(newAuditKey());
    expect(store.create(newAuditKey()).equals(first)).toBe(true);
    expect(readdirSync(p.keys)).toEqual(["audit.key"]); // no temp left behind
  });

  it("refuses to make a second key when the desktop app keeps it in the system keychain", () => {
    mkdirSync(p.keys, { recursive: true });
    writeFileSync(join(p.keys, AUDIT_KEYCHAIN_FILE), "sealed");
    const store = new FileAuditKeyStore(p.keys);
    expect(store.inKeychainOnly()).toBe(true);
    expect(() => new AuditLog(p.logs)).toThrow(/system keychain/);
    expect(existsSync(p.keyFile)).toBe(false);
  });
});

describe("writeFileAtomic's exclusive option", () => {
  it("creates a file once and throws EEXIST after, leaving the first content and no temp", () => {
    const file = join(tmp.dir, "secret");
    writeFileAtomic(file, "one", { exclusive: true });
    expect(() => writeFileAtomic(file, "two", { exclusive: true })).toThrow(expect.objectContaining({ code: "EEXIST" }));
    expect(readFileSync(file, "utf8")).toBe("one");
    writeFileAtomic(file, "three"); // without it: replaced, as before
    expect(readFileSync(file, "utf8")).toBe("three");
    expect(readdirSync(tmp.dir)).toEqual(["secret"]);
  });
});
