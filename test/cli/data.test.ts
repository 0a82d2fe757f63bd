/** `carefold data delete --all` through the real bin script: it asks without --yes, and deletes only on "yes". */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import { createEngine } from "../../src/engine/engine";
import { runCarefold } from "../support/carefoldCli";
import { REPO } from "../support/engineHarness";
import { tempDir } from "../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const CANARY = "clicanary5e1f0a";

/** A data folder with a conversation, a note and an attachment, each holding the canary. */
async function seed(): Promise<void> {
  const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO });
  await engine["notes.write"]({ name: "visit.md", content: `# Visit\n${CANARY}\n` });
  const a = await engine["attachments.add"]({ name: "labs.txt", dataBase64: Buffer.from(`${CANARY}\n`).toString("base64") });
  const done = new Promise((resolve) => engine.onEvent((e) => e.type === "done" && resolve(e)));
  await engine["consult.ask"]({ text: `Plan my visit ${CANARY}`, attachmentIds: [a.id] });
  await done;
  await engine.close();
}

function holdsCanary(dir: string): boolean {
  return readdirSync(dir).some((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? holdsCanary(full) : readFileSync(full).includes(CANARY);
  });
}

describe("carefold data delete --all", () => {
  it("asks first and deletes nothing unless the answer is yes", async () => {
    await seed();
    for (const answer of ["no\n", ""]) {
      const r = await runCarefold(["data", "delete", "--all", "--data-dir", tmp.dir], answer);
      expect(r.code, answer).toBe(1);
      expect(r.stderr).toContain('Type "yes" to delete everything');
      expect(r.stderr).toContain("Nothing was deleted.");
    }
    expect(holdsCanary(tmp.dir)).toBe(true);

    const r = await runCarefold(["data", "delete", "--all", "--data-dir", tmp.dir], "yes\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Deleted 1 conversation(s), 1 attachment(s) and 1 note(s)");
    expect(holdsCanary(tmp.dir)).toBe(false);
  });

  it("--yes deletes without asking; --json prints what went", async () => {
    await seed();
    const r = await runCarefold(["data", "delete", "--all", "--yes", "--json", "--data-dir", tmp.dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain("Type");
    expect(JSON.parse(r.stdout)).toEqual({ dataDir: tmp.dir, threads: 1, attachments: 1, notes: 1, walCleared: true });
    expect(holdsCanary(tmp.dir)).toBe(false);
    const audit = await runCarefold(["audit", "verify", "--data-dir", tmp.dir]);
    expect(audit.code).toBe(0);
  });

  it("needs --all, and does not create a data folder that is not there", async () => {
    const inProcess = async (args: string[]) => {
      const stderr = new PassThrough();
      const err: string[] = [];
      stderr.on("data", (c: Buffer) => err.push(c.toString()));
      const code = await runCli(args, { stdin: new PassThrough(), stdout: new PassThrough(), stderr, cwd: tmp.dir, env: {} });
      return { code, stderr: err.join("") };
    };
    expect((await inProcess(["data", "delete", "--yes", "--data-dir", tmp.dir])).code).toBe(2);
    expect((await inProcess(["data", "wipe", "--all", "--data-dir", tmp.dir])).code).toBe(2);
    const r = await inProcess(["data", "delete", "--all", "--yes", "--data-dir", join(tmp.dir, "nope")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("nothing was deleted");
    expect(readdirSync(tmp.dir)).toEqual([]);
  });
});
