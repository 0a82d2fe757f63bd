/**
 * Workspace files (notes, attachments and what reading them produced, the agents' memory and files)
 * encrypted at rest with the data folder's key (dataKey.ts): AES-256-GCM, a fresh 12-byte nonce per
 * write, the file's own key derived by HKDF-SHA256 from the data key with its path in the data folder
 * as info — so a sealed file copied over another's name does not open there.
 *
 * Layout: MAGIC (4) · version (1) · nonce (12) · ciphertext · tag (16); the 5 header bytes are the
 * additional data. A file without the magic is an old plain one: until the start-time pass
 * (sealPlainFiles.ts) has sealed them all it is read as it is and rewritten sealed (keeping its
 * modification time); after that pass it is refused. Writes stay atomic (writeFileAtomic).
 * Without a key (tests, a caller that opts out) the sealer reads and writes plain files.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { readFileSync, statSync, utimesSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { writeFileAtomic } from "./atomicWrite";
import { readContainedBytes } from "./containedFile";

/** 0x89 first: no text file (UTF-8 or ASCII) starts so, and few binary formats. */
export const SEALED_MAGIC = Buffer.from([0x89, 0x43, 0x46, 0x53]); // "\x89CFS"
export const SEALED_VERSION = 1;
const HEADER = Buffer.concat([SEALED_MAGIC, Buffer.from([SEALED_VERSION])]);
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = Buffer.from("carefold workspace files v1");
/** Bytes a sealed file adds to its content. */
export const SEALED_OVERHEAD = HEADER.length + NONCE_BYTES + TAG_BYTES;

export class SealedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealedFileError";
  }
}

export function isSealed(bytes: Uint8Array): boolean {
  return bytes.length >= SEALED_OVERHEAD && Buffer.from(bytes.subarray(0, SEALED_MAGIC.length)).equals(SEALED_MAGIC);
}

export class FileSealer {
  private readonly root: string;
  private plainRefused = false;

  /** `root`: the data folder (a file's role is its path in it); `key`: the data key, or null for plain files. */
  constructor(
    root: string,
    private readonly key: Buffer | null,
  ) {
    this.root = resolve(root);
  }

  get encrypts(): boolean {
    return this.key !== null;
  }

  /** Every file Carefold keeps here is sealed now (sealPlainFiles.ts): a plain one was put here by something else. */
  refusePlain(): void {
    if (this.key) this.plainRefused = true;
  }

  /** The file's role: its path inside the data folder, with forward slashes (the same on every OS). */
  roleOf(file: string): string {
    const rel = relative(this.root, resolve(file));
    if (rel.startsWith("..") || rel === "") throw new SealedFileError("a sealed file must live inside the data folder");
    return rel.split(sep).join("/");
  }

  private fileKey(file: string): Buffer {
    return Buffer.from(hkdfSync("sha256", this.key!, HKDF_SALT, Buffer.from(this.roleOf(file), "utf8"), 32));
  }

  seal(file: string, data: Uint8Array): Buffer {
    if (!this.key) return Buffer.from(data);
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.fileKey(file), nonce);
    cipher.setAAD(HEADER);
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    return Buffer.concat([HEADER, nonce, body, cipher.getAuthTag()]);
  }

  /** The content of what is stored at `file`: sealed bytes opened, plain bytes as they are. */
  open(file: string, stored: Buffer): { data: Buffer; wasPlain: boolean } {
    if (!isSealed(stored)) {
      if (this.plainRefused) throw new SealedFileError(`${this.roleOf(file)} is not encrypted: Carefold did not write it, so it is not opened`);
      return { data: stored, wasPlain: true };
    }
    if (!this.key) throw new SealedFileError(`${this.roleOf(file)} is encrypted and no data key was given`);
    if (stored[SEALED_MAGIC.length] !== SEALED_VERSION) throw new SealedFileError(`${this.roleOf(file)} is sealed in an unknown version`);
    const nonce = stored.subarray(HEADER.length, HEADER.length + NONCE_BYTES);
    const body = stored.subarray(HEADER.length + NONCE_BYTES, stored.length - TAG_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", this.fileKey(file), nonce);
    decipher.setAAD(HEADER);
    decipher.setAuthTag(stored.subarray(stored.length - TAG_BYTES));
    try {
      return { data: Buffer.concat([decipher.update(body), decipher.final()]), wasPlain: false };
    } catch {
      // Another key, another place, or changed bytes: never shown as if it were the file.
      throw new SealedFileError(`${this.roleOf(file)} cannot be decrypted with this data folder's key (changed, moved, or from another folder)`);
    }
  }

  /** Writes `data` sealed, atomically (0600, temp + fsync + rename). */
  write(file: string, data: string | Uint8Array): void {
    writeFileAtomic(file, this.seal(file, typeof data === "string" ? Buffer.from(data, "utf8") : data));
  }

  /** An old plain file, read once: sealed in place, its modification time kept (note lists sort by it). */
  private upgrade(file: string, data: Buffer): void {
    if (!this.key) return;
    const { atime, mtime } = statSync(file);
    this.write(file, data);
    utimesSync(file, atime, mtime);
  }

  read(file: string): Buffer {
    const { data, wasPlain } = this.open(file, readFileSync(file));
    if (wasPlain) this.upgrade(file, data);
    return data;
  }

  readText(file: string): string {
    return this.read(file).toString("utf8");
  }

  /** `readContained` (no link, nothing outside `root`, no hard link), then opened. */
  readContained(root: string, file: string): Buffer {
    const { data, wasPlain } = this.open(file, readContainedBytes(root, file));
    if (wasPlain) this.upgrade(file, data);
    return data;
  }

  readContainedText(root: string, file: string): string {
    return this.readContained(root, file).toString("utf8");
  }
}
