/**
 * Issue 19 item 2 through the running engine: a legacy pack tree migrated with `carefold migrate` into
 * the data folder's user content folder is picked up without a restart — listed by `content.packs`, in
 * the catalog, routed to by the real router, and its own skill is readable at /skills/<id>/ — while a
 * pack that fails validation is not loaded and the app is told which and why. `carefold route
 * --data-dir` routes to the migrated agent too.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import type { CliIO } from "../../src/cli/types";
import { createEngine, type Engine } from "../../src/engine/engine";
import { userContentDir } from "../../src/engine/content";
import { scriptedProvider } from "../support/scriptedChatModel";
import { EventLog, REPO } from "../support/engineHarness";
import { tempDir } from "../support/tempDir";

const LEGACY = join(REPO, "test", "fixtures", "legacy-packs", "well-formed");
const KNEE_QUESTION = "Help me get ready for my knee doctor visit, my knee is swollen";

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

function io(): CliIO & { out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c: Buffer) => (out += c.toString()));
  stderr.on("data", (c: Buffer) => (err += c.toString()));
  return { stdin: Readable.from([""]), stdout, stderr, cwd: REPO, env: {}, out: () => out, err: () => err };
}

async function migrateInto(dataDir: string): Promise<void> {
  const t = io();
  const code = await runCli(["migrate", LEGACY, "--out", userContentDir(dataDir)], t);
  expect(code, t.err()).toBe(0);
}

describe("user content packs in the running engine", () => {
  it("a migrated legacy tree is listed, catalogued, routed to and read, without a restart", async () => {
    const provider = scriptedProvider([
      { toolCalls: [{ name: "read_file", args: { file_path: "/skills/knee-visit-prep/SKILL.md" } }] },
      { text: "Bring your knee pain diary." },
    ]);
    engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider });
    engine.consent.grantGlobal();
    expect((await engine["content.packs"]()).loaded).toEqual([]);
    expect((await engine["catalog.agents"]()).map((a) => a.id)).not.toContain("knee-visit-guide");

    await migrateInto(tmp.dir);
    const packs = await engine["content.packs"]();
    expect(packs.folder).toBe(userContentDir(tmp.dir));
    expect(packs.rejected).toEqual([]);
    expect(packs.loaded.map((p) => `${p.kind}:${p.id}`).sort()).toEqual(["agent:knee-visit-guide", "agent:walk-buddy", "skill:knee-visit-prep", "skill:walk-log"]);
    expect((await engine["catalog.agents"]()).map((a) => a.id)).toContain("knee-visit-guide");

    const log = new EventLog();
    engine.onEvent(log.push);
    const { turnId } = await engine["consult.ask"]({ text: KNEE_QUESTION });
    const done = await log.done(turnId);
    expect(done.agents).toContain("knee-visit-guide");
    expect(done.outcome).toBe("answered");
    // The user's own skill is what /skills/knee-visit-prep/ reads.
    const read = log.of("trace", turnId).find((t) => t.tool === "read_file" && t.stage === "end");
    expect(read?.ok).toBe(true);
    const toolResult = provider.model.calls[1]!.messages.find((m) => m.getType() === "tool");
    expect(JSON.stringify(toolResult?.content)).toContain("daily pain and swelling diary");
    const system = provider.model.calls[0]!.messages.find((m) => m.getType() === "system");
    expect(JSON.stringify(system?.content)).toContain("/skills/knee-visit-prep/SKILL.md");
  });

  it("a pack that fails validation is not loaded, and the app is told which and why; removing the folder removes the packs", async () => {
    engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider([]) });
    await migrateInto(tmp.dir);
    const broken = join(userContentDir(tmp.dir), "agents", "broken-guide");
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, "agent.yaml"), "name: broken-guide\nskills: [: nope\n");
    const packs = await engine["content.packs"]();
    expect(packs.rejected.map((r) => `${r.kind}:${r.id}`)).toEqual(["agent:broken-guide"]);
    expect(packs.rejected[0]!.why.length).toBeGreaterThan(0);
    for (const why of packs.rejected[0]!.why) expect(why).toMatch(/^agents\/broken-guide\//);
    expect(packs.loaded.map((p) => p.id)).toContain("knee-visit-guide");
    expect((await engine["catalog.agents"]()).map((a) => a.id)).not.toContain("broken-guide");

    rmSync(userContentDir(tmp.dir), { recursive: true, force: true });
    expect((await engine["content.packs"]()).loaded).toEqual([]);
    expect((await engine["catalog.agents"]()).map((a) => a.id)).not.toContain("knee-visit-guide");
  });

  it("carefold route --data-dir routes to the migrated agent", async () => {
    await migrateInto(tmp.dir);
    const t = io();
    expect(await runCli(["route", KNEE_QUESTION, "--json", "--data-dir", tmp.dir], t)).toBe(0);
    expect((JSON.parse(t.out()) as { agents: string[] }).agents).toContain("knee-visit-guide");
    const without = io();
    expect(await runCli(["route", KNEE_QUESTION, "--json", "--data-dir", join(tmp.dir, "elsewhere")], without)).toBe(0);
    expect((JSON.parse(without.out()) as { agents: string[] }).agents).not.toContain("knee-visit-guide");
  });
});
