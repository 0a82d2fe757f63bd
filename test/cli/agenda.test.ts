/**
 * `carefold agenda list|export`: a real engine with a scripted model (test/support) makes the
 * conversations; the CLI then saves an answer's visit agenda through the contract's agenda.export.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../src/engine/engine";
import { findContentDir } from "../../src/engine/paths";
import { EventLog } from "../support/engineHarness";
import { scriptedProvider } from "../support/scriptedChatModel";
import { runCliInProcess } from "../support/carefoldCli";
import { tempDir } from "../support/tempDir";

const tmp = tempDir();
const dataDir = join(tmp.dir, "data");
const work = join(tmp.dir, "work");
const threads = { answered: "", first: "", empty: "" };

const carefold = (args: string[]) => runCliInProcess(args, { cwd: work });

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  const provider = scriptedProvider([{ text: "First agenda: bring your walking log." }, { text: "Second agenda: write the minutes you walked each day." }]);
  const engine = createEngine({ dataDir, contentDir: findContentDir(), modelProvider: provider, hostKind: "cli" });
  const log = new EventLog();
  engine.onEvent(log.push);
  try {
    const first = await engine["consult.ask"]({ text: "Help me keep a simple daily walking log" });
    expect((await log.done(first.turnId)).outcome).toBe("answered");
    threads.first = first.threadId;
    const second = await engine["consult.ask"]({ text: "Help me plan short walks for my habit check-in" });
    expect((await log.done(second.turnId)).outcome).toBe("answered");
    threads.answered = second.threadId;
    // A conversation without an answer: the dosing request is refused at the gate.
    const refused = await engine["consult.ask"]({ text: "How many mg of metoprolol should I take tonight?" });
    expect((await log.done(refused.turnId)).outcome).toBe("refused");
    threads.empty = refused.threadId;
  } finally {
    await engine.close();
  }
});
afterAll(() => tmp.cleanup());

describe("carefold agenda export", () => {
  it("saves a conversation's agenda in this folder and prints the path", async () => {
    const r = await carefold(["agenda", "export", "--thread", threads.answered, "--data-dir", dataDir]);
    expect(r.status).toBe(0);
    const path = r.stdout.trim();
    expect(path.startsWith(join(work, "carefold-agenda-"))).toBe(true);
    expect(path.endsWith(".md")).toBe(true);
    expect(readFileSync(path, "utf8")).toContain("Second agenda: write the minutes you walked each day.");
    // No medicine was listed in that conversation: a blank "Medicines" list with lines to write on, on top.
    expect(readFileSync(path, "utf8")).toMatch(/^## Medicines\n\nNo medicines were listed in this conversation: write them here\.\n\n(- _+\n){5}\nSecond agenda/);
    expect(r.stderr).toContain('Saved the visit agenda of "Help me plan short walks for my habit check-in" to:');
    expect(readdirSync(work).filter((f) => f.endsWith(".tmp"))).toEqual([]); // written atomically: no temp left
  });

  it("--out FILE replaces that file; --out DIR saves there under the agenda's name", async () => {
    const file = join(tmp.dir, "out", "visit.md");
    mkdirSync(join(tmp.dir, "out"), { recursive: true });
    writeFileSync(file, "old");
    const r = await carefold(["agenda", "export", "--thread", threads.first, "--out", file, "--data-dir", dataDir]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(file);
    expect(readFileSync(file, "utf8")).toContain("First agenda: bring your walking log.");
    const json = await carefold(["agenda", "export", "--thread", threads.first, "--out", join(tmp.dir, "out"), "--json", "--data-dir", dataDir]);
    const saved = JSON.parse(json.stdout) as { path: string; threadId: string };
    expect(saved.threadId).toBe(threads.first);
    expect(saved.path).toMatch(/[/\\]out[/\\]carefold-agenda-\d{4}-\d{2}-\d{2}-help-me-keep-a-simple-daily-walking-log\.md$/);
    expect(existsSync(saved.path)).toBe(true);
  });

  it("without --thread exports the most recent conversation, and says so when it has no answer", async () => {
    const r = await carefold(["agenda", "export", "--data-dir", dataDir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("has no answer to export yet, so nothing was saved.");
  });

  it("a wrong thread id is a clear error with exit 2, and list shows the ids", async () => {
    for (const id of ["no-such-thread", "../../etc/passwd"]) {
      const r = await carefold(["agenda", "export", "--thread", id, "--data-dir", dataDir]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`There is no conversation with the id "${id}". See your conversations and their ids with: carefold agenda list`);
    }
    const list = await carefold(["agenda", "list", "--data-dir", dataDir]);
    expect(list.status).toBe(0);
    for (const id of Object.values(threads)) expect(list.stdout).toContain(id);
  });

  it("never creates a missing data folder, and rejects usage mistakes with exit 2", async () => {
    const missing = join(tmp.dir, "no-such-folder");
    const r = await carefold(["agenda", "export", "--data-dir", missing]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`There is no Carefold data folder at ${missing}`);
    expect(existsSync(missing)).toBe(false);
    expect((await carefold(["agenda"])).status).toBe(2);
    expect((await carefold(["agenda", "print"])).status).toBe(2);
    expect((await carefold(["agenda", "export", "--nope"])).status).toBe(2);
    expect((await carefold(["agenda", "list", "--thread", threads.first])).status).toBe(2);
  });
});
