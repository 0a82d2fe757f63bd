/** `carefold audit verify` on a temp data dir: intact, an edited line, a truncated tail, no log at all, a key it cannot read, usage errors. */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuditLog } from "../../src/engine/audit/auditLog";
import { runCliInProcess } from "../support/carefoldCli";
import { tempDir } from "../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const logsDir = () => join(tmp.dir, "logs");
const logFile = () => join(logsDir(), "audit.jsonl");

function writeEntries(n: number): void {
  const log = new AuditLog(logsDir());
  for (let i = 0; i < n; i++) log.record({ event: "tool", thread: "t1", tool: "read_file", decision: "ok", durationMs: i });
}

const carefold = (args: string[]) => runCliInProcess(args, { cwd: tmp.dir });

describe("carefold audit verify", () => {
  it("reports an intact log with the number of entries checked and exits 0", async () => {
    writeEntries(4);
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Entries checked: 4");
    expect(r.stdout).toContain("Intact");
    expect(r.stdout).not.toContain("Problem:");
  });

  it("finds an edited line, names it, and exits 1", async () => {
    writeEntries(4);
    const lines = readFileSync(logFile(), "utf8").split("\n");
    lines[1] = lines[1]!.replace('"decision":"ok"', '"decision":"denied"');
    writeFileSync(logFile(), lines.join("\n"));
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("Problem: line 2: content does not match its MAC (edited, or written without the key)");
    expect(r.stdout).toContain("NOT intact");
  });

  it("finds a truncated tail (the head records more entries than the log has) and exits 1", async () => {
    writeEntries(5);
    const lines = readFileSync(logFile(), "utf8").trimEnd().split("\n");
    writeFileSync(logFile(), lines.slice(0, 3).join("\n") + "\n");
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("Entries checked: 3");
    expect(r.stdout).toContain("Problem: the log ends at entry 3 but the head records entry 5 (truncated: entries 4–5 are missing)");
  });

  it("keeps reporting the truncation after the app has logged more", async () => {
    writeEntries(5);
    const lines = readFileSync(logFile(), "utf8").trimEnd().split("\n");
    writeFileSync(logFile(), lines.slice(0, 3).join("\n") + "\n");
    writeEntries(2);
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("Problem: line 4: on opening the log the app found it truncated: entries 4–5 were missing");
  });

  it("calls a log one entry ahead of its head (the app stopped between two writes) intact, with a note", async () => {
    writeEntries(2);
    const head = readFileSync(join(logsDir(), "audit.head"), "utf8");
    writeEntries(1);
    writeFileSync(join(logsDir(), "audit.head"), head);
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Note: the last entry (3) was written but the head still names entry 2");
  });

  it("says it cannot check the MACs when the key is only in the desktop keychain, and exits 3", async () => {
    writeEntries(2);
    const keys = join(tmp.dir, "keys");
    mkdirSync(keys, { recursive: true });
    renameSync(join(keys, "audit.key"), join(keys, "audit.key.enc")); // stands in for the sealed key
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(3);
    expect(r.stdout).toContain("Cannot check: the audit key is kept in the desktop app's system keychain");
    const json = await carefold(["audit", "verify", "--json", "--data-dir", tmp.dir]);
    expect(json.status).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: null, checked: false });
  });

  it("--json prints one object with ok, entries and every problem", async () => {
    writeEntries(3);
    const lines = readFileSync(logFile(), "utf8").trimEnd().split("\n");
    writeFileSync(logFile(), [lines[0], lines[2]].join("\n") + "\n");
    const r = await carefold(["audit", "verify", "--json", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    const result = JSON.parse(r.stdout.trim()) as { ok: boolean; entries: number; problems: string[]; logsDir: string };
    expect(result.ok).toBe(false);
    expect(result.logsDir).toBe(logsDir());
    expect(result.problems).toContain("line 2: previous-hash link broken (entry removed, reordered or edited)");
  });

  it("fails with 'No audit log at …' and exit 1 when the data folder does not exist", async () => {
    const missing = join(tmp.dir, "no-such-folder");
    const r = await carefold(["audit", "verify", "--data-dir", missing]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`No audit log at ${join(missing, "logs", "audit.jsonl")}: there is no Carefold data folder at ${missing}`);
    expect(r.stdout).toContain("NOT intact");
    expect(r.stdout).not.toContain("Intact:");
    expect(existsSync(missing)).toBe(false); // checking never creates the folder
    const json = await carefold(["audit", "verify", "--json", "--data-dir", missing]);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, entries: 0, problems: [expect.stringContaining("No audit log at")] });
  });

  it("fails with exit 1 when the data folder exists but its logs folder does not (deleted or moved)", async () => {
    writeEntries(2);
    rmSync(logsDir(), { recursive: true });
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`No audit log at ${logFile()}. If Carefold has used this data folder, its audit log was deleted or moved.`);
  });

  it("reports a deleted log file whose head remains as not intact", async () => {
    writeEntries(3);
    rmSync(logFile());
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("NOT intact");
  });

  it("treats a log the app opened but has not written to yet (its keyed head only) as intact", async () => {
    writeEntries(0);
    expect(existsSync(logFile())).toBe(false);
    const r = await carefold(["audit", "verify", "--json", "--data-dir", tmp.dir]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, entries: 0, problems: [], notes: [] });
  });

  it("exits 2 on usage mistakes, so 1 always means not intact", async () => {
    expect((await carefold(["audit"])).status).toBe(2);
    expect((await carefold(["audit", "check"])).status).toBe(2);
    const bad = await carefold(["audit", "verify", "--nope"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Usage: carefold audit verify");
    expect(bad.stderr).toMatch(/3 +cannot check: the audit key is kept in the desktop app's system keychain/);
  });
});
