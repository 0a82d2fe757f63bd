/**
 * Attachments the user adds (records, letters, EOBs). Files are stored under
 * <data>/workspace/attachments/<id>/ with metadata in SQLite; text is extracted for context loading,
 * and truncation is recorded honestly (pages read of pages total).
 */
import { mkdirSync, rmSync } from "node:fs";
import { extname, join } from "node:path";
import { MAX_ATTACHMENT_BYTES, type Attachment } from "../../shared/contract";
import { EngineError } from "../../shared/rpc";
import { newId } from "../ids";
import { migrate, type Db } from "../storage/database";
import { writeFileAtomic } from "../storage/atomicWrite";
import { lexists, NotContainedError, readContained } from "../storage/containedFile";
import { ATTACHMENTS_QUOTA, inMiB } from "./quotas";

/** A "page" of plain text for honest truncation reporting (roughly one printed page). */
export const TEXT_PAGE_CHARS = 3000;
/** How many pages of one attachment are read into a consult's context (small local models). */
export const MAX_CONTEXT_PAGES = 4;

const TEXT_TYPES: Record<string, string> = {
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".json": "application/json",
  ".xml": "application/xml",
  ".html": "text/html",
};

export function safeFileName(name: string): string {
  const base = name.normalize("NFKC").replace(/[\\/]/g, "_").replace(/[^\p{L}\p{N} ._-]/gu, "_").replace(/^\.+/, "_");
  return (base || "attachment").slice(0, 120);
}

export interface ExtractedText {
  text: string | null;
  pagesTotal: number | null;
  problem: string | null;
}

export function extractText(name: string, bytes: Buffer): ExtractedText {
  const ext = extname(name).toLowerCase();
  if (!(ext in TEXT_TYPES)) {
    return { text: null, pagesTotal: null, problem: `Carefold cannot read ${ext || "this kind of"} files yet; it is kept with your attachments.` };
  }
  if (bytes.includes(0)) return { text: null, pagesTotal: null, problem: "This file is not readable text." };
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return { text, pagesTotal: Math.max(1, Math.ceil(text.length / TEXT_PAGE_CHARS)), problem: null };
}

interface Row {
  id: string;
  name: string;
  mime: string;
  size: number;
  added_at: string;
  stored_as: string;
  pages_read: number | null;
  pages_total: number | null;
  problem: string | null;
}

function toAttachment(r: Row): Attachment {
  return {
    id: r.id,
    name: r.name,
    mime: r.mime,
    size: r.size,
    addedAt: r.added_at,
    pagesRead: r.pages_read,
    pagesTotal: r.pages_total,
    problem: r.problem,
  };
}

export class AttachmentsStore {
  constructor(
    private readonly db: Db,
    readonly dir: string,
    private readonly quota: { maxCount: number; maxTotalBytes: number } = ATTACHMENTS_QUOTA,
  ) {
    mkdirSync(dir, { recursive: true });
    migrate(db, "attachments", [
      `CREATE TABLE attachments (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, mime TEXT NOT NULL, size INTEGER NOT NULL,
        added_at TEXT NOT NULL, stored_as TEXT NOT NULL, pages_read INTEGER, pages_total INTEGER, problem TEXT)`,
    ]);
  }

  add(name: string, dataBase64: string, mime?: string): Attachment {
    const bytes = Buffer.from(dataBase64, "base64");
    if (bytes.length > MAX_ATTACHMENT_BYTES) throw new EngineError("invalid_input", "Attachment is larger than 20 MiB");
    this.checkQuota(bytes.length);
    const id = newId();
    const safe = safeFileName(name);
    const folder = join(this.dir, id);
    const extracted = extractText(safe, bytes);
    writeFileAtomic(join(folder, safe), bytes);
    if (extracted.text !== null) writeFileAtomic(join(folder, "extracted.txt"), extracted.text);
    const row: Row = {
      id,
      name: name.slice(0, 255),
      mime: mime || TEXT_TYPES[extname(safe).toLowerCase()] || "application/octet-stream",
      size: bytes.length,
      added_at: new Date().toISOString(),
      stored_as: safe,
      pages_total: extracted.pagesTotal,
      pages_read: extracted.pagesTotal === null ? null : Math.min(extracted.pagesTotal, MAX_CONTEXT_PAGES),
      problem: extracted.problem,
    };
    try {
      this.db
        .prepare(
          `INSERT INTO attachments (id, name, mime, size, added_at, stored_as, pages_read, pages_total, problem)
           VALUES (@id, @name, @mime, @size, @added_at, @stored_as, @pages_read, @pages_total, @problem)`,
        )
        .run(row);
    } catch (err) {
      rmSync(folder, { recursive: true, force: true });
      throw err;
    }
    return toAttachment(row);
  }

  private checkQuota(adding: number): void {
    const { count, total } = this.db.prepare("SELECT COUNT(*) AS count, COALESCE(SUM(size), 0) AS total FROM attachments").get() as { count: number; total: number };
    if (count >= this.quota.maxCount) {
      throw new EngineError("quota_exceeded", `You have ${count} attachments, the most Carefold keeps. Remove attachments you no longer need first.`);
    }
    if (total + adding > this.quota.maxTotalBytes) {
      throw new EngineError("quota_exceeded", `Your attachments would take more than ${inMiB(this.quota.maxTotalBytes)}. Remove attachments you no longer need first.`);
    }
  }

  list(): Attachment[] {
    return (this.db.prepare("SELECT * FROM attachments ORDER BY added_at DESC").all() as Row[]).map(toAttachment);
  }

  get(id: string): Attachment | null {
    const row = this.db.prepare("SELECT * FROM attachments WHERE id = ?").get(id) as Row | undefined;
    return row ? toAttachment(row) : null;
  }

  /** Text as read into context: at most MAX_CONTEXT_PAGES pages. */
  contextText(id: string): string | null {
    const file = join(this.dir, id, "extracted.txt");
    if (!lexists(file)) return null;
    try {
      // Never through a link planted in place of the text or of the attachment's folder, nor a hard link.
      return readContained(this.dir, file).slice(0, MAX_CONTEXT_PAGES * TEXT_PAGE_CHARS);
    } catch (err) {
      if (err instanceof NotContainedError) return null;
      throw err;
    }
  }

  remove(id: string): boolean {
    const removed = this.forget([id]) > 0;
    this.removeFiles([id]);
    return removed;
  }

  /** Deletes the rows only (inside a caller's transaction); removeFiles follows once it committed. */
  forget(ids: readonly string[]): number {
    const del = this.db.prepare("DELETE FROM attachments WHERE id = ?");
    return ids.reduce((n, id) => n + del.run(id).changes, 0);
  }

  forgetAll(): number {
    return this.db.prepare("DELETE FROM attachments").run().changes;
  }

  removeFiles(ids: readonly string[]): void {
    for (const id of ids) rmSync(join(this.dir, id), { recursive: true, force: true });
  }
}
