/** Shared by the audit tests: a data dir with logs/ and keys/, entries, and what an attacker without the key can write. */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AuditLog } from "../../../src/engine/audit/auditLog";

export function auditPaths(dataDir: string) {
  const logs = join(dataDir, "logs");
  return { logs, log: join(logs, "audit.jsonl"), head: join(logs, "audit.head"), keys: join(dataDir, "keys"), keyFile: join(dataDir, "keys", "audit.key") };
}

export function writeSome(logs: string, n: number): AuditLog {
  const log = new AuditLog(logs);
  for (let i = 0; i < n; i++) log.record({ event: "tool", thread: "t1", tool: "read_file", decision: "allowed", durationMs: i });
  return log;
}

export const readLines = (logs: string): string[] => readFileSync(join(logs, "audit.jsonl"), "utf8").trimEnd().split("\n");
export const writeLines = (logs: string, lines: string[]): void => writeFileSync(join(logs, "audit.jsonl"), lines.length ? lines.join("\n") + "\n" : "");
export const entries = (logs: string) => readLines(logs).map((l) => JSON.parse(l) as Record<string, unknown> & { seq: number; prev: string; hash: string; v?: number });

const sha = (prev: string, body: object) => createHash("sha256").update(prev).update("\n").update(JSON.stringify(body)).digest("hex");

/** A log as Carefold wrote it before the audit key (unkeyed SHA-256 lines, head `{seq,hash}`). */
export function writeLegacyLog(logs: string, n: number): void {
  mkdirSync(logs, { recursive: true });
  let prev = "0".repeat(64);
  const lines: string[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const body = { seq, time: new Date(2025, 0, seq).toISOString(), event: "run", decision: "answered", prev };
    const hash = sha(prev, body);
    lines.push(JSON.stringify({ ...body, hash }));
    prev = hash;
  }
  writeLines(logs, lines);
  writeFileSync(join(logs, "audit.head"), JSON.stringify({ seq: n, hash: prev }) + "\n");
}

/**
 * What someone who can edit the log but lacks the key does: rewrite the chain from `lines`, keeping
 * every field but recomputing each link and digest with a key of their own (or plain SHA-256, as
 * the unkeyed format did, with `legacy`), and write a matching head.
 */
export function forgeChain(logs: string, lines: Array<Record<string, unknown>>, mode: { legacy?: boolean; key?: Buffer } = {}): void {
  const key = mode.key ?? randomBytes(32);
  let prev = "0".repeat(64);
  const out: string[] = [];
  lines.forEach((entry, i) => {
    const { hash: _hash, v: _v, ...fields } = entry;
    const body = mode.legacy ? { ...fields, seq: i + 1, prev } : { v: 2, ...fields, seq: i + 1, prev };
    const hash = mode.legacy
      ? sha(prev, body)
      : createHmac("sha256", key).update("carefold-audit-entry\n").update(JSON.stringify(body)).digest("hex");
    out.push(JSON.stringify({ ...body, hash }));
    prev = hash;
  });
  writeLines(logs, out);
  const seq = lines.length;
  const head = mode.legacy
    ? { seq, hash: prev }
    : { v: 2, seq, hash: prev, mac: createHmac("sha256", key).update(`carefold-audit-head\n${seq}\n${prev}`).digest("hex") };
  writeFileSync(join(logs, "audit.head"), JSON.stringify(head) + "\n");
}
