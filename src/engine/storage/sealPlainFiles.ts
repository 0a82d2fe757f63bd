/**
 * The start-time pass that finishes encrypting a data folder an older version left plain: every plain
 * file under the sealed areas (the workspace, the reading cache) is sealed in place, and the plain bytes
 * it replaced are overwritten with zeros through the old file's handle once the sealed copy has taken its
 * name (a crash before that leaves the plain file whole; after it, the sealed one). When the whole pass
 * has run, a marker says so, and from then on a plain file there is refused: Carefold never wrote it.
 * Hard-linked files (they also live elsewhere) and links are left alone and refused like any plain file.
 */
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { isAtomicTemp, writeFileAtomic } from "./atomicWrite";
import { isSealed, type FileSealer } from "./sealedFile";
import { zeroFile } from "./secureRemove";

/** In the data folder's keys/ folder: written once every plain file has been sealed. */
export const SEALED_MARKER = "files-sealed.json";

export interface SealPassResult {
  /** Files sealed in this pass (0 once the marker is there). */
  sealed: number;
  /** Whether plain files are refused from now on. */
  refusing: boolean;
}

function* regularFiles(dir: string): Generator<string> {
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* regularFiles(path);
    else if (entry.isFile() && !isAtomicTemp(entry.name)) yield path;
  }
}

/** Seals one plain file; false where it is sealed already or is not this folder's own (a hard link). */
function sealOne(sealer: FileSealer, file: string): boolean {
  const fd = openSync(file, constants.O_RDWR | (constants.O_NOFOLLOW ?? 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.nlink !== 1) return false;
    const data = readFileSync(fd);
    if (isSealed(data)) return false;
    writeFileAtomic(file, sealer.seal(file, data));
    // Note lists sort by modification time: the sealed copy keeps the old one's.
    utimesSync(file, st.atime, st.mtime);
    // The name now holds the sealed copy; the handle still reaches the plain bytes it replaced.
    zeroFile(fd, st.size);
    return true;
  } finally {
    closeSync(fd);
  }
}

/**
 * Runs the pass over `areas` (folders of the data folder) unless `keysDir`'s marker says it ran; then
 * tells `sealer` to refuse plain files. Without a data key nothing is sealed and nothing refused.
 */
export function sealPlainFiles(sealer: FileSealer, areas: readonly string[], keysDir: string): SealPassResult {
  if (!sealer.encrypts) return { sealed: 0, refusing: false };
  const marker = join(keysDir, SEALED_MARKER);
  let sealed = 0;
  if (!existsSync(marker)) {
    for (const area of areas) for (const file of regularFiles(area)) if (sealOne(sealer, file)) sealed += 1;
    writeFileAtomic(marker, JSON.stringify({ version: 1, sealedAt: new Date().toISOString() }) + "\n");
  }
  sealer.refusePlain();
  return { sealed, refusing: true };
}
