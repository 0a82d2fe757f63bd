/** `migrateLegacy` on the legacy fixture trees: expected output, idempotence, safety of the input and output. */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatReport, MigrateInputError, migrateLegacy, UnsafeOutputError, type MigrationResult } from "../../src/engine/content/migrate/index";
import { GOOD } from "./helpers";
import { EXPECTED, LEGACY, scratch, snapshot } from "./migrateHelpers";

const PROFILE = readFileSync(join(GOOD, "carefold-profile.yaml"));
const WELL = join(LEGACY, "well-formed");

function run(tree: string, out: string, dryRun = false): MigrationResult {
  return migrateLegacy(join(LEGACY, tree), out, { profile: PROFILE, dryRun });
}
const lines = (r: MigrationResult, kind: "change" | "unplaced" | "error") => r.notes.filter((n) => n.kind === kind).map((n) => `${n.path}: ${n.message}`);

/** Every name under `dir`, dotfiles included (leftover temp files would show up here). */
function allNames(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = `${prefix}${name}`;
    return statSync(join(dir, name)).isDirectory() ? allNames(join(dir, name), `${rel}/`) : [rel];
  });
}

describe("migrateLegacy: the well-formed legacy tree", () => {
  it("produces exactly the expected tree, which validates", () => {
    const out = scratch();
    const r = run("well-formed", out);
    expect(r.validation).toEqual({ ok: true, problems: [] });
    expect(lines(r, "error")).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.files.every((f) => f.action === "create")).toBe(true);
    const expected = join(EXPECTED, "well-formed");
    expect(allNames(out).sort()).toEqual(allNames(expected).sort());
    for (const file of allNames(expected)) {
      // The profile is whatever the caller passed (here content-good's), copied byte for byte.
      const want = file === "carefold-profile.yaml" ? PROFILE.toString("utf8") : readFileSync(join(expected, file), "utf8");
      expect(readFileSync(join(out, file), "utf8"), file).toBe(want);
    }
  });

  it("reports every dropped persona section and every field it could not place", () => {
    const r = run("well-formed", scratch());
    expect(lines(r, "unplaced")).toEqual([
      "agents/knee-visit-guide/agent.yaml: forbidden (a list of 4) left out: the never-do list lives once in carefold-profile.yaml and in each skill's metadata.forbidden",
      'agents/knee-visit-guide/agent.yaml: max_iterations ("12") left out: the runtime sets the step limit for every specialist',
      'agents/knee-visit-guide/agent.yaml: can_delegate ("false") left out: delegation is a tool: add delegate_to_agent to tools if this agent should delegate',
      'agents/walk-buddy/persona.md: heading "Walk Buddy" left out (not one of the five persona sections)',
      "agents/walk-buddy/agent.yaml: forbidden (a list of 3) left out: the never-do list lives once in carefold-profile.yaml and in each skill's metadata.forbidden",
    ]);
    const changes = lines(r, "change");
    expect(changes.filter((c) => c.includes("dropped: the shared safety contract"))).toEqual([
      "agents/knee-visit-guide/persona.md: section STRICT NON-CLINICAL BOUNDARIES dropped: the shared safety contract in carefold-profile.yaml covers it for every agent",
      "agents/knee-visit-guide/persona.md: section EXPLICIT EMERGENCY RED FLAGS dropped: the shared safety contract in carefold-profile.yaml covers it for every agent",
      "agents/walk-buddy/persona.md: section Emergency Red Flags dropped: the shared safety contract in carefold-profile.yaml covers it for every agent",
    ]);
    expect(changes).toContain('skills/knee-visit-prep/SKILL.md: added "## How to help" from agents/knee-visit-guide/persona.md (STRUCTURED INTERACTION PROTOCOL)');
    expect(changes).toContain('agents/knee-visit-guide/metadata.yaml: risk_class "wellness" → "clinical_assist" (the highest risk of its skills)');
    // walk-log already carried the same protocol: it is renamed and moved, not added twice.
    expect(changes).toContain('skills/walk-log/SKILL.md: section "Structured Interaction Protocol" renamed "How to help" and moved before References');
    expect(readFileSync(join(EXPECTED, "well-formed/skills/walk-log/SKILL.md"), "utf8").match(/## How to help/g)).toHaveLength(1);
  });

  it("never modifies the input", () => {
    const before = snapshot(WELL);
    const names = allNames(WELL).sort();
    run("well-formed", scratch());
    run("well-formed", scratch(), true);
    expect(snapshot(WELL)).toEqual(before);
    expect(allNames(WELL).sort()).toEqual(names);
  });

  it("changes nothing on a re-run, and the output is a fixed point of the migration", () => {
    const out = scratch();
    run("well-formed", out);
    const mtimes = allNames(out).map((f) => statSync(join(out, f)).mtimeMs);
    const again = run("well-formed", out);
    expect(again.files.every((f) => f.action === "unchanged")).toBe(true);
    expect(allNames(out).map((f) => statSync(join(out, f)).mtimeMs)).toEqual(mtimes);
    expect(again.ok).toBe(true);

    const twice = scratch();
    const r = migrateLegacy(out, twice, { profile: PROFILE });
    expect(lines(r, "change")).toEqual([]);
    expect(snapshot(twice)).toEqual(snapshot(out));
  });

  it("rewrites only a file that changed, atomically, leaving no temp files", () => {
    const out = scratch();
    run("well-formed", out);
    writeFileSync(join(out, "agents/walk-buddy/agent.yaml"), "name: edited by hand\n");
    writeFileSync(join(out, "agents/walk-buddy/extra.md"), "added by hand\n");
    const r = run("well-formed", out);
    expect(r.files.filter((f) => f.action !== "unchanged")).toEqual([{ path: "agents/walk-buddy/agent.yaml", action: "update" }]);
    expect(readFileSync(join(out, "agents/walk-buddy/agent.yaml"), "utf8")).toBe(readFileSync(join(EXPECTED, "well-formed/agents/walk-buddy/agent.yaml"), "utf8"));
    expect(r.extra).toEqual(["agents/walk-buddy/extra.md"]);
    expect(allNames(out).filter((n) => n.split("/").pop()!.startsWith("."))).toEqual([]);
  });

  it("writes nothing on a dry run, but reports and validates the planned output", () => {
    const out = join(scratch(), "out");
    const r = run("well-formed", out, true);
    expect(existsSync(out)).toBe(false);
    expect(r.dryRun).toBe(true);
    expect(r.files).toHaveLength(17);
    expect(r.validation.ok).toBe(true);
    expect(formatReport(r)).toContain("would create  skills/knee-visit-prep/SKILL.md");
    expect(formatReport(r)).toContain("Validation: OK (the planned output passes carefold validate)");
  });

  it("refuses an output inside the input (or around it), and output paths that are links or folders", () => {
    expect(() => run("well-formed", join(WELL, "out"))).toThrow(MigrateInputError);
    expect(() => migrateLegacy(WELL, LEGACY, { profile: PROFILE })).toThrow(MigrateInputError);
    expect(() => run("no-such-tree", scratch())).toThrow(MigrateInputError);
    const viaLink = join(scratch(), "legacy-link");
    symlinkSync(WELL, viaLink);
    expect(() => run("well-formed", join(viaLink, "new", "out"))).toThrow(MigrateInputError);
    expect(existsSync(join(WELL, "new"))).toBe(false);

    const out = scratch();
    const elsewhere = scratch();
    mkdirSync(join(out, "agents"), { recursive: true });
    symlinkSync(elsewhere, join(out, "agents/knee-visit-guide"));
    expect(() => run("well-formed", out)).toThrow(UnsafeOutputError);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(join(out, "skills"))).toBe(false);

    const dirAt = scratch();
    mkdirSync(join(dirAt, "carefold-profile.yaml"));
    expect(() => run("well-formed", dirAt)).toThrow(/not a regular file/);
  });

  it("does not follow links in the legacy tree", () => {
    const legacy = scratch();
    cpSync(WELL, legacy, { recursive: true });
    const outside = scratch();
    writeFileSync(join(outside, "secret.md"), "# Not content\n");
    symlinkSync(outside, join(legacy, "agents/linked-agent"));
    symlinkSync(join(outside, "secret.md"), join(legacy, "skills/walk-log/references/secret.md"));
    const out = scratch();
    const r = migrateLegacy(legacy, out, { profile: PROFILE });
    expect(lines(r, "error")).toEqual(["agents/linked-agent: a link: not followed", "skills/walk-log/references/secret.md: a link: not followed"]);
    expect(existsSync(join(out, "agents/linked-agent"))).toBe(false);
    expect(existsSync(join(out, "skills/walk-log/references/secret.md"))).toBe(false);
  });

  it("keeps a different safety profile the output already has", () => {
    const out = scratch();
    cpSync(join(EXPECTED, "well-formed"), out, { recursive: true });
    const own = Buffer.concat([PROFILE, Buffer.from("# edited for this installation\n")]);
    writeFileSync(join(out, "carefold-profile.yaml"), own);
    const r = run("well-formed", out);
    expect(r.files.every((f) => f.action === "unchanged")).toBe(true);
    expect(r.files.map((f) => f.path)).not.toContain("carefold-profile.yaml");
    expect(readFileSync(join(out, "carefold-profile.yaml")).equals(own)).toBe(true);
    expect(lines(r, "unplaced")).toContain("carefold-profile.yaml: the output already has a different carefold-profile.yaml: kept as it is (the bundled one was not written)");
  });
});

describe("migrateLegacy: broken legacy trees give clear errors", () => {
  it("missing files: the folders that cannot be migrated are named, the rest still is", () => {
    const r = run("missing-files", scratch());
    expect(r.skipped).toEqual({ agents: ["no-manifest", "no-persona"], skills: ["no-skill-md"] });
    expect(lines(r, "error")).toEqual([
      "skills/no-skill-md/SKILL.md: SKILL.md is missing: the skill was not migrated",
      "agents/no-manifest/agent.yaml: agent.yaml is missing: the agent was not migrated",
      "agents/no-persona/persona.md: persona.md is missing: the agent was not migrated",
    ]);
    expect(lines(r, "unplaced")).toContain(
      "agents/lonely-guide/persona.md: STRUCTURED INTERACTION PROTOCOL left out: its primary skill not-here is not in this tree (or could not be migrated)",
    );
    expect(r.files.map((f) => f.path)).toEqual([
      "agents/lonely-guide/agent.yaml",
      "agents/lonely-guide/metadata.yaml",
      "agents/lonely-guide/persona.md",
      "carefold-profile.yaml",
    ]);
    expect(r.ok).toBe(false);
    // What the pack never had is for the author to write: the validator names it.
    expect(r.validation.problems.filter((p) => p.rule === "missing-file").map((p) => p.file)).toEqual([
      "agents/lonely-guide/evals/golden.jsonl",
      "agents/lonely-guide/starters.json",
    ]);
  });

  it("odd YAML: legacy readings are explained; unreadable files stop only their own skill", () => {
    const out = scratch();
    const r = run("odd-yaml", out);
    expect(lines(r, "error")).toEqual([
      'skills/bad-frontmatter/SKILL.md: frontmatter: invalid YAML: Missing closing "quote at line 3, column 36: the skill was not migrated',
      "skills/dup-keys/carefold.yaml: invalid YAML: Map keys must be unique at line 3, column 1: the skill was not migrated",
      "skills/list-manifest/carefold.yaml: expected a mapping of field: value, found a list: the skill was not migrated",
    ]);
    const skill = readFileSync(join(out, "skills/odd-skill/SKILL.md"), "utf8");
    expect(skill.startsWith("---\nname: odd-skill\n")).toBe(true);
    expect(skill).not.toContain("\r");
    expect(skill).toContain('  version: "1.10.0"\n');
    expect(skill).toContain("  domain: navigation\n  category: navigation.records\n");
    expect(lines(r, "unplaced")).toEqual([
      "skills/odd-skill/carefold.yaml: field defaults (a mapping (domain, category)) is not one the migration moves into SKILL.md",
      'skills/odd-skill/carefold.yaml: field reviewed ("2024-01-01") is not one the migration moves into SKILL.md',
      "agents/odd-agent/agent.yaml: tags is a mapping (first), not a list",
      'agents/odd-agent/agent.yaml: hidden is "maybe", not true or false: left out (the agent is listed)',
    ]);
    const runtime = readFileSync(join(out, "agents/odd-agent/agent.yaml"), "utf8");
    expect(runtime).toContain("model: default\nskills:\n  - odd-skill\ntools:\n  - skill-docs\n  - workspace-note\n");
    // The fenced "ROLE & EMPATHY:" example stays in the persona text; it is not a heading.
    expect(readFileSync(join(out, "agents/odd-agent/persona.md"), "utf8")).toContain("```text\nROLE & EMPATHY:\n");
  });

  it("unknown fields and files: each one is reported, none is copied", () => {
    const out = scratch();
    const r = run("unknown-fields", out);
    expect(lines(r, "error")).toEqual([]);
    expect(lines(r, "unplaced")).toEqual([
      "README.md: not part of a content tree (agents/, skills/): left out",
      "skills/extra-skill/carefold.yaml: evals is a mapping (golden); metadata values are strings",
      "skills/extra-skill/SKILL.md: frontmatter field tags (a list of 2) has no place in the canonical SKILL.md",
      'skills/extra-skill/carefold.yaml: field owner ("clinical-team") is not one the migration moves into SKILL.md',
      "skills/extra-skill/carefold.yaml.migrated: an archive of an earlier migration; not needed: left out",
      "skills/extra-skill/notes.txt: not part of the skill layout (SKILL.md, references/): left out",
      'agents/extra-guide/persona.md: text before the first section ("Persona file for the extra guide, last edited by the visit t…") left out',
      'agents/extra-guide/persona.md: section "Notes for maintainers" ("Remember to update the keywords every spring.") is not one of the five persona sections: left out',
      'agents/extra-guide/agent.yaml: max_iterations ("8") left out: the runtime sets the step limit for every specialist',
      'agents/extra-guide/agent.yaml: can_delegate ("true") left out: delegation is a tool: add delegate_to_agent to tools if this agent should delegate',
      'agents/extra-guide/agent.yaml: favorite_color ("teal") left out: not a field of the canonical agent.yaml or metadata.yaml',
      "agents/extra-guide/agent.yaml: routing (a mapping (boost)) left out: not a field of the canonical agent.yaml or metadata.yaml",
      'agents/extra-guide/metadata.yaml: owner ("visit-team") is not a catalog field: left out',
      'agents/extra-guide/agent.yaml: title "Extra Guide" differs from metadata.yaml\'s; metadata.yaml\'s kept',
      "agents/extra-guide/README.md: not part of the agent layout: left out",
      "agents/extra-guide/evals/old-cases.csv: not part of the agent layout: left out",
    ]);
    expect(allNames(out).sort()).toEqual([
      "agents/extra-guide/agent.yaml",
      "agents/extra-guide/metadata.yaml",
      "agents/extra-guide/persona.md",
      "agents/extra-guide/starters.json",
      "carefold-profile.yaml",
      "skills/extra-skill/SKILL.md",
    ]);
    // Migrated but not yet valid (no goldens, a stub skill body…): the validator says what to write.
    expect(r.ok).toBe(false);
    expect(r.validation.problems.map((p) => `${p.file} [${p.rule}]`)).toEqual(
      expect.arrayContaining(["agents/extra-guide/evals/golden.jsonl [missing-file]", "skills/extra-skill/SKILL.md [intended-use]"]),
    );
  });

  it("a persona with no sections is refused rather than guessed at", () => {
    const r = run("persona-no-sections", scratch());
    expect(r.skipped.agents).toEqual(["plain-persona"]);
    expect(lines(r, "error")[0]).toMatch(/^agents\/plain-persona\/persona.md: no sections found .*the migration cannot tell identity from safety text: the agent was not migrated$/);
  });

  it("non-UTF-8 files are named; nothing is decoded with replacement characters", () => {
    const out = scratch();
    const r = run("non-utf8", out);
    expect(lines(r, "error")).toEqual([
      "skills/latin1-skill/carefold.yaml: not valid UTF-8 text (re-save the file as UTF-8): the skill was not migrated",
      "skills/ok-skill/references/latin1-note.md: not valid UTF-8 text (re-save the file as UTF-8): not copied",
      "agents/latin1-agent/agent.yaml: not valid UTF-8 text (re-save the file as UTF-8): the agent was not migrated",
    ]);
    expect(allNames(out).sort()).toEqual(["carefold-profile.yaml", "skills/ok-skill/SKILL.md"]);
    expect(formatReport(r)).toContain("Errors (not migrated):\n  skills/latin1-skill/carefold.yaml:");
  });
});
