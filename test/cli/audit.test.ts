/** `carefold audit verify` on a temp data dir: intact, an edited line, a truncated tail, usage errors. */
import { PassThrough } from "node:stream";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import { AuditLog } from "../../src/engine/audit/auditLog";
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

async function carefold(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on("data", (c: Buffer) => out.push(c.toString()));
  stderr.on("data", (c: Buffer) => err.push(c.toString()));
  const status = await runCli(args, { stdin: new PassThrough(), stdout, stderr, cwd: tmp.dir, env: {} });
  return { status, stdout: out.join(""), stderr: err.join("") };
}

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
    expect(r.stdout).toContain("Problem: line 2: content does not match its hash (edited)");
    expect(r.stdout).toContain("NOT intact");
  });

  it("finds a truncated tail (the head records more entries than the log has) and exits 1", async () => {
    writeEntries(5);
    const lines = readFileSync(logFile(), "utf8").trimEnd().split("\n");
    writeFileSync(logFile(), lines.slice(0, 3).join("\n") + "\n");
    const r = await carefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("Entries checked: 3");
    expect(r.stdout).toMatch(/Problem: the log ends at entry 3 but the head records entry 5 \(truncated/);
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

  it("treats a data folder with no log yet as intact (0 entries)", async () => {
    const r = await carefold(["audit", "verify", "--json", "--data-dir", tmp.dir]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, entries: 0, problems: [] });
  });

  it("exits 2 on usage mistakes, so 1 always means not intact", async () => {
    expect((await carefold(["audit"])).status).toBe(2);
    expect((await carefold(["audit", "check"])).status).toBe(2);
    const bad = await carefold(["audit", "verify", "--nope"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Usage: carefold audit verify");
  });
});
