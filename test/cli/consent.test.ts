/**
 * Consent from the command line: `carefold ask` stops with exit 3 and says how to allow a health
 * specialist; `--allow-health-specialists` allows them first; `carefold consent list|allow|withdraw`.
 * The model is the Ollama-protocol stub on 127.0.0.1 (scripted replies), through the real bin script.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCarefold, runCliInProcess } from "../support/carefoldCli";
import { startOllamaStub, type OllamaStub } from "../support/ollamaStub";
import { tempDir } from "../support/tempDir";

const HEART = "My cardiologist wants me to track my blood pressure before the next heart visit";

const carefold = (args: string[]) => runCliInProcess(args, { cwd: tmp.dir });

let stub: OllamaStub;
const tmp = tempDir();
beforeAll(async () => {
  stub = await startOllamaStub();
});
afterAll(async () => {
  await stub.close();
  tmp.cleanup();
});

describe("carefold ask and health specialists' consent", () => {
  it("without consent: prints how to allow it, calls no model, and exits 3", async () => {
    const dir = join(tmp.dir, "ask-no");
    const r = await runCarefold(["ask", "--ollama", "qwen2.5:3b", "--ollama-url", stub.url, "--data-dir", dir, HEART]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("needs your OK: Heart Visit Guide (cardiology-guide)");
    expect(r.stderr).toContain("A health specialist needs your OK before it can answer, so nothing was answered.");
    expect(r.stderr).toContain('carefold ask --allow-health-specialists "<question>"');
    expect(r.stderr).toContain("carefold consent allow all (or only this one: carefold consent allow cardiology-guide)");
    expect(stub.chatBodies()).toHaveLength(0);
    const json = await runCarefold(["ask", "--json", "--ollama", "qwen2.5:3b", "--ollama-url", stub.url, "--data-dir", dir, HEART]);
    expect(json.code).toBe(3);
    const events = json.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string; outcome?: string });
    expect(events.at(-1)).toMatchObject({ type: "done", outcome: "needs_consent" });
  });

  it("--allow-health-specialists allows them all (saved), then the specialist answers and exit is 0", async () => {
    const dir = join(tmp.dir, "ask-yes");
    stub.enqueue({ chunks: ["Write down each blood pressure reading with the date and time. "] });
    const r = await runCarefold(["ask", "--allow-health-specialists", "--ollama", "qwen2.5:3b", "--ollama-url", stub.url, "--data-dir", dir, HEART]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("All health specialists may now answer (saved for this data folder; undo with: carefold consent withdraw all)");
    expect(r.stderr).toContain("answered by cardiology-guide");
    expect(r.stdout).toContain("Write down each blood pressure reading");
    expect(r.stderr).not.toContain("needs your OK");
    const list = await carefold(["consent", "list", "--json", "--data-dir", dir]);
    expect(JSON.parse(list.stdout)).toMatchObject({ global: true, persistent: true });
  });
});

describe("carefold consent", () => {
  it("list shows each health specialist and whether it may answer", async () => {
    const dir = join(tmp.dir, "list");
    expect((await carefold(["consent", "allow", "cardiology-guide", "--data-dir", dir])).status).toBe(0);
    const r = await carefold(["consent", "list", "--data-dir", dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ {2}allowed {6}cardiology-guide +Heart Visit Guide$/m);
    expect(r.stdout).toMatch(/^ {2}not allowed {2}derma-guide +Skin Visit Guide$/m);
    expect(r.stdout).not.toContain("habit-companion"); // not a health specialist: it needs no OK
    const json = JSON.parse((await carefold(["consent", "list", "--json", "--data-dir", dir])).stdout) as { global: boolean; agents: string[]; specialists: { id: string; allowed: boolean }[] };
    expect(json).toMatchObject({ global: false, agents: ["cardiology-guide"] });
    expect(json.specialists.find((s) => s.id === "cardiology-guide")).toMatchObject({ allowed: true });
  });

  it("allow all, then withdraw all removes every OK (to all and by name)", async () => {
    const dir = join(tmp.dir, "all");
    await carefold(["consent", "allow", "derma-guide", "--data-dir", dir]);
    const allowed = await carefold(["consent", "allow", "all", "--data-dir", dir]);
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain("All health specialists may now answer. Saved for this data folder.");
    const one = await carefold(["consent", "withdraw", "derma-guide", "--data-dir", dir]);
    expect(one.stdout).toContain("all health specialists are still allowed, so it may still answer");
    await carefold(["consent", "allow", "eye-guide", "--data-dir", dir]);
    const withdrawn = await carefold(["consent", "withdraw", "all", "--data-dir", dir]);
    expect(withdrawn.status).toBe(0);
    expect(withdrawn.stdout).toContain("You withdrew your OK");
    expect(JSON.parse((await carefold(["consent", "list", "--json", "--data-dir", dir])).stdout)).toMatchObject({ global: false, agents: [] });
    expect((await carefold(["consent", "withdraw", "all", "--data-dir", dir])).stdout).toContain("No health specialist was allowed. Nothing changed.");
  });

  it("names mistakes plainly: an unknown specialist exits 2, one that needs no OK changes nothing", async () => {
    const dir = join(tmp.dir, "mistakes");
    const unknown = await carefold(["consent", "allow", "heart-doctor", "--data-dir", dir]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('There is no specialist named "heart-doctor". See the specialists\' names with: carefold consent list');
    const wellness = await carefold(["consent", "allow", "habit-companion", "--data-dir", dir]);
    expect(wellness.status).toBe(0);
    expect(wellness.stdout).toContain("is not a health specialist: it answers without your OK. Nothing changed.");
    expect((await carefold(["consent"])).status).toBe(2);
    expect((await carefold(["consent", "allow"])).status).toBe(2);
    expect((await carefold(["consent", "list", "extra"])).status).toBe(2);
    expect((await carefold(["consent", "list", "--nope"])).status).toBe(2);
  });

  it("never creates a missing data folder to list or withdraw", async () => {
    const missing = join(tmp.dir, "no-such-folder");
    const list = await carefold(["consent", "list", "--data-dir", missing]);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(`There is no Carefold data folder at ${missing}, so no health specialist is allowed there.`);
    const withdraw = await carefold(["consent", "withdraw", "all", "--data-dir", missing]);
    expect(withdraw.status).toBe(1);
    expect(withdraw.stderr).toContain("Nothing was withdrawn.");
    expect(existsSync(missing)).toBe(false);
  });
});
