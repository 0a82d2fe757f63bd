import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent, TOOL_REGISTRY, RISK_ORDER, validateContent, highestRisk } from "../../src/engine/content/index";
import { edit, GOOD, goodCopy } from "./helpers";

describe("loadContent on the valid fixture", () => {
  const set = loadContent(GOOD);

  it("loads every agent, skill and the profile with zero problems", () => {
    expect(set.problems).toEqual([]);
    expect(set.agents.map((a) => a.id).sort()).toEqual(["bill-helper", "knee-visit-guide", "walk-buddy"]);
    expect(set.skills.map((s) => s.id).sort()).toEqual(["knee-visit-prep", "medical-bill-check", "records-request", "walk-log"]);
    expect(set.invalid).toEqual({ agents: [], skills: [] });
    expect(set.profile?.generalPurposeSubagent.enabled).toBe(false);
    expect(set.profile?.systemPromptSuffix).toContain("988");
  });

  it("parses an agent's runtime, metadata, persona, starters and goldens", () => {
    const knee = set.agents.find((a) => a.id === "knee-visit-guide")!;
    expect(knee.dir).toBe(join(GOOD, "agents", "knee-visit-guide"));
    expect(knee.runtime.skills).toEqual(["knee-visit-prep"]);
    expect(knee.runtime.tools).toEqual(["attach-read", "skill-docs", "workspace-note"]);
    expect(knee.metadata.risk_class).toBe("clinical_assist");
    expect(knee.metadata.keywords).toContain("rodilla");
    expect(knee.metadata.hidden).toBe(false);
    expect(knee.persona.startsWith("## ROLE & EMPATHY")).toBe(true);
    expect(knee.starters.en).toHaveLength(4);
    expect(knee.starters.es[0]).toMatch(/rodilla/);
    expect(knee.goldens.map((g) => g.expect)).toEqual(["allow", "allow", "allow", "refuse", "refuse", "emergency"]);
  });

  it("hashes every file of an agent and a skill with sha256", () => {
    const knee = set.agents.find((a) => a.id === "knee-visit-guide")!;
    expect(Object.keys(knee.files).sort()).toEqual(["agent.yaml", "evals/golden.jsonl", "metadata.yaml", "persona.md", "starters.json"]);
    const expected = createHash("sha256").update(readFileSync(join(knee.dir, "persona.md"))).digest("hex");
    expect(knee.files["persona.md"]).toBe(expected);
    const skill = set.skills.find((s) => s.id === "knee-visit-prep")!;
    expect(Object.keys(skill.files).sort()).toEqual([
      "SKILL.md",
      "references/pain-diary.md",
      "references/question-guide.md",
      "references/visit-agenda.md",
    ]);
  });

  it("parses skill frontmatter with string metadata, split tools and references with titles", () => {
    const skill = set.skills.find((s) => s.id === "knee-visit-prep")!;
    expect(skill.frontmatter.metadata.version).toBe("1.0.0");
    expect(skill.riskClass).toBe("clinical_assist");
    expect(skill.domain).toBe("clinical");
    expect(skill.category).toBe("clinical.orthopedics");
    expect(skill.tools).toEqual(["skill-docs", "workspace-note", "attach-read"]);
    expect(skill.forbidden).toHaveLength(5);
    expect(skill.body.trimStart().startsWith("# Knee Visit Preparation")).toBe(true);
    const agenda = skill.references.find((r) => r.file === "visit-agenda.md")!;
    expect(agenda.title).toBe("Knee Visit Agenda");
    expect(agenda.bytes).toBe(readFileSync(join(skill.dir, "references", "visit-agenda.md")).length);
  });

  it("validateContent is pure and finds nothing more on a valid set", () => {
    expect(validateContent(set)).toEqual([]);
  });

  it("exports the closed registry and the risk order", () => {
    expect([...TOOL_REGISTRY].sort()).toEqual(
      ["attach-read", "delegate_to_agent", "extract_structured_data", "list_agents", "note-read", "sanitize_pii", "skill-docs", "validate_grounding", "workspace-note"],
    );
    expect(RISK_ORDER).toEqual(["wellness", "admin", "clinical_assist"]);
    expect(highestRisk(["admin", "wellness"])).toBe("admin");
    expect(highestRisk([])).toBeNull();
  });
});

describe("loader problems name the file and the field", () => {
  it("reports an invalid enum value in metadata.yaml and leaves the agent out", () => {
    const root = goodCopy();
    edit(root, "agents/walk-buddy/metadata.yaml", "risk_class: wellness", "risk_class: low");
    const set = loadContent(root);
    expect(set.problems).toEqual([
      {
        file: "agents/walk-buddy/metadata.yaml",
        field: "risk_class",
        rule: "schema",
        message: "expected one of wellness|admin|clinical_assist",
      },
    ]);
    expect(set.invalid.agents).toEqual(["walk-buddy"]);
    expect(set.agents.map((a) => a.id)).not.toContain("walk-buddy");
  });

  it("reports unknown and missing fields by name", () => {
    const root = goodCopy();
    edit(root, "agents/walk-buddy/agent.yaml", "model: default\n", "model: default\nsafety: strict\n");
    edit(root, "skills/walk-log/SKILL.md", "license: Apache-2.0\n", "");
    const problems = loadContent(root).problems.map((p) => [p.file, p.field, p.rule, p.message]);
    expect(problems).toContainEqual(["agents/walk-buddy/agent.yaml", "safety", "schema", "unknown field"]);
    expect(problems).toContainEqual(["skills/walk-log/SKILL.md", "license", "schema", "required (expected string)"]);
  });

  it("reads agent.yaml limits, and leaves them unset (defaults) when absent", () => {
    const root = goodCopy();
    edit(root, "agents/walk-buddy/agent.yaml", "model: default\n", "model: default\nlimits:\n  model_calls: 4\n  identical_calls: 1\n");
    const set = loadContent(root);
    expect(set.problems).toEqual([]);
    expect(set.agents.find((a) => a.id === "walk-buddy")!.runtime.limits).toEqual({ model_calls: 4, identical_calls: 1 });
    expect(set.agents.find((a) => a.id === "bill-helper")!.runtime.limits).toBeUndefined();
  });

  it("rejects bad agent.yaml limits with a problem naming the field and the range", () => {
    const root = goodCopy();
    edit(root, "agents/walk-buddy/agent.yaml", "model: default\n", "model: default\nlimits:\n  model_calls: 0\n  tool_calls: 2.5\n  identical_calls: lots\n  retries: 3\n");
    const set = loadContent(root);
    const problems = set.problems.map((p) => [p.file, p.field, p.rule, p.message]);
    expect(problems).toEqual([
      ["agents/walk-buddy/agent.yaml", "limits.identical_calls", "schema", 'expected number, got string "lots"'],
      ["agents/walk-buddy/agent.yaml", "limits.model_calls", "schema", "model_calls must be a whole number from 1 to 20"],
      ["agents/walk-buddy/agent.yaml", "limits.retries", "schema", "unknown field"],
      ["agents/walk-buddy/agent.yaml", "limits.tool_calls", "schema", "tool_calls must be a whole number from 0 to 40"],
    ]);
    expect(set.invalid.agents).toEqual(["walk-buddy"]);
  });

  it("rejects unquoted numeric metadata in SKILL.md: Agent Skills metadata values are strings", () => {
    const root = goodCopy();
    edit(root, "skills/walk-log/SKILL.md", 'version: "1.0.0"', "version: 1.0");
    const [p] = loadContent(root).problems;
    expect(p).toMatchObject({ file: "skills/walk-log/SKILL.md", field: "metadata.version", rule: "schema" });
  });

  it("does not report unknown-skill for a skill folder that exists but failed to load", () => {
    const root = goodCopy();
    edit(root, "skills/walk-log/SKILL.md", "---\nname: walk-log", "---\nname: [walk-log");
    const set = loadContent(root);
    expect(set.problems.map((p) => p.rule)).toEqual(["parse"]);
    expect(set.problems[0]!.file).toBe("skills/walk-log/SKILL.md");
    expect(set.invalid.skills).toEqual(["walk-log"]);
  });

  it("requires frontmatter at the top of SKILL.md", () => {
    const root = goodCopy();
    const file = join(root, "skills/records-request/SKILL.md");
    writeFileSync(file, "# No frontmatter\n" + readFileSync(file, "utf8"));
    expect(loadContent(root).problems).toContainEqual(
      expect.objectContaining({ file: "skills/records-request/SKILL.md", rule: "parse" }),
    );
  });

  it("reports invalid UTF-8 as a parse problem", () => {
    const root = goodCopy();
    writeFileSync(join(root, "agents/walk-buddy/persona.md"), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    expect(loadContent(root).problems).toEqual([
      { file: "agents/walk-buddy/persona.md", rule: "parse", message: "not valid UTF-8 text" },
    ]);
  });

  it("names the golden.jsonl line that is not JSON or breaks the schema", () => {
    const root = goodCopy();
    const file = join(root, "agents/walk-buddy/evals/golden.jsonl");
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    lines.push("{not json", lines[0]!.replace('"expect":"allow"', '"expect":"maybe"').replace("walk-allow-1", "walk-allow-9"));
    writeFileSync(file, lines.join("\n") + "\n");
    const problems = loadContent(root).problems;
    expect(problems).toContainEqual(expect.objectContaining({ field: "line 7", rule: "goldens" }));
    expect(problems).toContainEqual(
      expect.objectContaining({ field: "line 8.expect", rule: "goldens", message: "expected one of allow|refuse|emergency" }),
    );
  });

  it("reports a missing profile, and a profile that does not parse only once", () => {
    const root = goodCopy();
    rmSync(join(root, "carefold-profile.yaml"));
    expect(loadContent(root).problems).toEqual([
      expect.objectContaining({ file: "carefold-profile.yaml", rule: "profile" }),
    ]);
    writeFileSync(join(root, "carefold-profile.yaml"), "system_prompt_suffix: [\n");
    expect(loadContent(root).problems.map((p) => p.rule)).toEqual(["parse"]);
  });

  it("treats a folder with no agents/ or skills/ as empty content, with only the profile missing", () => {
    const set = loadContent(join(GOOD, "agents"));
    expect(set.agents).toEqual([]);
    expect(set.problems.map((p) => p.rule)).toEqual(["profile"]);
  });

  it("reports stray files at the top of agents/ and skills/", () => {
    const root = goodCopy();
    writeFileSync(join(root, "skills/README.md"), "# Skills\n");
    expect(loadContent(root).problems).toEqual([expect.objectContaining({ file: "skills/README.md", rule: "stray-file" })]);
  });

  it("skips dotfiles such as .DS_Store", () => {
    const root = goodCopy();
    writeFileSync(join(root, "skills/walk-log/references/.DS_Store"), "x");
    expect(loadContent(root).problems).toEqual([]);
  });
});
