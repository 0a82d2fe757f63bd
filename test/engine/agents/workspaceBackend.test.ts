/** The specialists' file backend: /skills/ read-only (user skill packs mounted over it), /workspace/ writable, nothing outside. */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CarefoldBackend } from "../../../src/engine/agents/workspaceBackend";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

function backend() {
  const skillsDir = join(tmp.dir, "bundled", "skills");
  const user = join(tmp.dir, "user", "skills", "knee-prep");
  mkdirSync(join(skillsDir, "knee-prep"), { recursive: true });
  mkdirSync(join(skillsDir, "walk-log"), { recursive: true });
  mkdirSync(user, { recursive: true });
  mkdirSync(join(tmp.dir, "workspace"), { recursive: true });
  writeFileSync(join(skillsDir, "knee-prep", "SKILL.md"), "bundled knee");
  writeFileSync(join(skillsDir, "walk-log", "SKILL.md"), "bundled walk");
  writeFileSync(join(user, "SKILL.md"), "user knee");
  return { b: new CarefoldBackend({ skillsDir, workspaceDir: join(tmp.dir, "workspace") }), user };
}

const text = async (r: unknown) => JSON.stringify(await r);

describe("CarefoldBackend", () => {
  it("reads a user skill pack in place of the bundled one of that name, and only that one", async () => {
    const { b, user } = backend();
    expect(await text(b.read("/skills/knee-prep/SKILL.md"))).toContain("bundled knee");
    b.useSkillFolders(new Map([["knee-prep", user]]));
    expect(await text(b.read("/skills/knee-prep/SKILL.md"))).toContain("user knee");
    expect(await text(b.read("/skills/walk-log/SKILL.md"))).toContain("bundled walk");
    expect(b.realPath("/skills/knee-prep/SKILL.md")).toBe(join(user, "SKILL.md"));
    b.useSkillFolders(new Map());
    expect(await text(b.read("/skills/knee-prep/SKILL.md"))).toContain("bundled knee");
  });

  it("keeps skills read-only and refuses paths that leave their folder", async () => {
    const { b, user } = backend();
    b.useSkillFolders(new Map([["knee-prep", user]]));
    expect(b.write("/skills/knee-prep/SKILL.md", "changed")).toMatchObject({ error: "Skills are read-only" });
    expect(await b.read("/skills/knee-prep/../walk-log/SKILL.md")).toHaveProperty("error");
    expect(await b.read("/workspace/../bundled/skills/walk-log/SKILL.md")).toHaveProperty("error");
    expect(b.write("/workspace/notes/a.md", "ok")).toEqual({ path: "/workspace/notes/a.md" });
  });

  it("never reads through a link planted in the workspace, nor an attachment by path", async () => {
    const { b } = backend();
    const outside = join(tmp.dir, "outside.md");
    writeFileSync(outside, "OUTSIDE-CANARY");
    mkdirSync(join(tmp.dir, "workspace", "notes"), { recursive: true });
    symlinkSync(outside, join(tmp.dir, "workspace", "notes", "planted.md"));
    symlinkSync(tmp.dir, join(tmp.dir, "workspace", "up"));
    for (const path of ["/workspace/notes/planted.md", "/workspace/up/outside.md"]) {
      expect(await text(b.read(path))).not.toContain("OUTSIDE-CANARY");
      expect(await b.read(path)).toHaveProperty("error");
      expect(b.readText(path)).toBeNull();
      expect(b.write(path, "x")).toHaveProperty("error");
    }
    mkdirSync(join(tmp.dir, "workspace", "attachments", "a1"), { recursive: true });
    writeFileSync(join(tmp.dir, "workspace", "attachments", "a1", "labs.txt"), "LAB-CANARY");
    expect(await text(b.read("/workspace/attachments/a1/labs.txt"))).toContain("attach-read");
    expect(await text(b.read("/workspace/attachments/a1/labs.txt"))).not.toContain("LAB-CANARY");
    expect(await text(b.grep("CANARY", "/workspace/"))).not.toContain("OUTSIDE-CANARY");
  });

  it("writes real folders as their virtual paths in text for the model", () => {
    const { b, user } = backend();
    b.useSkillFolders(new Map([["knee-prep", user]]));
    const ws = join(tmp.dir, "workspace");
    const said = `ENOENT: no such file or directory, open '${ws}/notes/x.md'; ${user}/SKILL.md; ${join(tmp.dir, "bundled", "skills")}/walk-log; ${tmp.dir}/carefold.db`;
    const shown = b.toVirtual(said);
    expect(shown).not.toContain(tmp.dir);
    expect(shown).toContain("open '/workspace/notes/x.md'");
    expect(shown).toContain("/skills/knee-prep/SKILL.md");
    expect(shown).toContain("/skills/walk-log");
    expect(shown).toContain("[data folder]/carefold.db");
  });
});

