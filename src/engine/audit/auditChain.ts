/**
 * The audit chain's format, shared by the writer (auditLog.ts) and the verifier (verifyAudit.ts).
 *
 * Each line links to the one before by `prev` and carries its own chain value in `hash`:
 * - keyed entries (`"v":2`): HMAC-SHA256 under the audit key (auditKey.ts) of the line without `hash`,
 *   so editing, forging or re-linking lines needs the key, which is kept outside logs/;
 * - legacy entries (no `v`, written before the key existed): SHA-256 of prev + "\n" + the line
 *   without `hash`. Verified as before; the writer continues such a log keyed from its end.
 * The head file `audit.head` names the last entry, `{"v":2,"seq","hash","mac"}` with mac = HMAC over
 * seq and hash, so a head edited to match a cut-down log is detected.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../storage/atomicWrite";

export const GENESIS = "0".repeat(64);
export const KEYED = 2;

export interface ChainEntry {
  v?: number;
  seq: number;
  prev: string;
  hash: string;
  event?: unknown;
  decision?: unknown;
  detail?: unknown;
}

/** Where the chain stands: the last entry's seq and chain value (seq 0 and GENESIS when empty). */
export interface ChainPoint {
  seq: number;
  hash: string;
}

// Domain-separated inputs: an entry's MAC can never pass as a head's, or the other way round.
const ENTRY_CONTEXT = "carefold-audit-entry\n";
const HEAD_CONTEXT = "carefold-audit-head\n";

export function legacyHash(prev: string, body: object): string {
  return createHash("sha256").update(prev).update("\n").update(JSON.stringify(body)).digest("hex");
}

export function entryMac(key: Buffer, body: object): string {
  return createHmac("sha256", key).update(ENTRY_CONTEXT).update(JSON.stringify(body)).digest("hex");
}

export function headMac(key: Buffer, point: ChainPoint): string {
  return createHmac("sha256", key).update(`${HEAD_CONTEXT}${point.seq}\n${point.hash}`).digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isKeyed(entry: ChainEntry): boolean {
  return entry.v === KEYED;
}

/** A line as a chain entry, or null when it is not one (torn, garbage, unknown version). */
export function parseEntry(line: string): ChainEntry | null {
  let e: unknown;
  try {
    e = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof e !== "object" || e === null) return null;
  const c = e as ChainEntry;
  const shaped = Number.isSafeInteger(c.seq) && typeof c.prev === "string" && typeof c.hash === "string";
  return shaped && (c.v === undefined || c.v === KEYED) ? c : null;
}

/**
 * Whether an entry matches its own chain value: SHA-256 for a legacy entry, the MAC for a keyed one
 * (null when there is no key to check it with).
 */
export function entryIntact(entry: ChainEntry, key: Buffer | null): boolean | null {
  const { hash, ...body } = entry;
  if (!isKeyed(entry)) return legacyHash(entry.prev, body) === hash;
  return key ? sameDigest(entryMac(key, body), hash) : null;
}

/** Whether `entry` is the one right after `point` (seq + 1, linked to its chain value). */
export function follows(entry: ChainEntry, point: ChainPoint): boolean {
  return entry.seq === point.seq + 1 && entry.prev === point.hash;
}

export type StoredHead =
  | { kind: "missing" }
  | { kind: "unreadable" }
  /** Written before the key existed: no MAC. */
  | { kind: "legacy"; point: ChainPoint }
  /** valid: its MAC checks out under the key (null: no key to check it with). */
  | { kind: "keyed"; point: ChainPoint; valid: boolean | null };

export function readHead(file: string, key: Buffer | null): StoredHead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT" ? { kind: "missing" } : { kind: "unreadable" };
  }
  let h: { v?: unknown; seq?: unknown; hash?: unknown; mac?: unknown };
  try {
    h = JSON.parse(text) as typeof h;
  } catch {
    return { kind: "unreadable" };
  }
  if (typeof h !== "object" || h === null || !Number.isSafeInteger(h.seq) || typeof h.hash !== "string") return { kind: "unreadable" };
  const point = { seq: h.seq as number, hash: h.hash };
  if (h.v === undefined && h.mac === undefined) return { kind: "legacy", point };
  if (h.v !== KEYED || typeof h.mac !== "string") return { kind: "unreadable" };
  return { kind: "keyed", point, valid: key ? sameDigest(headMac(key, point), h.mac) : null };
}

export function writeHead(file: string, key: Buffer, point: ChainPoint): void {
  writeFileAtomic(file, JSON.stringify({ v: KEYED, seq: point.seq, hash: point.hash, mac: headMac(key, point) }) + "\n");
}

/**
 * Recovery decisions the writer records when it finds the log damaged on opening it: they stay in
 * the chain, so `audit verify` keeps reporting the damage after the app has logged more.
 */
export const DAMAGE_DECISIONS = ["log_truncated", "tail_mismatch", "head_invalid", "head_missing"] as const;
export type DamageDecision = (typeof DAMAGE_DECISIONS)[number];
