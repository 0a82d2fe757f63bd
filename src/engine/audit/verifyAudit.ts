/**
 * `audit verify`'s check of the keyed chain (auditChain.ts): every entry's MAC (or, before the key,
 * its SHA-256) and link, the head's MAC, and where the log ends against the head. The damage the
 * writer found and recorded on opening the log (a `recovery` entry) stays a problem here for good.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DAMAGE_DECISIONS,
  entryIntact,
  follows,
  GENESIS,
  isKeyed,
  parseEntry,
  readHead,
  type ChainEntry,
  type ChainPoint,
  type DamageDecision,
} from "./auditChain";
import { AuditKeyError, FileAuditKeyStore, keysDirForLogs } from "./auditKey";

export interface VerifyResult {
  ok: boolean;
  entries: number;
  problems: string[];
  /** Findings that are not problems (a crash artifact the app repairs, a log from before the key). */
  notes: string[];
}

const num = (detail: unknown, field: string): number | null => {
  const v = (detail as Record<string, unknown> | undefined)?.[field];
  return typeof v === "number" ? v : null;
};

function describeDamage(n: number, decision: DamageDecision, detail: unknown): string {
  const headSeq = num(detail, "headSeq");
  const logSeq = num(detail, "logSeq");
  const at = `line ${n}: on opening the log the app found`;
  switch (decision) {
    case "log_truncated":
      return `${at} it truncated: entries ${(logSeq ?? 0) + 1}–${headSeq ?? "?"} were missing (the head recorded entry ${headSeq ?? "?"}, the log ended at ${logSeq ?? "?"})`;
    case "tail_mismatch":
      return `${at} its end replaced or edited: the head recorded entry ${headSeq ?? "?"}, the log ended at entry ${logSeq ?? "?"} and did not match it`;
    case "head_invalid":
      return `${at} audit.head edited, forged or unreadable (the log ended at entry ${logSeq ?? "?"})`;
    case "head_missing":
      return `${at} audit.head missing (the log ended at entry ${logSeq ?? "?"})`;
  }
}

/**
 * Checks the chain in `logsDir`. `key`: the audit key; by default read from `<data>/keys/audit.key`
 * beside logs/ (never created here). Without a key, keyed entries cannot be checked: a problem.
 */
export function verifyAuditLog(logsDir: string, key?: Buffer | null): VerifyResult {
  const file = join(logsDir, "audit.jsonl");
  const headFile = join(logsDir, "audit.head");
  const problems: string[] = [];
  const notes: string[] = [];
  if (key === undefined) {
    const store = new FileAuditKeyStore(keysDirForLogs(logsDir));
    try {
      key = store.read();
    } catch (err) {
      if (!(err instanceof AuditKeyError)) throw err;
      problems.push(err.message);
      key = null;
    }
  }

  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
  if (lines.at(-1) === "") lines.pop();
  let end: ChainPoint = { seq: 0, hash: GENESIS };
  let last: ChainEntry | null = null;
  let keyedFrom: number | null = null;
  let legacyEntries = 0;
  let unchecked = 0;
  let tornAt: number | null = null;
  lines.forEach((raw, index) => {
    const n = index + 1;
    const entry = parseEntry(raw);
    if (!entry) {
      if (tornAt !== null) problems.push(`line ${tornAt}: unreadable line not followed by a recovery entry`);
      tornAt = n;
      return;
    }
    if (tornAt !== null) {
      // The writer closes a torn line and records that right after it; anything else is damage.
      if (entry.event !== "recovery" || entry.decision !== "torn_line_closed") problems.push(`line ${tornAt}: unreadable line not followed by a recovery entry`);
      tornAt = null;
    }
    if (isKeyed(entry)) keyedFrom ??= n;
    else if (keyedFrom !== null) problems.push(`line ${n}: unkeyed entry after keyed ones (downgraded or forged)`);
    else legacyEntries++;
    if (entry.prev !== end.hash) problems.push(`line ${n}: previous-hash link broken (entry removed, reordered or edited)`);
    if (entry.seq !== end.seq + 1) problems.push(`line ${n}: sequence ${entry.seq} where ${end.seq + 1} was expected`);
    const intact = entryIntact(entry, key);
    if (intact === null) unchecked++;
    else if (!intact) problems.push(isKeyed(entry) ? `line ${n}: content does not match its MAC (edited, or written without the key)` : `line ${n}: content does not match its hash (edited)`);
    if (entry.event === "recovery" && DAMAGE_DECISIONS.includes(entry.decision as DamageDecision)) problems.push(describeDamage(n, entry.decision as DamageDecision, entry.detail));
    end = { seq: entry.seq, hash: entry.hash };
    last = entry;
  });
  if (tornAt !== null) problems.push(`line ${tornAt}: unreadable last line`);
  if (unchecked > 0) problems.push(`${unchecked} keyed entr${unchecked === 1 ? "y" : "ies"} could not be checked without a usable audit key (${new FileAuditKeyStore(keysDirForLogs(logsDir)).file})`);
  if (legacyEntries > 0) notes.push(`entries 1–${legacyEntries} predate the audit key (unkeyed SHA-256 chain, checked as such)`);

  checkHead(headFile, key, end, last, keyedFrom !== null, problems, notes);
  return { ok: problems.length === 0, entries: end.seq, problems, notes };
}

function checkHead(headFile: string, key: Buffer | null, end: ChainPoint, last: ChainEntry | null, keyed: boolean, problems: string[], notes: string[]): void {
  const head = readHead(headFile, key);
  // The writer keys the head before it stores a new key: beside a key, the head is always keyed.
  if (head.kind === "missing") {
    if (end.seq > 0) problems.push("audit.head is missing");
    else if (key) problems.push("audit.head is missing although the audit key exists (log and head deleted?)");
    return;
  }
  if (head.kind === "unreadable") return void problems.push("audit.head is unreadable");
  if (head.kind === "legacy" && (keyed || key)) return void problems.push("audit.head has no MAC although the log is keyed or its key exists (replaced, or forged without the key)");
  if (head.kind === "keyed" && head.valid === false) return void problems.push("audit.head does not match its MAC (edited, or forged without the key)");
  if (head.kind === "keyed" && head.valid === null) problems.push("audit.head could not be checked without the audit key");
  const recorded = head.point;
  if (recorded.seq === end.seq && recorded.hash === end.hash) return;
  // Killed between appending an entry and moving the head: the log is exactly one intact, linked
  // entry ahead. Harmless; the app moves the head on its next start.
  if (last && follows(last, recorded) && entryIntact(last, key) === true) {
    notes.push(`the last entry (${end.seq}) was written but the head still names entry ${recorded.seq} (the app stopped between the two writes; it moves the head on its next start)`);
    return;
  }
  if (end.seq < recorded.seq) {
    problems.push(`the log ends at entry ${end.seq} but the head records entry ${recorded.seq} (truncated: entries ${end.seq + 1}–${recorded.seq} are missing)`);
  } else {
    problems.push(`the log ends at entry ${end.seq} but the head records entry ${recorded.seq} (replaced or edited)`);
  }
}
