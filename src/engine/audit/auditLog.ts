/**
 * Append-only, keyed audit log (`<data>/logs/audit.jsonl`, safety.md §6).
 * Lines never hold message bodies: only ids, names, decisions, rule ids and durations.
 * Each line is chained to the one before by an HMAC under a key kept outside logs/ (auditChain.ts,
 * auditKey.ts); a MACed head file (`audit.head`, replaced atomically) anchors the last entry, so
 * edits, forgeries and truncation are detectable (verifyAudit.ts).
 */
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import {
  entryIntact,
  entryMac,
  follows,
  GENESIS,
  isKeyed,
  KEYED,
  parseEntry,
  readHead,
  writeHead,
  type ChainEntry,
  type ChainPoint,
  type DamageDecision,
} from "./auditChain";
import { FileAuditKeyStore, keysDirForLogs, newAuditKey, type AuditKeyStore } from "./auditKey";
import { ensurePrivateDir, makePrivateIfExists, PRIVATE_FILE_MODE } from "../storage/privateFiles";

export { AuditKeyError, FileAuditKeyStore, type AuditKeyStore } from "./auditKey";
export { verifyAuditLog, type VerifyResult } from "./verifyAudit";

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
  /** 2: keyed (HMAC-SHA256); absent on lines written before the audit key existed (SHA-256). */
  v?: number;
  seq: number;
  time: string;
  prev: string;
  /** The entry's chain value: its MAC (v 2) or, on a legacy line, its SHA-256. */
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

export interface AuditLogOptions {
  /** Where the chain's key lives (default: the 0600 file `<data>/keys/audit.key` beside logs/). */
  key?: AuditKeyStore;
  now?: () => Date;
}

interface Tail {
  /** The last line that is a whole entry. */
  last: ChainEntry | null;
  /** The last line is not one (a crash mid-append tore it). */
  lastUnreadable: boolean;
  endsWithNewline: boolean;
}

function fileSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

function readTail(file: string): Tail {
  const size = fileSize(file);
  if (size === 0) return { last: null, lastUnreadable: false, endsWithNewline: true };
  const chunk = Math.min(size, 64 * 1024);
  const buf = Buffer.alloc(chunk);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buf, 0, chunk, size - chunk);
  } finally {
    closeSync(fd);
  }
  const text = buf.toString("utf8");
  const lines = text.split("\n");
  if (chunk < size) lines.shift(); // starts mid-line
  const whole = lines.filter((l) => l.length > 0);
  let last: ChainEntry | null = null;
  for (let i = whole.length - 1; i >= 0 && !last; i--) last = parseEntry(whole[i]!);
  if (!last && chunk < size) {
    const all = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
    for (let i = all.length - 1; i >= 0 && !last; i--) last = parseEntry(all[i]!);
  }
  const final = whole.at(-1);
  return { last, lastUnreadable: final !== undefined && parseEntry(final) === null, endsWithNewline: text.endsWith("\n") };
}

/** Appends (O_APPEND); a log made by the append is 0600 (the mode applies only when the file is created). */
const APPEND_OPTIONS = { flag: "a", mode: PRIVATE_FILE_MODE } as const;

const pointOf = (entry: ChainEntry | null): ChainPoint => (entry ? { seq: entry.seq, hash: entry.hash } : { seq: 0, hash: GENESIS });
const samePoint = (a: ChainPoint, b: ChainPoint) => a.seq === b.seq && a.hash === b.hash;

/** What opening the log found: whether to key the head at the log's end, and what to record. */
interface Opening {
  closeLine: boolean;
  anchor: boolean;
  records: AuditInput[];
}

export class AuditLog implements AuditSink {
  readonly file: string;
  readonly headFile: string;
  private key: Buffer;
  private readonly now: () => Date;
  private head: ChainPoint = { seq: 0, hash: GENESIS };
  private knownSize = 0;

  constructor(logsDir: string, options: AuditLogOptions = {}) {
    // What the app did, when: the folder 0700, the log 0600 (APPEND_OPTIONS), the head 0600 (writeFileAtomic).
    ensurePrivateDir(logsDir);
    this.file = join(logsDir, "audit.jsonl");
    this.headFile = join(logsDir, "audit.head");
    makePrivateIfExists(this.file); // made 0644 by an older version
    this.now = options.now ?? (() => new Date());
    const store = options.key ?? new FileAuditKeyStore(keysDirForLogs(logsDir));
    const stored = store.load();
    this.key = stored ?? newAuditKey();
    let opening = this.inspect(stored !== null);
    if (opening.closeLine) appendFileSync(this.file, "\n", APPEND_OPTIONS);
    if (opening.anchor) writeHead(this.headFile, this.key, this.head);
    if (stored === null) {
      // Stored only after the head is keyed with it (see AuditKeyStore); entries come after both.
      const kept = store.create(this.key);
      if (!kept.equals(this.key)) {
        // Another process made the key first: judge the log again under theirs.
        this.key = kept;
        opening = this.inspect(true);
      }
    }
    this.knownSize = fileSize(this.file);
    for (const input of opening.records) this.record(input);
  }

  /** Reads the log's end and the head; sets this.head to the log's real end. Writes nothing. */
  private inspect(hadKey: boolean): Opening {
    const tail = readTail(this.file);
    this.head = pointOf(tail.last);
    const { anchor, record } = this.judgeHead(tail.last, hadKey);
    const records: AuditInput[] = [];
    // A crash mid-append left a partial line: the chain goes on from the last whole entry, and the
    // verifier accepts an unreadable line only when this entry comes right after it.
    if (tail.lastUnreadable) records.push({ event: "recovery", decision: "torn_line_closed" });
    if (record) records.push(record);
    return { closeLine: !tail.endsWithNewline, anchor, records };
  }

  /**
   * The head against the log's end. Damage is recorded rather than written over, so `audit verify`
   * keeps reporting it after more entries; the chain goes on from the log's real end.
   */
  private judgeHead(last: ChainEntry | null, hadKey: boolean): { anchor: boolean; record?: AuditInput } {
    const end = this.head;
    const stored = readHead(this.headFile, this.key);
    const damage = (decision: DamageDecision, detail: Record<string, number> = { logSeq: end.seq }) => ({ anchor: false, record: { event: "recovery" as const, decision, detail } });
    const cutOrReplaced = (head: ChainPoint) => damage(end.seq < head.seq ? "log_truncated" : "tail_mismatch", { headSeq: head.seq, logSeq: end.seq });

    if (stored.kind === "unreadable") return damage("head_invalid");
    if (stored.kind === "keyed" && stored.valid) {
      if (samePoint(stored.point, end)) return { anchor: false };
      // Killed between appending an entry and moving the head: move it onto that entry — only ever by
      // one MAC-valid entry that links to it, so removed entries stay detectable.
      if (last && isKeyed(last) && follows(last, stored.point) && entryIntact(last, this.key)) return { anchor: true };
      return cutOrReplaced(stored.point);
    }
    // The head is not one this key made. With a stored key, or keyed entries, it was replaced.
    if (hadKey || (last && isKeyed(last))) return damage(stored.kind === "missing" ? "head_missing" : "head_invalid");
    // No key yet: a fresh folder, a log from before the key, or a start killed after keying the head
    // but before storing its key. The head is trusted as unkeyed; the log's end must match it.
    if (stored.kind === "missing") return end.seq === 0 ? { anchor: true } : damage("head_missing");
    const oneAhead = last !== null && follows(last, stored.point) && entryIntact(last, null) === true;
    if (!samePoint(stored.point, end) && !oneAhead) return cutOrReplaced(stored.point);
    if (end.seq === 0) return { anchor: true };
    return { anchor: true, record: { event: "recovery", decision: "keyed_chain_started", detail: { legacyEntries: end.seq } } };
  }

  /** Another process appended since this one last wrote: continue after its entries. */
  private resync(): void {
    const tail = readTail(this.file);
    if (tail.lastUnreadable || !tail.endsWithNewline) throw new AuditWriteError("audit log ends with a partial line");
    this.head = pointOf(tail.last);
    this.knownSize = fileSize(this.file);
  }

  record(input: AuditInput): AuditEntry {
    const parsed = AuditInputSchema.safeParse(input);
    if (!parsed.success) throw new AuditWriteError(`invalid audit event: ${parsed.error.issues[0]?.message ?? "?"}`);
    try {
      if (fileSize(this.file) !== this.knownSize) this.resync();
      const body: Omit<AuditEntry, "hash"> = {
        v: KEYED,
        seq: this.head.seq + 1,
        time: this.now().toISOString(),
        ...parsed.data,
        prev: this.head.hash,
      };
      const entry: AuditEntry = { ...body, hash: entryMac(this.key, body) };
      const line = JSON.stringify(entry) + "\n";
      // One write() with O_APPEND: a line is either wholly there or torn at the very end (repaired on open).
      appendFileSync(this.file, line, APPEND_OPTIONS);
      this.knownSize += Buffer.byteLength(line);
      this.head = { seq: entry.seq, hash: entry.hash };
      writeHead(this.headFile, this.key, this.head);
      return entry;
    } catch (err) {
      if (err instanceof AuditWriteError) throw err;
      throw new AuditWriteError(`could not write the audit log at ${this.file}`, { cause: err });
    }
  }
}

export function auditLogsDir(dataDir: string): string {
  return join(dataDir, "logs");
}
