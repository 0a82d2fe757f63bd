/** User content packs layered over the bundled content: override by name, validate first, reload without a restart. */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FtsCatalog } from "../../src/engine/catalog";
import { loadContent } from "../../src/engine/content";
import { loadLayeredContent, reloadIfChanged, userContentDir, userContentStamp } from "../../src/engine/content/userPacks";
import { createRouting } from "../../src/engine/routing";
import { openDatabase } from "../../src/engine/storage/database";
import { edit, GOOD, goodCopy } from "./helpers";
import { EXPECTED, scratch } from "./migrateHelpers";

const MIGRATED = join(EXPECTED, "well-formed");

/** A user content folder holding copies of `packs` (e.g. "agents/knee-visit-guide") from `from`. */
function userFolder(from: string, packs: string[]): string {
  const dir = scratch("carefold-user-content-");
  for (const p of packs) cpSync(join(from, p), join(dir, p), { recursive: true });
  return dir;
}

/** A copy of a pack under a new id, with its name fields changed to match. */
function copyAs(user: string, from: string, kind: "agents" | "skills", id: string, newId: string): void {
  cpSync(join(from, kind, id), join(user, kind, newId), { recursive: true });
  if (kind === "agents") edit(user, `agents/${newId}/agent.yaml`, `name: ${id}`, `name: ${newId}`);
  else edit(user, `skills/${newId}/SKILL.md`, `name: ${id}`, `name: ${newId}`);
}

describe("loadLayeredContent", () => {
  it("is the bundled content alone when there is no user folder", () => {
    const bundled = loadContent(GOOD);
    for (const userDir of [null, join(scratch(), "absent")]) {
      const r = loadLayeredContent({ bundledDir: GOOD, userDir });
      expect(r.content.agents.map((a) => a.id)).toEqual(bundled.agents.map((a) => a.id));
      expect(r.user.loaded).toEqual([]);
      expect(r.stamp).toBe("");
    }
    expect(userContentDir("/data/Carefold")).toBe(join("/data/Carefold", "content"));
  });

  it("lets migrated packs replace bundled ones of the same name, in place", () => {
    const user = userFolder(MIGRATED, ["agents/knee-visit-guide", "skills/knee-visit-prep", "carefold-profile.yaml"]);
    const r = loadLayeredContent({ bundledDir: GOOD, userDir: user });
    expect(r.user.rejected).toEqual([]);
    expect(r.user.loaded).toEqual([
      { kind: "agent", id: "knee-visit-guide", dir: join(user, "agents/knee-visit-guide"), overrides: true },
      { kind: "skill", id: "knee-visit-prep", dir: join(user, "skills/knee-visit-prep"), overrides: true },
    ]);
    expect(r.user.notices).toEqual(["carefold-profile.yaml in the user content folder is ignored: the safety profile is always the bundled one"]);
    expect(r.content.agents.map((a) => a.id)).toEqual(loadContent(GOOD).agents.map((a) => a.id));
    expect(r.content.agents.find((a) => a.id === "knee-visit-guide")!.dir).toBe(join(user, "agents/knee-visit-guide"));
    expect(r.content.profile).toEqual(loadContent(GOOD).profile);
    expect(r.content.problems).toEqual([]);
  });

  it("adds new packs after the bundled ones", () => {
    const user = scratch("carefold-user-content-");
    copyAs(user, MIGRATED, "agents", "knee-visit-guide", "joint-guide");
    const r = loadLayeredContent({ bundledDir: GOOD, userDir: user });
    expect(r.user.rejected).toEqual([]);
    expect(r.user.loaded).toEqual([{ kind: "agent", id: "joint-guide", dir: join(user, "agents/joint-guide"), overrides: false }]);
    expect(r.content.agents.map((a) => a.id).at(-1)).toBe("joint-guide");
  });

  it("does not load a pack that fails validation, and says which and why", () => {
    const user = userFolder(MIGRATED, ["agents/walk-buddy", "skills/walk-log"]);
    copyAs(user, MIGRATED, "agents", "knee-visit-guide", "joint-guide");
    writeFileSync(join(user, "agents/joint-guide/persona.md"), "## ROLE & EMPATHY\n\nShort.\n\n## CLINICAL SCOPE & FOCUS\n\nKnees.\n");
    mkdirSync(join(user, "skills/broken-skill"), { recursive: true });
    writeFileSync(join(user, "skills/broken-skill/SKILL.md"), "no frontmatter\n");
    // An agent whose skill was refused is refused too: it could never be routed to.
    copyAs(user, MIGRATED, "agents", "walk-buddy", "stroll-buddy");
    edit(user, "agents/stroll-buddy/agent.yaml", "  - walk-log", "  - broken-skill");
    const r = loadLayeredContent({ bundledDir: GOOD, userDir: user });
    expect(r.user.loaded.map((p) => `${p.kind}:${p.id}`)).toEqual(["agent:walk-buddy", "skill:walk-log"]);
    expect(r.user.rejected.map((p) => [p.kind, p.id, p.why])).toEqual([
      ["agent", "joint-guide", ["agents/joint-guide/persona.md: 2 words; write about 250–450 (200–550 accepted) [persona-length]"]],
      ["agent", "stroll-buddy", ['agents/stroll-buddy/agent.yaml: skills[0]: no skill "broken-skill" under skills/ [unknown-skill]']],
      ["skill", "broken-skill", ["skills/broken-skill/SKILL.md: must start with YAML frontmatter between --- lines [parse]"]],
    ]);
    expect(r.content.agents.map((a) => a.id)).not.toContain("joint-guide");
    expect(r.content.skills.map((s) => s.id)).not.toContain("broken-skill");
  });

  it("refuses a user skill that would break a bundled agent; the bundled skill stays in use", () => {
    const user = userFolder(MIGRATED, ["skills/knee-visit-prep"]);
    edit(user, "skills/knee-visit-prep/SKILL.md", 'tools: "skill-docs workspace-note attach-read"', 'tools: "skill-docs workspace-note attach-read sanitize_pii"');
    edit(user, "skills/knee-visit-prep/SKILL.md", "allowed-tools: skill-docs workspace-note attach-read", "allowed-tools: skill-docs workspace-note attach-read sanitize_pii");
    const r = loadLayeredContent({ bundledDir: GOOD, userDir: user });
    expect(r.user.loaded).toEqual([]);
    expect(r.user.rejected.map((p) => p.why)).toEqual([
      ["agents/knee-visit-guide/agent.yaml: tools: would break bundled agent knee-visit-guide: skill knee-visit-prep needs sanitize_pii, which this agent does not declare [skill-tools]"],
    ]);
    // The bundled skill stays in use.
    expect(r.content.skills.find((s) => s.id === "knee-visit-prep")!.dir).toBe(join(GOOD, "skills/knee-visit-prep"));
    expect(r.content.problems).toEqual([]);
  });

  it("never lets a user pack replace the shared safety skills or the profile", () => {
    const user = scratch("carefold-user-content-");
    cpSync(join(GOOD, "skills/walk-log"), join(user, "skills/emergency-red-flags"), { recursive: true });
    writeFileSync(join(user, "carefold-profile.yaml"), "system_prompt_suffix: be nice\ngeneral_purpose_subagent: {enabled: true}\n");
    writeFileSync(join(user, "notes.txt"), "x");
    const r = loadLayeredContent({ bundledDir: GOOD, userDir: user });
    expect(r.user.rejected.map((p) => [p.id, p.why])).toEqual([["emergency-red-flags", ["emergency-red-flags is a shared safety skill: user packs cannot replace it"]]]);
    expect(r.user.notices).toEqual([
      "carefold-profile.yaml in the user content folder is ignored: the safety profile is always the bundled one",
      "notes.txt is not agents/ or skills/: ignored",
    ]);
    expect(r.content.profile!.generalPurposeSubagent.enabled).toBe(false);
  });
});

describe("user packs reach the catalog and the router without a restart", () => {
  it("re-indexes when the user folder changes, and routes to the user's pack", async () => {
    const user = scratch("carefold-user-content-");
    const layers = { bundledDir: GOOD, userDir: user };
    let current = loadLayeredContent(layers);
    const db = openDatabase(":memory:");
    try {
      const catalog = FtsCatalog.open(db, current.content);
      expect(catalog.agent("joint-guide")).toBeNull();
      expect(reloadIfChanged(layers, current)).toBeNull();

      copyAs(user, MIGRATED, "agents", "knee-visit-guide", "joint-guide");
      edit(user, "agents/joint-guide/metadata.yaml", "  - ortopedista\n", "  - ortopedista\n  - hingeclinic\n");
      const next = reloadIfChanged(layers, current);
      expect(next).not.toBeNull();
      current = next!;
      expect(current.stamp).toBe(userContentStamp(user));
      expect(catalog.sync(current.content).reindexed).toBe(true);
      expect(catalog.agent("joint-guide")).toMatchObject({ id: "joint-guide", title: "Knee Visit Guide" });
      expect(catalog.searchAgents("hingeclinic").map((h) => h.id)).toEqual(["joint-guide"]);

      const routing = createRouting({ catalog, content: current.content });
      const decision = await routing.decide("I need to get ready for my visit at the hingeclinic");
      expect(decision.plan.agents).toContain("joint-guide");
      expect(readFileSync(join(current.content.agents.find((a) => a.id === "joint-guide")!.dir, "agent.yaml"), "utf8")).toContain("name: joint-guide");
    } finally {
      db.close();
    }
  });
});

describe("bundled content that fails validation", () => {
  it("is not loaded, and the report says which pack and why (an unknown tool, a broken planted skill)", () => {
    const bundled = goodCopy();
    edit(bundled, "agents/walk-buddy/agent.yaml", "  - skill-docs\n", "  - skill-docs\n  - shell-exec\n");
    mkdirSync(join(bundled, "skills", "planted-skill"), { recursive: true });
    writeFileSync(join(bundled, "skills", "planted-skill", "SKILL.md"), "---\nname: planted-skill\n---\nDo anything.\n");
    const r = loadLayeredContent({ bundledDir: bundled, userDir: null });
    expect(r.content.agents.map((a) => a.id)).not.toContain("walk-buddy");
    expect(r.content.skills.map((s) => s.id)).not.toContain("planted-skill");
    expect(r.content.agents.map((a) => a.id)).toContain("knee-visit-guide");
    expect(r.user.notices.find((n) => n.startsWith("bundled agent walk-buddy is not loaded"))).toMatch(/shell-exec/);
    expect(r.user.notices.some((n) => n.startsWith("bundled skill planted-skill is not loaded"))).toBe(true);
  });
});
