/** The specialists' file tools on an encrypted workspace: they see the text, the disk holds only ciphertext. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CarefoldBackend, workspaceRoots } from "../../../src/engine/agents/workspaceBackend";
import { FileSealer, isSealed } from "../../../src/engine/storage/sealedFile";
import { tempDir } from "../../support/tempDir";

const REPO = join(__dirname, "..", "..", "..");
const CANARY = "CANARY-tools-91ac";
let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

function backend() {
  mkdirSync(join(tmp.dir, "workspace", "notes"), { recursive: true });
  return new CarefoldBackend(workspaceRoots(REPO, tmp.dir), new FileSealer(tmp.dir, randomBytes(32)));
}

describe("workspace tools on sealed files", () => {
  it("write, read, grep and edit see the text; the file on disk is sealed", async () => {
    const b = backend();
    expect(b.write("/workspace/notes/plan.md", `# Plan\nask about ${CANARY}\n`)).toEqual({ path: "/workspace/notes/plan.md" });
    const onDisk = readFileSync(join(tmp.dir, "workspace", "notes", "plan.md"));
    expect(isSealed(onDisk)).toBe(true);
    expect(onDisk.includes(Buffer.from(CANARY))).toBe(false);
    const read = await b.read("/workspace/notes/plan.md");
    expect(read).toMatchObject({ content: `# Plan\nask about ${CANARY}\n`, totalLines: 2, startLine: 1, endLine: 2 });
    expect((await b.read("/workspace/notes/plan.md", 1, 1)).content).toBe(`ask about ${CANARY}`);
    expect((await b.grep(CANARY, "/workspace/")).matches).toEqual([{ path: "/workspace/notes/plan.md", line: 2, text: `ask about ${CANARY}` }]);
    expect((await b.grep(CANARY, "/workspace/", "*.txt")).matches).toEqual([]);
    expect(b.edit("/workspace/notes/plan.md", "ask about", "bring")).toMatchObject({ occurrences: 1 });
    expect(b.readText("/workspace/notes/plan.md")).toBe(`# Plan\nbring ${CANARY}\n`);
    expect((await b.readRaw("/workspace/notes/plan.md")).data?.content).toBe(`# Plan\nbring ${CANARY}\n`);
    const [download] = await b.downloadFiles(["/workspace/notes/plan.md"]);
    expect(Buffer.from(download!.content!).toString()).toBe(`# Plan\nbring ${CANARY}\n`);
  });

  it("an old plain workspace file is read and sealed; skills are read as they are and never rewritten", async () => {
    const b = backend();
    const old = join(tmp.dir, "workspace", "AGENTS.md");
    writeFileSync(old, `remember ${CANARY}\n`);
    expect((await b.read("/workspace/AGENTS.md")).content).toBe(`remember ${CANARY}\n`);
    expect(isSealed(readFileSync(old))).toBe(true);
    const skill = readdirSync(join(REPO, "skills")).find((d) => !d.startsWith("."))!;
    const file = join(REPO, "skills", skill, "SKILL.md");
    const before = readFileSync(file);
    expect(b.readText(`/skills/${skill}/SKILL.md`)).toBe(before.toString("utf8"));
    expect(((await b.read(`/skills/${skill}/SKILL.md`)).content as string).length).toBeGreaterThan(0);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
