/** carefold.yaml → SKILL.md metadata (ADR-0003 9a), one skill folder at a time (pure). */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { migrateSkill, type MigratedSkill } from "../../src/engine/content/migrate/skill";
import type { MigrationNote } from "../../src/engine/content/migrate/types";
import { folder } from "./migrateHelpers";

const SKILL_MD = `---
name: ear-prep
description: Helps a person get ready for an ear visit. Use when an ear visit is coming up soon.
---

# Ear Visit Preparation

## Scope

Ears.
`;

function ok(r: ReturnType<typeof migrateSkill>): MigratedSkill {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.notes)}`);
  return r.skill;
}
const messages = (notes: MigrationNote[], kind: MigrationNote["kind"]) => notes.filter((n) => n.kind === kind).map((n) => n.message);

describe("migrateSkill", () => {
  it("merges carefold.yaml into metadata as strings and adds license, compatibility and allowed-tools", () => {
    const s = ok(
      migrateSkill(
        folder("ear-prep", {
          "SKILL.md": SKILL_MD,
          "carefold.yaml": "risk_class: clinical_assist\ndomain: clinical\ncategory: clinical.ent\nversion: 1.2\nauthor: ent-team\ntools: [skill-docs, workspace-note]\nforbidden: [diagnose, prescribe, dose]\nevals: [golden, smoke]\n",
        }),
      ),
    );
    expect(s.frontmatter).toEqual({
      name: "ear-prep",
      description: "Helps a person get ready for an ear visit. Use when an ear visit is coming up soon.",
      license: "Apache-2.0",
      compatibility: "Carefold Desktop 0.1 or later; works offline with a local model",
      "allowed-tools": "skill-docs workspace-note",
      metadata: {
        risk_class: "clinical_assist",
        domain: "clinical",
        category: "clinical.ent",
        version: "1.2.0",
        author: "ent-team",
        tools: "skill-docs workspace-note",
        forbidden: "diagnose prescribe dose replace_emergency_care instruct_stop_medication",
        evals: "golden smoke",
      },
    });
    expect(Object.keys(s.frontmatter)).toEqual(["name", "description", "license", "compatibility", "allowed-tools", "metadata"]);
    const changes = messages(s.notes, "change");
    expect(changes).toContain('version "1.2" written as "1.2.0"');
    expect(changes).toContain("metadata.forbidden: added replace_emergency_care instruct_stop_medication (clinical_assist skills forbid all five verbs)");
    expect(changes).toContain('license was missing: set to "Apache-2.0"');
    expect(s.body.startsWith("# Ear Visit Preparation")).toBe(true);
  });

  it("raises a clinical skill labeled wellness to clinical_assist (never lowers)", () => {
    const s = ok(migrateSkill(folder("ear-prep", { "SKILL.md": SKILL_MD, "carefold.yaml": "risk_class: wellness\ndomain: clinical\nforbidden: diagnose\n" })));
    expect(s.frontmatter.metadata.risk_class).toBe("clinical_assist");
    expect(s.frontmatter.metadata.forbidden.split(" ")).toHaveLength(5);
    const admin = ok(migrateSkill(folder("x", { "SKILL.md": SKILL_MD, "carefold.yaml": "risk_class: admin\ndomain: navigation\nforbidden: diagnose\n" })));
    expect(admin.frontmatter.metadata).toMatchObject({ risk_class: "admin", forbidden: "diagnose" });
  });

  it("lets carefold.yaml win over SKILL.md metadata and says so; reports fields it cannot place", () => {
    const md = `---\nname: ear-prep\ndescription: d\nmetadata:\n  domain: wellness\n  notes: [a, b]\ntags: [x]\n---\n\n# T\n`;
    const s = ok(migrateSkill(folder("ear-prep", { "SKILL.md": md, "carefold.yaml": "domain: navigation\nowner: team\nevals: {golden: x}\nname: other\n" })));
    expect(s.frontmatter.metadata.domain).toBe("navigation");
    expect(s.frontmatter.metadata).not.toHaveProperty("notes");
    expect(messages(s.notes, "change")).toContain(`metadata.domain: carefold.yaml's "navigation" replaces "wellness"`);
    expect(messages(s.notes, "unplaced")).toEqual([
      "metadata.notes is a list of 2; metadata values are strings",
      "evals is a mapping (golden); metadata values are strings",
      `name "other" differs from SKILL.md's; SKILL.md's kept`,
      "frontmatter field tags (a list of 1) has no place in the canonical SKILL.md",
      `field owner ("team") is not one the migration moves into SKILL.md`,
    ]);
  });

  it("reads YAML as the legacy loader did: text scalars, merge keys, empty values absent", () => {
    const cy = "base: &b\n  domain: navigation\n<<: *b\nversion: 1.10\nforbidden:\ntools: 'skill-docs,workspace-note'\n";
    const s = ok(migrateSkill(folder("x", { "SKILL.md": SKILL_MD, "carefold.yaml": cy })));
    expect(s.frontmatter.metadata).toEqual({ domain: "navigation", version: "1.10.0", tools: "skill-docs workspace-note" });
  });

  it("handles a BOM, CRLF line ends and a SKILL.md without frontmatter", () => {
    const s = ok(migrateSkill(folder("x", { "SKILL.md": "\uFEFF# Title\r\n\r\nBody\r\n", "carefold.yaml": "description: from carefold\r\ndomain: wellness\r\n" })));
    expect(s.frontmatter).toMatchObject({ name: "x", description: "from carefold" });
    expect(s.body).toBe("# Title\n\nBody\n");
    expect(messages(s.notes, "change")).toContain("had no frontmatter: added one");
  });

  it("mirrors allowed-tools from metadata.tools, replacing a different one", () => {
    const md = `---\nname: x\ndescription: d\nallowed-tools: read_file skill-docs\nmetadata:\n  tools: "skill-docs attach-read"\n---\n# T\n`;
    const s = ok(migrateSkill(folder("x", { "SKILL.md": md })));
    expect(s.frontmatter["allowed-tools"]).toBe("skill-docs attach-read");
  });

  it("copies references byte for byte and reports the rest of the folder", () => {
    const ref = Buffer.from("# Log\n\nUse this when…\n");
    const s = ok(
      migrateSkill(
        folder("x", {
          "SKILL.md": SKILL_MD,
          "references/log.md": ref,
          "references/old/deep.md": "x",
          "references/latin.md": Buffer.from([0x23, 0x20, 0xf1, 0x0a]),
          "notes.txt": "n",
          "carefold.yaml.migrated": "x: 1",
        }),
      ),
    );
    expect(s.references.map((r) => r.path)).toEqual(["skills/x/references/log.md"]);
    expect(s.references[0]!.content.equals(ref)).toBe(true);
    expect(s.notes.filter((n) => n.kind !== "change").map((n) => `${n.kind} ${n.path}`)).toEqual([
      "unplaced skills/x/SKILL.md",
      "error skills/x/references/latin.md",
      "unplaced skills/x/references/old/deep.md",
      "unplaced skills/x/carefold.yaml.migrated",
      "unplaced skills/x/notes.txt",
    ]);
  });

  it("refuses a skill it cannot read, saying why", () => {
    const cases: [Record<string, string | Buffer>, string][] = [
      [{ "carefold.yaml": "domain: clinical" }, "skills/x/SKILL.md: SKILL.md is missing: the skill was not migrated"],
      [{ "SKILL.md": SKILL_MD, "carefold.yaml": Buffer.from("author: Jos\xe9\n", "latin1") }, "skills/x/carefold.yaml: not valid UTF-8 text (re-save the file as UTF-8): the skill was not migrated"],
      [{ "SKILL.md": SKILL_MD, "carefold.yaml": "a: 1\na: 2\n" }, "skills/x/carefold.yaml: invalid YAML: Map keys must be unique at line 2, column 1: the skill was not migrated"],
      [{ "SKILL.md": SKILL_MD, "carefold.yaml": "- a\n- b\n" }, "skills/x/carefold.yaml: expected a mapping of field: value, found a list: the skill was not migrated"],
      [{ "SKILL.md": '---\nname: "open\n---\n# T\n' }, 'skills/x/SKILL.md: frontmatter: invalid YAML: Missing closing "quote at line 2, column 12: the skill was not migrated'],
    ];
    for (const [files, expected] of cases) {
      const r = migrateSkill(folder("x", files));
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.notes.filter((n) => n.kind === "error").map((n) => `${n.path}: ${n.message}`)).toEqual([expected]);
    }
  });

  it("is a fixed point on canonical input", () => {
    const md = `---\nname: x\ndescription: d\nlicense: MIT\ncompatibility: c\nallowed-tools: skill-docs\nmetadata:\n  risk_class: admin\n  domain: navigation\n  category: navigation.records\n  version: "1.0.0"\n  author: me\n  tools: "skill-docs"\n  forbidden: "diagnose"\n---\n\n# T\n`;
    const s = ok(migrateSkill(folder("x", { "SKILL.md": md })));
    expect(s.notes).toEqual([]);
    expect(parse(md.split("---")[1]!)).toEqual(s.frontmatter);
  });
});
