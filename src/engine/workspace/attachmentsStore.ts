/**
 * Attachments the user adds (records, letters, EOBs, logs). Files are stored under
 * <data>/workspace/attachments/<id>/ with metadata in SQLite. Reading them (PDF pages, OCR) runs after
 * the file is saved, off the request; a consult waits for its attachments, and what was read of how much
 * is recorded honestly (pages read of pages total).
 */
import { rmSync } from "node:fs";
import { extname, join } from "node:path";
import { MAX_ATTACHMENT_BYTES, type Attachment } from "../../shared/contract";
import { EngineError } from "../../shared/rpc";
import { newId } from "../ids";
import { migrate, type Db } from "../storage/database";
import { ensurePrivateDir } from "../storage/privateFiles";
import { FileSealer } from "../storage/sealedFile";
import { contextTextOf, readDocument, type StoredDocument } from "./attachmentDocument";
import { ATTACHMENTS_QUOTA, inMiB } from "./quotas";

export function safeFileName(name: string): string {
  const base = name.normalize("NFKC").replace(/[\\/]/g, "_").replace(/[^\p{L}\p{N} ._-]/gu, "_").replace(/^\.+/, "_");
  return (base || "attachment").slice(0, 120);
}

const TEXT_TYPES: Record<string, string> = {
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".tsv": "text/tab-separated-values",
  ".json": "application/json",
  ".xml": "application/xml",
  ".html": "text/html",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Reads a stored attachment's bytes into pages (src/engine/documents, in a worker) and stores the result. */
export interface AttachmentReader {
  read(attachment: { id: string; name: string; file: string; folder: string }, signal: AbortSignal): Promise<AttachmentReadResult>;
}

export interface AttachmentReadResult {
  status: "ready" | "failed";
  kind: string | null;
  pagesRead: number | null;
  pagesTotal: number | null;
  ocrPages: number;
  structured: Attachment["structured"];
  problem: string | null;
}

export interface AttachmentsOptions {
  quota?: { maxCount: number; maxTotalBytes: number };
  reader?: AttachmentReader;
  /** An attachment's state changed (reading finished or failed). */
  onUpdated?: (attachment: Attachment) => void;
  /** The files, encrypted with the data folder's key (default: plain). */
  files?: FileSealer;
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
  status: "reading" | "ready" | "failed";
  kind: string | null;
  ocr_pages: number;
  structured: Attachment["structured"];
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
    status: r.status,
    kind: r.kind,
    ocrPages: r.ocr_pages,
    structured: r.structured,
  };
}

export class AttachmentsStore {
  private readonly quota: { maxCount: number; maxTotalBytes: number };
  /** The attachment, document.json and extracted.txt: sealed with the data key when there is one. */
  readonly files: FileSealer;
  /** Reading in progress, by attachment id: a consult waits for its attachments. */
  private readonly reading = new Map<string, { done: Promise<void>; stop: AbortController }>();

  constructor(
    private readonly db: Db,
    readonly dir: string,
    private readonly options: AttachmentsOptions = {},
  ) {
    this.quota = options.quota ?? ATTACHMENTS_QUOTA;
    this.files = options.files ?? new FileSealer(dir, null);
    // Records and letters: the folder is 0700, each attachment's folder 0700 and its files 0600 (writeFileAtomic).
    ensurePrivateDir(dir);
    migrate(db, "attachments", [
      `CREATE TABLE attachments (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, mime TEXT NOT NULL, size INTEGER NOT NULL,
        added_at TEXT NOT NULL, stored_as TEXT NOT NULL, pages_read INTEGER, pages_total INTEGER, problem TEXT)`,
      // Reading (PDF pages, OCR) runs after the file is saved; older rows were read when added.
      `ALTER TABLE attachments ADD COLUMN status TEXT NOT NULL DEFAULT 'ready';
       ALTER TABLE attachments ADD COLUMN kind TEXT;
       ALTER TABLE attachments ADD COLUMN ocr_pages INTEGER NOT NULL DEFAULT 0;
       ALTER TABLE attachments ADD COLUMN structured TEXT`,
    ]);
  }

  /** Saves the file and starts reading it; the attachment comes back at once, "reading". */
  add(name: string, dataBase64: string, mime?: string): Attachment {
    const bytes = Buffer.from(dataBase64, "base64");
    if (bytes.length > MAX_ATTACHMENT_BYTES) throw new EngineError("invalid_input", "Attachment is larger than 20 MiB");
    this.checkQuota(bytes.length);
    const id = newId();
    const safe = safeFileName(name);
    const folder = join(this.dir, id);
    this.files.write(join(folder, safe), bytes);
    const row: Row = {
      id,
      name: name.slice(0, 255),
      mime: mime || TEXT_TYPES[extname(safe).toLowerCase()] || "application/octet-stream",
      size: bytes.length,
      added_at: new Date().toISOString(),
      stored_as: safe,
      pages_total: null,
      pages_read: null,
      problem: null,
      status: "reading",
      kind: null,
      ocr_pages: 0,
      structured: null,
    };
    try {
      this.db
        .prepare(
          `INSERT INTO attachments (id, name, mime, size, added_at, stored_as, pages_read, pages_total, problem, status, kind, ocr_pages, structured)
           VALUES (@id, @name, @mime, @size, @added_at, @stored_as, @pages_read, @pages_total, @problem, @status, @kind, @ocr_pages, @structured)`,
        )
        .run(row);
    } catch (err) {
      rmSync(folder, { recursive: true, force: true });
      throw err;
    }
    this.startReading(row);
    return toAttachment(row);
  }

  /** Stops reading (the app is closing) and waits for the workers to end. */
  async close(): Promise<void> {
    const all = [...this.reading.values()];
    for (const r of all) r.stop.abort();
    await Promise.all(all.map((r) => r.done));
  }

  /** Reads again what was still being read when the app stopped (called once at start-up). */
  resumeReading(): void {
    for (const row of this.db.prepare("SELECT * FROM attachments WHERE status = 'reading'").all() as Row[]) this.startReading(row);
  }

  /** Resolves once the attachment is read (at once when it is, or is unknown). */
  whenRead(id: string): Promise<void> {
    return this.reading.get(id)?.done ?? Promise.resolve();
  }

  private startReading(row: Row): void {
    const reader = this.options.reader;
    if (!reader) {
      this.finish(row.id, { status: "failed", kind: null, pagesRead: null, pagesTotal: null, ocrPages: 0, structured: null, problem: "Carefold cannot read files here." });
      return;
    }
    const folder = join(this.dir, row.id);
    const stop = new AbortController();
    const run = reader
      .read({ id: row.id, name: row.name, file: join(folder, row.stored_as), folder }, stop.signal)
      .catch((err: unknown): AttachmentReadResult => ({
        status: "failed",
        kind: null,
        pagesRead: null,
        pagesTotal: null,
        ocrPages: 0,
        structured: null,
        problem: err instanceof Error ? err.message : String(err),
      }))
      // Stopped because the app is closing: left "reading", so the next start reads it again.
      .then((result) => (stop.signal.aborted ? undefined : this.finish(row.id, result)))
      .finally(() => this.reading.delete(row.id));
    this.reading.set(row.id, { done: run, stop });
  }

  private finish(id: string, r: AttachmentReadResult): void {
    const changed = this.db
      .prepare("UPDATE attachments SET status = ?, kind = ?, pages_read = ?, pages_total = ?, ocr_pages = ?, structured = ?, problem = ? WHERE id = ?")
      .run(r.status, r.kind, r.pagesRead, r.pagesTotal, r.ocrPages, r.structured, r.problem, id).changes;
    const attachment = changed ? this.get(id) : null;
    if (attachment) this.options.onUpdated?.(attachment);
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

  /** Text as read into context: the first MAX_CONTEXT_PAGES pages, each with its citation. */
  contextText(id: string): string | null {
    const a = this.get(id);
    return a ? contextTextOf(this.dir, id, a.name, this.files) : null;
  }

  /** What reading found (pages, table, notices, structured data), or null before or without it. */
  document(id: string): StoredDocument | null {
    return readDocument(this.dir, id, this.files);
  }

  remove(id: string): boolean {
    // Removing a file being read cancels its reading (the worker stops).
    this.reading.get(id)?.stop.abort();
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
    for (const id of ids) {
      this.reading.get(id)?.stop.abort(); // deleting deletes: no reading writes its result back afterwards
      rmSync(join(this.dir, id), { recursive: true, force: true });
    }
  }
}
