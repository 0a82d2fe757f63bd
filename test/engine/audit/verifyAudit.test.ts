/** `verifyAuditLog`: what someone who can edit the log, but lacks the key, can and cannot get past. */
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../../src/engine/audit/auditLog";
import { tempDir } from "../../support/tempDir";
import { auditPaths, entries, forgeChain, readLines, writeLegacyLog, writeLines, writeSome } from "./auditFixtures";

let tmp = tempDir();
let p = auditPaths(tmp.dir);
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
  p = auditPaths(tmp.dir);
});

const verify = () => verifyAuditLog(p.logs);
const problems = () => verify().problems.join("\n");

describe("verifying the keyed audit chain", () => {
  it("finds an edited entry", () => {
    writeSome(p.logs, 4);
    const l = readLines(p.logs);
    l[1] = l[1]!.replace('"allowed"', '"denied"');
    writeLines(p.logs, l);
    expect(verify().ok).toBe(false);
    expect(problems()).toContain("line 2: content does not match its MAC (edited, or written without the key)");
  });

  it("finds a removed entry and reordered entries", () => {
    writeSome(p.logs, 4);
    const l = readLines(p.logs);
    writeLines(p.logs, [l[0]!, l[2]!, l[3]!]);
    expect(problems()).toContain("line 2: previous-hash link broken (entry removed, reordered or edited)");
    writeLines(p.logs, [l[0]!, l[2]!, l[1]!, l[3]!]);
    expect(problems()).toMatch(/line 2: previous-hash link broken[\s\S]*line 2: sequence 3 where 2 was expected/);
  });

  it("finds an edit whose every hash and the head were recomputed without the key (own key, or plain SHA-256)", () => {
    writeSome(p.logs, 4);
    const edited = entries(p.logs).map((e, i) => (i === 1 ? { ...e, decision: "denied" } : e));
    forgeChain(p.logs, edited);
    let r = verify();
    expect(r.ok).toBe(false);
    expect(r.problems).toContain("line 1: content does not match its MAC (edited, or written without the key)");
    expect(r.problems).toContain("audit.head does not match its MAC (edited, or forged without the key)");

    // The unkeyed format, as the outside test forged it: every line a valid SHA-256 chain again.
    forgeChain(p.logs, edited, { legacy: true });
    r = verify();
    expect(r.ok).toBe(false);
    expect(r.problems).toContain("audit.head has no MAC although the log is keyed or its key exists (replaced, or forged without the key)");
  });

  it("finds an entry appended without the key", () => {
    writeSome(p.logs, 2);
    const last = entries(p.logs)[1]!;
    const forged = { v: 2, seq: 3, time: new Date().toISOString(), event: "consent", decision: "granted", prev: last.hash, hash: randomBytes(32).toString("hex") };
    writeFileSync(p.log, readFileSync(p.log, "utf8") + JSON.stringify(forged) + "\n");
    expect(problems()).toContain("line 3: content does not match its MAC");
  });

  it("finds an edited or forged head", () => {
    writeSome(p.logs, 3);
    const head = JSON.parse(readFileSync(p.head, "utf8")) as Record<string, unknown>;
    writeFileSync(p.head, JSON.stringify({ ...head, seq: 2, hash: entries(p.logs)[1]!.hash }) + "\n");
    expect(problems()).toContain("audit.head does not match its MAC (edited, or forged without the key)");
    writeFileSync(p.head, JSON.stringify({ seq: 3, hash: head.hash }) + "\n");
    expect(problems()).toContain("audit.head has no MAC");
    writeFileSync(p.head, "{not json");
    expect(problems()).toContain("audit.head is unreadable");
    rmSync(p.head);
    expect(problems()).toContain("audit.head is missing");
  });

  it("reports a truncated log (behind its head) as truncated, naming the missing entries", () => {
    writeSome(p.logs, 5);
    writeLines(p.logs, readLines(p.logs).slice(0, 3));
    expect(verify()).toMatchObject({ ok: false, entries: 3, problems: ["the log ends at entry 3 but the head records entry 5 (truncated: entries 4–5 are missing)"] });
    writeLines(p.logs, []);
    expect(problems()).toContain("(truncated: entries 1–5 are missing)");
    rmSync(p.log);
    expect(problems()).toContain("(truncated: entries 1–5 are missing)");
  });

  it("tells a log one linked entry ahead of its head (a crash between the two writes) from truncation", () => {
    writeSome(p.logs, 3);
    const head = readFileSync(p.head, "utf8");
    writeSome(p.logs, 1);
    writeFileSync(p.head, head);
    expect(verify()).toEqual({
      ok: true,
      entries: 4,
      problems: [],
      notes: ["the last entry (4) was written but the head still names entry 3 (the app stopped between the two writes; it moves the head on its next start)"],
    });
    // One ahead, but the extra entry is not the app's (no key): not a crash artifact.
    const l = readLines(p.logs);
    l[3] = l[3]!.replace('"allowed"', '"denied"');
    writeLines(p.logs, l);
    expect(verify().ok).toBe(false);
  });

  it("checks an unkeyed log from before the key as before, and finds an unkeyed entry after keyed ones", () => {
    writeLegacyLog(p.logs, 2);
    expect(verify()).toMatchObject({ ok: true, entries: 2 });
    const l = readLines(p.logs);
    l[0] = l[0]!.replace('"answered"', '"refused"');
    writeLines(p.logs, l);
    expect(problems()).toContain("line 1: content does not match its hash (edited)");

    rmSync(tmp.dir, { recursive: true, force: true });
    writeSome(p.logs, 2);
    const keyed = entries(p.logs);
    const legacy = auditPaths(`${tmp.dir}-legacy`);
    writeLegacyLog(legacy.logs, 3);
    const downgraded = { ...entries(legacy.logs)[2]!, prev: keyed[1]!.hash };
    writeLines(p.logs, [...readLines(p.logs), JSON.stringify(downgraded)]);
    rmSync(legacy.logs, { recursive: true, force: true });
    expect(problems()).toContain("line 3: unkeyed entry after keyed ones (downgraded or forged)");
  });

  it("reports every entry when checked with the wrong key, and says so when there is no key", () => {
    writeSome(p.logs, 3);
    const wrong = verifyAuditLog(p.logs, randomBytes(32));
    expect(wrong.ok).toBe(false);
    expect(wrong.problems.filter((x) => x.includes("does not match its MAC"))).toHaveLength(4); // 3 entries + the head
    rmSync(p.keyFile);
    expect(verify()).toMatchObject({ ok: false, problems: expect.arrayContaining([expect.stringMatching(/^3 keyed entries could not be checked without a usable audit key/)]) });
    writeFileSync(p.keyFile, Buffer.alloc(5));
    expect(problems()).toContain("has 5 bytes, not 32");
  });
});
