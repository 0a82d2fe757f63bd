/**
 * Reading a file only when it really lives in its folder: not a symbolic link, not under a linked
 * folder, not hard-linked to a file elsewhere. A link planted in the notes or workspace folder must not
 * turn a read (a note, a tool call, an approval's diff) into a read of a file outside it.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";

export class NotContainedError extends Error {
  constructor(readonly reason: "link" | "hard_link" | "outside" | "not_file") {
    super(
      {
        link: "it is a link to another file",
        hard_link: "it is hard-linked to a file elsewhere",
        outside: "it is not inside its folder",
        not_file: "it is not a regular file",
      }[reason],
    );
    this.name = "NotContainedError";
  }
}

/** Whether anything (a link too, even a broken one) is at `path`. */
export function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

const within = (root: string, path: string) => path === root || path.startsWith(root + sep);

/** Why `file` (which must exist) may not be read as a file of `root`; null when it may. */
export function containmentProblem(root: string, file: string): NotContainedError | null {
  const st = lstatSync(file);
  if (st.isSymbolicLink()) return new NotContainedError("link");
  // A folder is checked itself (it may be the root); a file by the folder it is in.
  if (!within(realpathSync(root), realpathSync(st.isDirectory() ? file : dirname(file)))) return new NotContainedError("outside");
  if (st.isFile() && st.nlink > 1) return new NotContainedError("hard_link");
  return null;
}

/**
 * Why nothing may be created at `file` (which does not exist yet) as a file of `root`: the nearest
 * folder above it that exists is a link out of `root`, so creating the file (and the folders it needs)
 * would write elsewhere. Null when it may.
 */
export function creationProblem(root: string, file: string): NotContainedError | null {
  const top = resolve(root);
  let dir = dirname(resolve(file));
  while (dir !== top && within(top, dir) && !lexists(dir)) dir = dirname(dir);
  if (!lexists(dir)) return null; // not even the root exists yet: everything is made inside it
  try {
    return within(realpathSync(top), realpathSync(dir)) ? null : new NotContainedError("outside");
  } catch {
    return new NotContainedError("outside"); // a broken link on the way
  }
}

/** The text of `file`, read without following a link at the last step (O_NOFOLLOW where the OS has it). */
export function readContained(root: string, file: string): string {
  return readContainedBytes(root, file).toString("utf8");
}

/** `readContained`'s bytes (an encrypted workspace file is opened from them, sealedFile.ts). */
export function readContainedBytes(root: string, file: string): Buffer {
  const problem = containmentProblem(root, file);
  if (problem) throw problem;
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new NotContainedError("not_file");
    if (st.nlink > 1) throw new NotContainedError("hard_link");
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
