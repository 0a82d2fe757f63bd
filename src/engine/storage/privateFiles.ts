/**
 * Owner-only modes for what Carefold keeps in its data folder, which holds whole conversations, notes
 * and health records: files 0600, folders 0700, so no other local user can read them (POSIX; Windows
 * ignores modes and the user-data folder's ACLs apply there, so nothing here fails or acts on win32).
 *
 * The process umask is never changed (it is global to the process and its libraries): files and
 * folders are created with these modes, and what a library creates at its own mode (SQLite's database
 * file, a copied or downloaded model file) is chmod-ed right after. `tightenDataDir` brings an existing
 * installation's folder, made 0755/0644 before this, to the same modes at start-up.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Whether modes mean anything here (not on Windows). */
export const POSIX_MODES = process.platform !== "win32";

/** The group and other bits: what must be clear for a path to be owner-only. */
const SHARED_BITS = 0o077;

/**
 * What Carefold keeps in a data folder (README "Where your data lives"). Only these are tightened: the
 * desktop app's data folder is Electron's user-data folder, which also holds Chromium's own files.
 */
export const DATA_ENTRIES = [
  "carefold.db",
  "carefold.db-wal",
  "carefold.db-shm",
  "carefold.db-journal",
  "workspace",
  "logs",
  "keys",
  "models",
  "cache",
  "content",
] as const;

/**
 * Clears the group and other bits of `path` (a file or folder we own): 0644 → 0600, 0755 → 0700; the
 * owner's own bits stay (a script in a content pack keeps its x). Never follows a link. Returns whether
 * the path is owner-only now; false when it could not be changed (not ours, a read-only file system).
 */
export function makePrivate(path: string, st: Stats = lstatSync(path)): boolean {
  if (!POSIX_MODES || st.isSymbolicLink()) return true;
  if ((st.mode & SHARED_BITS) === 0) return true;
  try {
    chmodSync(path, st.mode & 0o700);
    return true;
  } catch {
    return false;
  }
}

/** `makePrivate` for a path that may not exist (a -wal file SQLite has not made yet): absent is fine. */
export function makePrivateIfExists(path: string): boolean {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch {
    return true;
  }
  return makePrivate(path, st);
}

/** A folder whose mode is not ours to decide: the home folder, or a file system root, given as a data folder. */
function sharedFolder(dir: string): boolean {
  const full = resolve(dir);
  return full === dirname(full) || full === resolve(homedir());
}

/**
 * `mkdir -p` where every folder it creates is 0700; `dir` itself (a store's own folder: notes,
 * attachments, logs, models), when it existed already with group or other bits (made by an older
 * version), is tightened. Folders above `dir` that existed are left alone.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!sharedFolder(dir)) makePrivate(dir);
}

export interface TightenResult {
  /** Files and folders whose group/other bits were cleared. */
  tightened: number;
  /** Paths that could not be changed (owned by another user, a read-only file system). */
  failed: string[];
}

const MAX_DEPTH = 32;

/** The files of a data folder that are its database (for a data folder that is the home folder). */
const DATABASE_ENTRIES = DATA_ENTRIES.filter((name) => name.startsWith("carefold.db"));

/**
 * At start-up: brings an existing data folder to owner-only modes — the folder itself 0700, and under
 * what Carefold keeps there (DATA_ENTRIES) every folder 0700 and every file 0600 (group and other bits
 * cleared). Only a folder that holds a carefold.db is touched (a Carefold data folder, not some folder
 * given by mistake); a data folder that is the home folder or a file system root keeps its own mode
 * and its other entries, only the database files are tightened. Links are never followed or changed,
 * and a hard-linked file (nlink > 1: it also lives elsewhere) is left as it is. Creates nothing, never
 * throws; cheap enough for every start (a few thousand lstat calls for a full workspace), so a file
 * the user copied in with a looser mode is tightened too.
 */
export function tightenDataDir(dataDir: string): TightenResult {
  const result: TightenResult = { tightened: 0, failed: [] };
  if (!POSIX_MODES) return result;
  const visit = (path: string, st: Stats) => {
    if ((st.mode & SHARED_BITS) === 0) return;
    if (makePrivate(path, st)) result.tightened++;
    else result.failed.push(path);
  };
  const statOf = (path: string): Stats | null => {
    try {
      return lstatSync(path);
    } catch {
      return null; // not there (never made, or removed meanwhile)
    }
  };
  const top = statOf(dataDir);
  if (!top?.isDirectory() || !statOf(join(dataDir, "carefold.db"))?.isFile()) return result;
  const shared = sharedFolder(dataDir);
  if (!shared) visit(dataDir, top);
  const stack = (shared ? DATABASE_ENTRIES : DATA_ENTRIES).map((name) => ({ path: join(dataDir, name), depth: 0 }));
  while (stack.length > 0) {
    const { path, depth } = stack.pop()!;
    const st = statOf(path);
    if (!st || st.isSymbolicLink()) continue;
    if (st.isDirectory()) {
      visit(path, st);
      if (depth >= MAX_DEPTH) continue;
      let names: string[];
      try {
        names = readdirSync(path);
      } catch {
        continue;
      }
      for (const name of names) stack.push({ path: join(path, name), depth: depth + 1 });
    } else if (st.isFile() && st.nlink === 1) {
      visit(path, st);
    }
  }
  return result;
}
