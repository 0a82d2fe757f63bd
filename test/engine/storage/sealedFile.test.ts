/** Workspace files sealed with AES-256-GCM under a per-file key derived from the data key. */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileSealer, isSealed, SEALED_MAGIC, SEALED_OVERHEAD, SealedFileError } from "../../../src/engine/storage/sealedFile";
import { tempDir } from "../../support/tempDir";

const CANARY = "CANARY-sealed-6b1e";
let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

describe("sealed workspace files", () => {
  it("writes magic + version + nonce + ciphertext + tag, atomically and 0600, and reads the text back", () => {
    const sealer = new FileSealer(tmp.dir, randomBytes(32));
    const file = join(tmp.dir, "workspace", "notes", "a.md");
    sealer.write(file, `# ${CANARY}`);
    const stored = readFileSync(file);
    expect(stored.subarray(0, 4).equals(SEALED_MAGIC)).toBe(true);
    expect(stored[4]).toBe(1);
    expect(stored.length).toBe(Buffer.byteLength(`# ${CANARY}`) + SEALED_OVERHEAD);
    expect(stored.includes(Buffer.from(CANARY))).toBe(false);
    expect(sealer.readText(file)).toBe(`# ${CANARY}`);
    expect(readdirSync(join(tmp.dir, "workspace", "notes"))).toEqual(["a.md"]);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("uses a fresh nonce per write: the same text twice gives different bytes", () => {
    const sealer = new FileSealer(tmp.dir, randomBytes(32));
    const file = join(tmp.dir, "n.md");
    sealer.write(file, "same");
    const first = readFileSync(file);
    sealer.write(file, "same");
    expect(readFileSync(file).equals(first)).toBe(false);
  });

  it("refuses another key, a file moved to another name, and changed bytes", () => {
    const key = randomBytes(32);
    const sealer = new FileSealer(tmp.dir, key);
    const a = join(tmp.dir, "a.md");
    sealer.write(a, CANARY);
    expect(() => new FileSealer(tmp.dir, randomBytes(32)).read(a)).toThrow(SealedFileError);
    expect(() => new FileSealer(tmp.dir, null).read(a)).toThrow(/no data key/);
    const b = join(tmp.dir, "b.md");
    copyFileSync(a, b);
    expect(() => sealer.read(b)).toThrow(/cannot be decrypted/);
    const bytes = readFileSync(a);
    bytes[bytes.length - 20] ^= 1;
    writeFileSync(a, bytes);
    expect(() => sealer.read(a)).toThrow(SealedFileError);
  });

  it("reads an old plain file as it is and rewrites it sealed, keeping its modification time", () => {
    const sealer = new FileSealer(tmp.dir, randomBytes(32));
    mkdirSync(join(tmp.dir, "notes"));
    const file = join(tmp.dir, "notes", "old.md");
    writeFileSync(file, `# ${CANARY}`);
    const old = new Date("2024-01-02T03:04:05Z");
    utimesSync(file, old, old);
    expect(sealer.readContainedText(join(tmp.dir, "notes"), file)).toBe(`# ${CANARY}`);
    expect(isSealed(readFileSync(file))).toBe(true);
    expect(readFileSync(file).includes(Buffer.from(CANARY))).toBe(false);
    expect(statSync(file).mtime.getTime()).toBe(old.getTime());
    expect(sealer.readText(file)).toBe(`# ${CANARY}`);
  });

  it("without a key reads and writes plain files", () => {
    const sealer = new FileSealer(tmp.dir, null);
    const file = join(tmp.dir, "p.md");
    sealer.write(file, CANARY);
    expect(readFileSync(file, "utf8")).toBe(CANARY);
    expect(sealer.readText(file)).toBe(CANARY);
  });
});
