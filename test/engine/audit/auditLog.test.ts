/** The hash-chained audit log: appends, verification, tamper and truncation detection, torn lines. */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuditLog, AuditWriteError, verifyAuditLog } from "../../../src/engine/audit/auditLog";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

function writeSome(n: number) {
  const log = new AuditLog(tmp.dir);
  for (let i = 0; i < n; i++) log.record({ event: "tool", thread: "t1", tool: "read_file", decision: "allowed", durationMs: i });
  return log;
}

const lines = () => readFileSync(join(tmp.dir, "audit.jsonl"), "utf8").trimEnd().split("\n");

describe("audit log", () => {
  it("chains entries and verifies clean", () => {
    writeSome(5);
    const entries = lines().map((l) => JSON.parse(l));
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[1].prev).toBe(entries[0].hash);
    expect(verifyAuditLog(tmp.dir)).toEqual({ ok: true, entries: 5, problems: [] });
  });

  it("continues the chain across reopen", () => {
    writeSome(2);
    new AuditLog(tmp.dir).record({ event: "run", decision: "answered" });
    expect(verifyAuditLog(tmp.dir)).toMatchObject({ ok: true, entries: 3 });
  });

  it("rejects free-text fields it does not know (no message bodies)", () => {
    const log = new AuditLog(tmp.dir);
    expect(() => log.record({ event: "run", text: "my secret symptoms" } as never)).toThrow(AuditWriteError);
    expect(() => log.record({ event: "run", detail: { note: "x".repeat(500) } })).toThrow(AuditWriteError);
  });

  it("detects an edited line", () => {
    writeSome(4);
    const l = lines();
    l[1] = l[1]!.replace('"allowed"', '"denied"');
    writeFileSync(join(tmp.dir, "audit.jsonl"), l.join("\n") + "\n");
    const r = verifyAuditLog(tmp.dir);
    expect(r.ok).toBe(false);
    expect(r.problems.join()).toContain("line 2: content does not match its hash");
  });

  it("detects a removed line in the middle", () => {
    writeSome(4);
    const l = lines();
    l.splice(1, 1);
    writeFileSync(join(tmp.dir, "audit.jsonl"), l.join("\n") + "\n");
    expect(verifyAuditLog(tmp.dir).problems.join()).toContain("previous-hash link broken");
  });

  it("detects truncation at the end against the head", () => {
    writeSome(4);
    const l = lines();
    writeFileSync(join(tmp.dir, "audit.jsonl"), l.slice(0, 2).join("\n") + "\n");
    const r = verifyAuditLog(tmp.dir);
    expect(r.ok).toBe(false);
    expect(r.problems.join()).toContain("truncated");
  });

  it("moves a head left one entry behind by a crash up on reopen, but never over a truncation", () => {
    writeSome(3);
    const head = readFileSync(join(tmp.dir, "audit.head"), "utf8");
    writeSome(1); // entry 4, then "killed" before the head moved: put the old head back
    writeFileSync(join(tmp.dir, "audit.head"), head);
    expect(verifyAuditLog(tmp.dir).ok).toBe(false);
    new AuditLog(tmp.dir);
    expect(verifyAuditLog(tmp.dir)).toEqual({ ok: true, entries: 4, problems: [] });

    // Two entries behind is no crash artifact: it stays detectable.
    writeFileSync(join(tmp.dir, "audit.jsonl"), lines().slice(0, 2).join("\n") + "\n");
    new AuditLog(tmp.dir);
    expect(verifyAuditLog(tmp.dir).ok).toBe(false);
  });

  it("detects deletion of the whole log", () => {
    writeSome(1);
    writeFileSync(join(tmp.dir, "audit.jsonl"), "");
    expect(verifyAuditLog(tmp.dir).ok).toBe(false);
  });

  it("repairs a torn last line after a crash, recording the recovery in the chain", () => {
    writeSome(3);
    appendFileSync(join(tmp.dir, "audit.jsonl"), '{"seq":4,"time":"2026');
    const log = new AuditLog(tmp.dir);
    log.record({ event: "run", decision: "answered" });
    const r = verifyAuditLog(tmp.dir);
    expect(r).toMatchObject({ ok: true, entries: 5 });
    expect(lines().some((l) => l.includes('"recovery"'))).toBe(true);
  });

  it("surfaces write failures instead of swallowing them", () => {
    const log = new AuditLog(tmp.dir);
    (log as unknown as { file: string }).file = join(tmp.dir, "missing-dir", "x", "audit.jsonl");
    expect(() => log.record({ event: "run" })).toThrow(AuditWriteError);
  });
});
