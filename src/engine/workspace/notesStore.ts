/**
 * Notes are markdown files in <data>/workspace/notes, encrypted with the data folder's key (FileSealer;
 * plain where the engine runs without one). Names are validated by the contract (flat, .md); every
 * write is atomic and can be revision-checked.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { containmentProblem, lexists, NotContainedError } from "../storage/containedFile";
import { dirname, join, resolve, sep } from "node:path";
import { NoteNameSchema, type Note, type NoteSummary } from "../../shared/contract";
import { EngineError } from "../../shared/rpc";
import { ensurePrivateDir } from "../storage/privateFiles";
import { FileSealer, SealedFileError } from "../storage/sealedFile";
import { inMiB, NOTES_QUOTA } from "./quotas";

export function revisionOf(content: string): string {
  return createHash("sha256").update(content).digest("hex").slice(0, 16);
}

export function titleOf(name: string, content: string): string {
  const heading = /^#\s+(.+)$/m.exec(content);
  return (heading?.[1] ?? name.replace(/\.md$/, "")).trim().slice(0, 200);
}

/**
 * The first line of a note's text after its title heading: what a note index shows under the title.
 * Markdown markers (#, -, *, >, [ ]) are dropped and whitespace collapsed; "" for a title-only note.
 */
export function firstLineOf(content: string): string {
  let skippedTitle = false;
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!skippedTitle && /^#\s+/.test(line)) {
      skippedTitle = true;
      continue;
    }
    const text = line
      .replace(/^(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)/, "")
      .replace(/\s+/g, " ")
      .trim();
    if (text && !/^[-*_=|:\s]+$/.test(text)) return text;
  }
  return "";
}

/** Told of each note written (its new text) or deleted (null) through the store: the search index. */
export type NoteListener = (name: string, content: string | null) => void;

export class NotesStore {
  private readonly listeners = new Set<NoteListener>();

  constructor(
    readonly dir: string,
    private readonly quota: { maxNotes: number; maxTotalBytes: number } = NOTES_QUOTA,
    private readonly files: FileSealer = new FileSealer(dir, null),
  ) {
    // Notes are the user's own: the folder is 0700 and each note 0600 (writeFileAtomic).
    ensurePrivateDir(dir);
  }

  private pathOf(name: string): string {
    const checked = NoteNameSchema.safeParse(name);
    if (!checked.success) throw new EngineError("invalid_input", `Invalid note name: ${name}`);
    // A link planted in place of the notes folder would take every read, write and delete elsewhere.
    if (this.folderIsLinked()) throw new EngineError("invalid_input", "Carefold does not use the notes folder: it is a link to a folder elsewhere");
    const full = resolve(this.dir, checked.data);
    if (!full.startsWith(resolve(this.dir) + sep)) throw new EngineError("invalid_input", "Note path escapes the notes folder");
    return full;
  }

  private summary(name: string, content: string, modified: Date): NoteSummary {
    return {
      name,
      title: titleOf(name, content),
      size: Buffer.byteLength(content),
      modifiedAt: modified.toISOString(),
      revision: revisionOf(content),
    };
  }

  /** Whether the notes folder is a link (or inside a linked folder) instead of a real folder of the workspace. */
  private folderIsLinked(): boolean {
    return lexists(this.dir) && containmentProblem(dirname(resolve(this.dir)), this.dir) !== null;
  }

  /**
   * A note's file for writing: never a link or a hard-linked file, whose revision check and "already
   * there" comparison would read the file it points to.
   */
  private writablePath(name: string): string {
    const file = this.pathOf(name);
    const problem = lexists(file) ? containmentProblem(this.dir, file) : null;
    if (problem) throw new EngineError("invalid_input", `Carefold does not open ${name}: ${problem.message}`);
    return file;
  }

  onChange(listener: NoteListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private changed(name: string, content: string | null): void {
    for (const listener of this.listeners) listener(name, content);
  }

  list(): NoteSummary[] {
    if (this.folderIsLinked()) return [];
    return readdirSync(this.dir, { withFileTypes: true })
      .filter((e) => e.isFile() && NoteNameSchema.safeParse(e.name).success)
      .filter((e) => containmentProblem(this.dir, join(this.dir, e.name)) === null)
      .flatMap((e) => {
        const file = join(this.dir, e.name);
        try {
          return [this.summary(e.name, this.files.readContainedText(this.dir, file), statSync(file).mtime)];
        } catch (err) {
          // A file this folder's key does not open (planted, changed, copied from elsewhere) is not a note to list.
          if (err instanceof SealedFileError) return [];
          throw err;
        }
      })
      .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt));
  }

  exists(name: string): boolean {
    return existsSync(this.pathOf(name));
  }

  read(name: string): Note {
    const file = this.pathOf(name);
    if (!lexists(file)) throw new EngineError("not_found", `No note named ${name}`);
    let content: string;
    try {
      content = this.files.readContainedText(this.dir, file);
    } catch (err) {
      if (err instanceof NotContainedError || err instanceof SealedFileError) throw new EngineError("invalid_input", `Carefold does not open ${name}: ${err.message}`);
      throw err;
    }
    return { ...this.summary(name, content, statSync(file).mtime), content };
  }

  write(name: string, content: string, expectedRevision?: string): NoteSummary {
    const file = this.writablePath(name);
    if (expectedRevision !== undefined) {
      const current = existsSync(file) ? revisionOf(this.files.readText(file)) : "";
      if (current !== expectedRevision) {
        throw new EngineError("conflict", `${name} changed since you opened it; reload it to see the latest version`);
      }
    }
    // Writing what is already there is a no-op, so applying an approved note again (after a restart) is harmless.
    const current = existsSync(file) ? this.files.readText(file) : null;
    if (current !== content) {
      this.checkQuota(current === null, Buffer.byteLength(content) - (current === null ? 0 : Buffer.byteLength(current)));
      this.files.write(file, content);
      this.changed(name, content);
    }
    return this.summary(name, content, statSync(file).mtime);
  }

  /** A new note or a larger one must fit the quota; shrinking or rewriting in place always may. */
  private checkQuota(isNew: boolean, growth: number): void {
    if (!isNew && growth <= 0) return;
    let count = 0;
    let total = 0;
    for (const e of readdirSync(this.dir, { withFileTypes: true })) {
      if (!e.isFile()) continue;
      count++;
      total += statSync(join(this.dir, e.name)).size;
    }
    if (isNew && count >= this.quota.maxNotes) {
      throw new EngineError("quota_exceeded", `You have ${count} notes, the most Carefold keeps. Delete notes you no longer need first.`);
    }
    if (total + growth > this.quota.maxTotalBytes) {
      throw new EngineError("quota_exceeded", `Your notes would take more than ${inMiB(this.quota.maxTotalBytes)}. Delete notes you no longer need first.`);
    }
  }

  delete(name: string): boolean {
    const file = this.pathOf(name);
    if (!existsSync(file)) return false;
    rmSync(file);
    this.changed(name, null);
    return true;
  }
}
