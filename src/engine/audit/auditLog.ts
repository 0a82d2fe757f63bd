/**
 * Append-only, hash-chained audit log (`<data>/logs/audit.jsonl`, safety.md §6).
 * Lines never hold message bodies: only ids, names, decisions, rule ids and durations.
 * A head file (`audit.head`, replaced atomically) anchors the last hash so truncation is detectable.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, openSync, readFileSync, readSync, closeSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../storage/atomicWrite";

export const AuditEventKindSchema = z.enum([
  "run",
  "model",
  "tool",
  "refuse",
  "emergency",
  "consent",
  "approval",
  "synthesis",
  "error",
  "recovery",
  // The user deleted a conversation or all their data: what went (ids and counts), never the text.
  "delete",
  // The user content folder's packs were (re)loaded: how many are in use and how many were refused.
  "content",
]);
export type AuditEventKind = z.infer<typeof AuditEventKindSchema>;

/** What callers record. Strings are short identifiers, never user or model text. */
export const AuditInputSchema = z.strictObject({
  event: AuditEventKindSchema,
  thread: z.string().max(64).nullable().optional(),
  agents: z.array(z.string().max(100)).max(30).optional(),
  tool: z.string().max(100).nullable().optional(),
  decision: z.string().max(100).nullable().optional(),
  rule: z.string().max(200).nullable().optional(),
  durationMs: z.number().nonnegative().nullable().optional(),
  /** Short machine-readable detail (counts, codes); never free text from a user or model. */
  detail: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
});
export type AuditInput = z.input<typeof AuditInputSchema>;

export interface AuditEntry extends AuditInput {
  seq: number;
  time: string;
  prev: string;
  hash: string;
}

export interface AuditSink {
  record(input: AuditInput): AuditEntry;
}

export class AuditWriteError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AuditWriteError";
  }
}

const GENESIS = "0".repeat(64);

export function hashEntry(prev: string, body: Omit<AuditEntry, "hash">): string {
  return createHash("sha256").update(prev).update("\n").update(JSON.stringify(body)).digest("hex");
}

interface Head {
  seq: number;
  hash: string;
}

function readTailLine(file: string): { line: string | null; endsWithNewline: boolean } {
  if (!existsSync(file)) return { line: null, endsWithNewline: true };
  const size = statSync(file).size;
  if (size === 0) return { line: null, endsWithNewline: true };
  const chunk = Math.min(size, 64 * 1024);
  const buf = Buffer.alloc(chunk);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buf, 0, chunk, size - chunk);
  } finally {
    closeSync(fd);
  }
  const text = buf.toString("utf8");
  const endsWithNewline = text.endsWith("\n");
  const lines = text.split("\n").filter((l) => l.length > 0);
  return { line: lines.at(-1) ?? null, endsWithNewline };
}

export class AuditLog implements AuditSink {
  readonly file: string;
  readonly headFile: string;
  private head: Head = { seq: 0, hash: GENESIS };
  private knownSize = 0;

  constructor(logsDir: string, private readonly now: () => Date = () => new Date()) {
    mkdirSync(logsDir, { recursive: true });
    this.file = join(logsDir, "audit.jsonl");
    this.headFile = join(logsDir, "audit.head");
    this.resync(true);
  }

  /** Re-read the chain's tail (another process may have appended) and repair a torn last line. */
  private resync(repair: boolean): void {
    const { line, endsWithNewline } = readTailLine(this.file);
    if (line !== null && !endsWithNewline) {
      // A crash mid-append left a partial line: close it and record the recovery in the chain.
      if (!repair) throw new AuditWriteError("audit log ends with a partial line");
      const previous = this.lastCompleteHead();
      appendFileSync(this.file, "\n");
      this.knownSize = statSync(this.file).size;
      this.head = previous;
      this.record({ event: "recovery", decision: "torn_line_closed" });
      return;
    }
    let lastPrev: string | null = null;
    if (line === null) {
      this.head = { seq: 0, hash: GENESIS };
    } else {
      const parsed = JSON.parse(line) as AuditEntry;
      this.head = { seq: parsed.seq, hash: parsed.hash };
      lastPrev = parsed.prev;
    }
    this.knownSize = existsSync(this.file) ? statSync(this.file).size : 0;
    // Killed between appending a line and replacing the head file: the head is one entry behind.
    // Move it up to that entry (only ever forward by one, onto the entry it links to, so a truncated
    // or rewritten log stays detectable).
    const stored = repair && lastPrev !== null ? this.storedHead() : null;
    if (stored && stored.seq === this.head.seq - 1 && stored.hash === lastPrev) {
      writeFileAtomic(this.headFile, JSON.stringify(this.head) + "\n");
    }
  }

  private storedHead(): Head | null {
    try {
      return JSON.parse(readFileSync(this.headFile, "utf8")) as Head;
    } catch {
      return null;
    }
  }

  private lastCompleteHead(): Head {
    const lines = readFileSync(this.file, "utf8").split("\n");
    lines.pop(); // the torn remainder
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = lines[i];
      if (!l) continue;
      try {
        const e = JSON.parse(l) as AuditEntry;
        return { seq: e.seq, hash: e.hash };
      } catch {
        continue;
      }
    }
    return { seq: 0, hash: GENESIS };
  }

  record(input: AuditInput): AuditEntry {
    const parsed = AuditInputSchema.safeParse(input);
    if (!parsed.success) throw new AuditWriteError(`invalid audit event: ${parsed.error.issues[0]?.message ?? "?"}`);
    try {
      const size = existsSync(this.file) ? statSync(this.file).size : 0;
      if (size !== this.knownSize) this.resync(false);
      const body: Omit<AuditEntry, "hash"> = {
        seq: this.head.seq + 1,
        time: this.now().toISOString(),
        ...parsed.data,
        prev: this.head.hash,
      };
      const entry: AuditEntry = { ...body, hash: hashEntry(this.head.hash, body) };
      const line = JSON.stringify(entry) + "\n";
      // One write() with O_APPEND: a line is either wholly there or torn at the very end (repaired on open).
      appendFileSync(this.file, line, { flag: "a" });
      this.knownSize += Buffer.byteLength(line);
      this.head = { seq: entry.seq, hash: entry.hash };
      writeFileAtomic(this.headFile, JSON.stringify(this.head) + "\n");
      return entry;
    } catch (err) {
      if (err instanceof AuditWriteError) throw err;
      throw new AuditWriteError(`could not write the audit log at ${this.file}`, { cause: err });
    }
  }
}

export interface VerifyResult {
  ok: boolean;
  entries: number;
  problems: string[];
}

/** Check every line's hash and link, and that the chain reaches the recorded head (no truncation). */
export function verifyAuditLog(logsDir: string): VerifyResult {
  const file = join(logsDir, "audit.jsonl");
  const headFile = join(logsDir, "audit.head");
  const problems: string[] = [];
  if (!existsSync(file)) {
    return existsSync(headFile)
      ? { ok: false, entries: 0, problems: ["audit.jsonl is missing but audit.head exists (log deleted?)"] }
      : { ok: true, entries: 0, problems: [] };
  }
  const lines = readFileSync(file, "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  let prev = GENESIS;
  let seq = 0;
  let tornAt: number | null = null;
  lines.forEach((raw, index) => {
    const n = index + 1;
    let entry: AuditEntry;
    try {
      entry = JSON.parse(raw) as AuditEntry;
    } catch {
      tornAt = n;
      return;
    }
    const { hash, ...body } = entry;
    if (tornAt !== null) {
      if (entry.event !== "recovery") problems.push(`line ${tornAt}: unreadable line not followed by a recovery entry`);
      tornAt = null;
    }
    if (entry.prev !== prev) problems.push(`line ${n}: previous-hash link broken (entry removed, reordered or edited)`);
    if (entry.seq !== seq + 1) problems.push(`line ${n}: sequence ${entry.seq} where ${seq + 1} was expected`);
    if (hashEntry(entry.prev, body) !== hash) problems.push(`line ${n}: content does not match its hash (edited)`);
    prev = hash;
    seq = entry.seq;
  });
  if (tornAt !== null) problems.push(`line ${tornAt}: unreadable last line`);
  if (existsSync(headFile)) {
    try {
      const head = JSON.parse(readFileSync(headFile, "utf8")) as Head;
      if (head.seq !== seq || head.hash !== prev) {
        problems.push(`the log ends at entry ${seq} but the head records entry ${head.seq} (truncated or replaced)`);
      }
    } catch {
      problems.push("audit.head is unreadable");
    }
  } else if (seq > 0) {
    problems.push("audit.head is missing");
  }
  return { ok: problems.length === 0, entries: seq, problems };
}

export function auditLogsDir(dataDir: string): string {
  return join(dataDir, "logs");
}
