/** The keyed audit log's writer: appends, reopen, torn lines, crash artifacts, damage it records, legacy upgrade. */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuditLog, AuditWriteError, verifyAuditLog } from "../../../src/engine/audit/auditLog";
import { tempDir } from "../../support/tempDir";
import { auditPaths, entries, readLines, writeLegacyLog, writeLines, writeSome } from "./auditFixtures";

let tmp = tempDir();
let p = auditPaths(tmp.dir);
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
  p = auditPaths(tmp.dir);
});

const verify = () => verifyAuditLog(p.logs);

describe("audit log", () => {
  it("chains keyed entries, with the key outside logs/, and verifies clean", () => {
    writeSome(p.logs, 5);
    const e = entries(p.logs);
    expect(e.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(e.every((x) => x.v === 2 && /^[0-9a-f]{64}$/.test(x.hash))).toBe(true);
    expect(e[1]!.prev).toBe(e[0]!.hash);
    expect(existsSync(p.keyFile)).toBe(true);
    expect(readFileSync(p.head, "utf8")).toMatch(/^\{"v":2,"seq":5,"hash":"[0-9a-f]{64}","mac":"[0-9a-f]{64}"\}\n$/);
    expect(verify()).toEqual({ ok: true, entries: 5, problems: [], notes: [] });
  });

  it("continues the chain across reopen with the same key", () => {
    writeSome(p.logs, 2);
    const key = readFileSync(p.keyFile);
    new AuditLog(p.logs).record({ event: "run", decision: "answered" });
    expect(readFileSync(p.keyFile).equals(key)).toBe(true);
    expect(verify()).toMatchObject({ ok: true, entries: 3 });
  });

  it("anchors an empty log with a keyed head, so removing everything later is detected", () => {
    new AuditLog(p.logs);
    expect(JSON.parse(readFileSync(p.head, "utf8"))).toMatchObject({ v: 2, seq: 0 });
    expect(verify()).toEqual({ ok: true, entries: 0, problems: [], notes: [] });
  });

  it("rejects free-text fields it does not know (no message bodies)", () => {
    const log = new AuditLog(p.logs);
    expect(() => log.record({ event: "run", text: "my secret symptoms" } as never)).toThrow(AuditWriteError);
    expect(() => log.record({ event: "run", detail: { note: "x".repeat(500) } })).toThrow(AuditWriteError);
  });

  it("moves a head left one entry behind by a crash up on reopen, but never over a truncation", () => {
    writeSome(p.logs, 3);
    const head = readFileSync(p.head, "utf8");
    writeSome(p.logs, 1); // entry 4, then "killed" before the head moved: put the old head back
    writeFileSync(p.head, head);
    new AuditLog(p.logs);
    expect(verify()).toEqual({ ok: true, entries: 4, problems: [], notes: [] });
    expect(entries(p.logs).some((e) => e.event === "recovery")).toBe(false);

    // Two entries behind is no crash artifact: it stays detectable.
    writeLines(p.logs, readLines(p.logs).slice(0, 2));
    new AuditLog(p.logs);
    expect(verify().ok).toBe(false);
  });

  it("keeps reporting a truncation after the app logs more (a recovery entry names the missing range)", () => {
    writeSome(p.logs, 6);
    writeLines(p.logs, readLines(p.logs).slice(0, 3));
    const log = new AuditLog(p.logs);
    for (let i = 0; i < 3; i++) log.record({ event: "run", decision: "answered" });
    const damage = entries(p.logs).find((e) => e.event === "recovery");
    expect(damage).toMatchObject({ seq: 4, decision: "log_truncated", detail: { headSeq: 6, logSeq: 3 } });
    const r = verify();
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(["line 4: on opening the log the app found it truncated: entries 4–6 were missing (the head recorded entry 6, the log ended at 3)"]);
    // …and again after another start.
    new AuditLog(p.logs).record({ event: "run" });
    expect(verify().problems).toHaveLength(1);
  });

  it("records a log whose end does not match its head (an old head put back) and a forged head, then keeps reporting them", () => {
    writeSome(p.logs, 3);
    const head = readFileSync(p.head, "utf8");
    writeSome(p.logs, 2);
    writeFileSync(p.head, head); // two entries behind: no crash leaves that
    new AuditLog(p.logs).record({ event: "run" });
    expect(entries(p.logs).find((e) => e.event === "recovery")).toMatchObject({ seq: 6, decision: "tail_mismatch", detail: { headSeq: 3, logSeq: 5 } });
    expect(verify().problems).toEqual(["line 6: on opening the log the app found its end replaced or edited: the head recorded entry 3, the log ended at entry 5 and did not match it"]);

    const other = auditPaths(join(tmp.dir, "other"));
    writeSome(other.logs, 2);
    writeFileSync(other.head, JSON.stringify({ v: 2, seq: 2, hash: entries(other.logs)[1]!.hash, mac: "0".repeat(64) }) + "\n");
    new AuditLog(other.logs).record({ event: "run" });
    expect(entries(other.logs).find((e) => e.event === "recovery")).toMatchObject({ decision: "head_invalid", detail: { logSeq: 2 } });
    expect(verifyAuditLog(other.logs).problems.join()).toContain("audit.head edited, forged or unreadable");
  });

  it("records a deleted head instead of writing a new one over it", () => {
    writeSome(p.logs, 2);
    writeFileSync(p.head, "");
    new AuditLog(p.logs);
    expect(entries(p.logs).at(-1)).toMatchObject({ event: "recovery", decision: "head_invalid" });
    expect(verify().ok).toBe(false);
  });

  it("repairs a torn last line after a crash, recording the recovery in the chain", () => {
    writeSome(p.logs, 3);
    appendFileSync(p.log, '{"v":2,"seq":4,"time":"2026');
    const log = new AuditLog(p.logs);
    log.record({ event: "run", decision: "answered" });
    expect(verify()).toMatchObject({ ok: true, entries: 5, problems: [] });
    expect(readLines(p.logs)[4]).toContain('"torn_line_closed"');
  });

  it("still records the repair when a crash came right after closing the torn line", () => {
    writeSome(p.logs, 2);
    appendFileSync(p.log, '{"v":2,"seq":3,"ti\n'); // closed, but the recovery entry was never written
    new AuditLog(p.logs);
    expect(verify()).toMatchObject({ ok: true, entries: 3 });
  });

  it("continues an unkeyed log from before the key, keyed from its end", () => {
    writeLegacyLog(p.logs, 3);
    expect(verify()).toMatchObject({ ok: true, entries: 3, notes: ["entries 1–3 predate the audit key (unkeyed SHA-256 chain, checked as such)"] });
    new AuditLog(p.logs).record({ event: "run", decision: "answered" });
    const e = entries(p.logs);
    expect(e[3]).toMatchObject({ v: 2, seq: 4, event: "recovery", decision: "keyed_chain_started", detail: { legacyEntries: 3 }, prev: e[2]!.hash });
    expect(e[4]).toMatchObject({ v: 2, seq: 5 });
    expect(verify()).toMatchObject({ ok: true, entries: 5, problems: [] });
  });

  it("does not upgrade a truncated unkeyed log silently", () => {
    writeLegacyLog(p.logs, 4);
    writeLines(p.logs, readLines(p.logs).slice(0, 2));
    new AuditLog(p.logs);
    expect(entries(p.logs).at(-1)).toMatchObject({ v: 2, decision: "log_truncated", detail: { headSeq: 4, logSeq: 2 } });
    expect(verify().ok).toBe(false);
  });

  it("treats an unkeyed head beside an existing key as replaced, not as a log to upgrade", () => {
    writeSome(p.logs, 2);
    writeLegacyLog(p.logs, 3); // the whole log swapped for an unkeyed one, the key left in place
    expect(verify().ok).toBe(false);
    new AuditLog(p.logs);
    expect(entries(p.logs).at(-1)).toMatchObject({ decision: "head_invalid" });
    expect(verify().ok).toBe(false);
  });

  it("surfaces write failures instead of swallowing them", () => {
    const log = new AuditLog(p.logs);
    (log as unknown as { file: string }).file = join(tmp.dir, "missing-dir", "x", "audit.jsonl");
    expect(() => log.record({ event: "run" })).toThrow(AuditWriteError);
  });
});
