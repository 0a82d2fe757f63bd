/**
 * Removing a file that held plaintext (an old unencrypted database, its WAL, a bare key): its bytes are
 * overwritten with zeros and flushed before the name goes, so the old blocks do not keep the text where
 * the file system rewrites in place. (A copy-on-write or flash file system may still keep old blocks:
 * best effort, as every user-space wipe is.)
 */
import { closeSync, constants, fstatSync, fsyncSync, openSync, rmSync, writeSync } from "node:fs";

const CHUNK = 1 << 20;

/** Overwrites the first `size` bytes of the open file with zeros and flushes them. */
export function zeroFile(fd: number, size: number): void {
  const zeros = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
  for (let off = 0; off < size; ) off += writeSync(fd, zeros, 0, Math.min(zeros.length, size - off), off);
  fsyncSync(fd);
}

/** Overwrites `file` with zeros, fsyncs it, then deletes it; a file that is not there is fine. Never follows a link. */
export function removeSecurely(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    // A link (ELOOP) or a file we may not write: remove the name only.
    rmSync(file, { force: true });
    return;
  }
  try {
    const st = fstatSync(fd);
    // A hard-linked file also lives elsewhere: zeroing it would destroy that copy.
    if (st.isFile() && st.nlink === 1) zeroFile(fd, st.size);
  } finally {
    closeSync(fd);
  }
  rmSync(file, { force: true });
}
