/**
 * Atomic file replacement: write a temp file in the same folder, fsync it, rename over the target.
 * A crash leaves either the old file or the new one, never a mix — and, killed before the rename, a
 * temp file (`.<name>.<pid>.<random>.tmp`) that `removeStaleTemps` deletes on the next start.
 */
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./privateFiles";

const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

export interface AtomicWriteOptions {
  /**
   * Never replace an existing file: throws an EEXIST error instead (the temp is linked into place,
   * which fails if the name is taken). For secrets created once, where two processes may race.
   */
  exclusive?: boolean;
}

/**
 * Files are created 0600 (before the umask; the umask is never changed): user data and secrets are the
 * user's own. The temp file is made 0600 and the rename keeps its mode, so a file replaced here is 0600
 * whatever mode the old one had; folders made for it are 0700 (an existing folder is left as it is).
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, "wx", PRIVATE_FILE_MODE);
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    if (options.exclusive) placeExclusive(tmp, file);
    else renameSync(tmp, file);
  } catch (err) {
    if (fd !== null) closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
}

function placeExclusive(tmp: string, file: string): void {
  try {
    linkSync(tmp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A file system without hard links (FAT, some network shares): a rename, exclusive but for a tiny race.
    if (code === "EEXIST" || existsSync(file)) throw Object.assign(new Error(`${file} already exists`), { code: "EEXIST" });
    renameSync(tmp, file);
    return;
  }
  rmSync(tmp, { force: true });
}

/** Whether a file name is one of writeFileAtomic's temp files. */
export function isAtomicTemp(name: string): boolean {
  return TEMP_NAME.test(name);
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false; // this process writes synchronously: none of its temps is in flight now
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Deletes the temp files a killed writer left in `dir` (not recursive): those of a process that is
 * gone, and any older than `maxAgeMs` (the pid may have been reused). Another running Carefold
 * process's in-flight temp is left alone. Returns how many were removed.
 */
export function removeStaleTemps(dir: string, maxAgeMs = 10 * 60_000, now = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m) continue;
    const file = join(dir, name);
    try {
      if (alive(Number(m[1])) && now - statSync(file).mtimeMs < maxAgeMs) continue;
      rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}
