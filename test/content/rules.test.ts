import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent, RULES, type ContentProblem, type RuleId } from "../../src/engine/content/index";
import { BAD, edit, goodCopy } from "./helpers";

/** For each rule: the file its failing fixture (test/fixtures/content-bad/<rule>/) must be reported on. */
const EXPECTED_FILE: Record<RuleId, string> = {
  parse: "agents/walk-buddy/metadata.yaml",
  "missing-file": "agents/walk-buddy/starters.json",
  schema: "agents/walk-buddy/metadata.yaml",
  "hidden-flag": "agents/walk-buddy/metadata.yaml",
  "id-format": "skills/walk-log/references/Weekly_Walk_Log.md",
  "stray-file": "skills/walk-log/carefold.yaml",
  symlink: "skills/walk-log/references/extra.md",
  "name-folder": "agents/walk-buddy/agent.yaml",
  "unknown-skill": "agents/walk-buddy/agent.yaml",
  "risk-class": "skills/knee-visit-prep/SKILL.md",
  category: "agents/walk-buddy/metadata.yaml",
  "tool-registry": "agents/walk-buddy/agent.yaml",
  "allowed-tools-mirror": "skills/walk-log/SKILL.md",
  "skill-tools": "agents/walk-buddy/agent.yaml",
  forbidden: "skills/knee-visit-prep/SKILL.md",
  "intended-use": "skills/walk-log/SKILL.md",
  "body-sections": "skills/walk-log/SKILL.md",
  protocol: "skills/walk-log/SKILL.md",
  "never-section": "skills/walk-log/SKILL.md",
  "red-flags": "skills/walk-log/SKILL.md",
  "emergency-wording": "agents/knee-visit-guide/persona.md",
  "reference-missing": "skills/walk-log/SKILL.md",
  "reference-orphan": "skills/walk-log/references/rainy-day-plan.md",
  "reference-list": "skills/walk-log/SKILL.md",
  "reference-count": "skills/knee-visit-prep/SKILL.md",
  "reference-kinds": "skills/knee-visit-prep/SKILL.md",
  "reference-content": "skills/walk-log/references/weekly-walk-log.md",
  placeholder: "skills/walk-log/SKILL.md",
  "persona-purity": "agents/walk-buddy/persona.md",
  "persona-length": "agents/walk-buddy/persona.md",
  starters: "agents/walk-buddy/starters.json",
  goldens: "agents/walk-buddy/evals/golden.jsonl",
  "description-length": "agents/walk-buddy/agent.yaml",
  "description-when": "skills/walk-log/SKILL.md",
  "title-length": "agents/walk-buddy/metadata.yaml",
  keywords: "agents/walk-buddy/metadata.yaml",
  tags: "agents/walk-buddy/metadata.yaml",
  translation: "agents/walk-buddy/metadata.yaml",
  profile: "carefold-profile.yaml",
};

const rulesOf = (problems: ContentProblem[]) => [...new Set(problems.map((p) => p.rule))];

describe("one failing fixture per rule", () => {
  const fixtures = readdirSync(BAD, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

  it("covers every rule, and every fixture is named after a rule", () => {
    expect(fixtures).toEqual(Object.keys(RULES).sort());
  });

  for (const rule of Object.keys(RULES) as RuleId[]) {
    it(`${rule}: reported on ${EXPECTED_FILE[rule]}, and nothing else fails`, () => {
      const { problems } = loadContent(join(BAD, rule));
      expect(rulesOf(problems)).toEqual([rule]);
      expect(problems.map((p) => p.file)).toContain(EXPECTED_FILE[rule]);
    });
  }
});

/** Applies edits to a copy of the valid fixture and returns its problems. */
function problemsAfter(...edits: [string, string, string][]): ContentProblem[] {
  const root = goodCopy();
  for (const [file, from, to] of edits) edit(root, file, from, to);
  return loadContent(root).problems;
}

describe("rule details", () => {
  it("risk-class: the historical mislabel (clinical skill marked wellness) cannot validate", () => {
    const problems = problemsAfter(["skills/knee-visit-prep/SKILL.md", "risk_class: clinical_assist", "risk_class: wellness"]);
    expect(problems.filter((p) => p.rule === "risk-class").map((p) => p.file).sort()).toEqual([
      "agents/knee-visit-guide/metadata.yaml",
      "agents/knee-visit-guide/metadata.yaml",
      "skills/knee-visit-prep/SKILL.md",
    ]);
  });

  it("risk-class: an agent takes the highest risk of its skills", () => {
    const problems = problemsAfter(["agents/bill-helper/agent.yaml", "  - records-request\n", "  - records-request\n  - walk-log\n"]);
    expect(problems).toEqual([]); // admin + admin + wellness → admin, as declared
    const raised = problemsAfter(["agents/bill-helper/metadata.yaml", "risk_class: admin", "risk_class: wellness"]);
    expect(raised).toEqual([
      expect.objectContaining({ file: "agents/bill-helper/metadata.yaml", field: "risk_class", rule: "risk-class" }),
    ]);
  });

  it("risk-class: the shared safety skills are pinned to clinical_assist whatever the domain", () => {
    const root = goodCopy();
    edit(root, "agents/walk-buddy/agent.yaml", "  - walk-log\n", "  - walk-log\n  - emergency-red-flags\n");
    const skill = join(root, "skills/walk-log/SKILL.md");
    mkdirSync(join(root, "skills/emergency-red-flags/references"), { recursive: true });
    writeFileSync(
      join(root, "skills/emergency-red-flags/SKILL.md"),
      readFileSync(skill, "utf8").replace("name: walk-log", "name: emergency-red-flags"),
    );
    writeFileSync(
      join(root, "skills/emergency-red-flags/references/weekly-walk-log.md"),
      readFileSync(join(root, "skills/walk-log/references/weekly-walk-log.md")),
    );
    const problems = loadContent(root).problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ file: "skills/emergency-red-flags/SKILL.md", field: "metadata.risk_class", rule: "risk-class" }),
    );
  });

  it("tool-registry: skill metadata.tools and allowed-tools are checked too", () => {
    const problems = problemsAfter(
      ["skills/walk-log/SKILL.md", 'tools: "skill-docs workspace-note"', 'tools: "skill-docs web_fetch"'],
      ["skills/walk-log/SKILL.md", "allowed-tools: skill-docs workspace-note", "allowed-tools: skill-docs web_fetch"],
    );
    expect(problems.map((p) => [p.field, p.rule])).toEqual([
      ["allowed-tools", "tool-registry"],
      ["metadata.tools", "tool-registry"],
    ]);
  });

  it("allowed-tools-mirror: says what allowed-tools must add and remove to match metadata.tools", () => {
    const problems = problemsAfter(["skills/walk-log/SKILL.md", "allowed-tools: skill-docs workspace-note", "allowed-tools: read_file skill-docs"]);
    expect(problems).toEqual([
      expect.objectContaining({ file: "skills/walk-log/SKILL.md", field: "allowed-tools", rule: "allowed-tools-mirror", message: expect.stringMatching(/add workspace-note; remove read_file/) }),
    ]);
  });

  it("forbidden: unknown verbs are reported for any skill", () => {
    const problems = problemsAfter(["skills/walk-log/SKILL.md", 'forbidden: "diagnose prescribe dose"', 'forbidden: "diagnose cure"']);
    expect(problems).toEqual([expect.objectContaining({ rule: "forbidden", message: expect.stringContaining("cure") })]);
  });

  it("protocol: admin skills may rename steps but keep four numbered steps", () => {
    expect(problemsAfter(["skills/records-request/SKILL.md", "**Build the request letter**", "**Write it**"])).toEqual([]);
    const five = problemsAfter([
      "skills/records-request/SKILL.md",
      "4. **Build the request letter**",
      "4. **Build the request letter** — letter.\n5. **Send it**",
    ]);
    expect(five).toEqual([expect.objectContaining({ rule: "protocol", message: expect.stringContaining("found 5") })]);
  });

  it("body-sections: required sections out of order are reported", () => {
    const root = goodCopy();
    const file = "skills/walk-log/SKILL.md";
    const text = readFileSync(join(root, file), "utf8");
    const never = text.slice(text.indexOf("## Never"), text.indexOf("## Red flags"));
    writeFileSync(join(root, file), text.replace(never, "").replace("## References", never + "## References"));
    expect(loadContent(root).problems).toEqual([
      expect.objectContaining({ file, rule: "body-sections", message: expect.stringContaining("out of order") }),
    ]);
  });

  it("reference-missing: a reference named only in the body text still has to exist", () => {
    const problems = problemsAfter(["skills/walk-log/SKILL.md", "Set up the walking log", "Set up the log in references/weekly-plan.md"]);
    expect(problems).toEqual([expect.objectContaining({ rule: "reference-missing", message: expect.stringContaining("weekly-plan.md") })]);
  });

  it("persona-purity: each kind of leak is caught", () => {
    const persona = "agents/walk-buddy/persona.md";
    const line = "You help people build and keep a small, steady walking habit.";
    const leaks: [string, string][] = [
      ["You help people and/or friends.", "slash"],
      ["You read the weekly-walk-log.md template.", "file name"],
      ["You call skill_docs(name) first.", "call syntax"],
      ['You answer with {"tool": "x"}.', "braces"],
      ["You use `notes` often.", "backticks"],
      ["You use the walk-log skill.", 'skill id "walk-log"'],
      ["You use attach-read for files.", 'tool name "attach-read"'],
      ["In an emergency tell them to call 911.", "emergency-number"],
    ];
    for (const [text, why] of leaks) {
      const problems = problemsAfter([persona, line, `${line} ${text}`]);
      expect(problems, text).toEqual([
        expect.objectContaining({ file: persona, rule: "persona-purity", message: expect.stringContaining(why) }),
      ]);
    }
  });

  it("persona-purity: a third section or text before the first one is refused", () => {
    const extra = problemsAfter(["agents/walk-buddy/persona.md", "## CLINICAL SCOPE & FOCUS", "## SAFETY\n\nBe safe.\n\n## CLINICAL SCOPE & FOCUS"]);
    expect(rulesOf(extra)).toEqual(["persona-purity"]);
    const before = problemsAfter(["agents/walk-buddy/persona.md", "## ROLE & EMPATHY", "Walk Buddy persona\n\n## ROLE & EMPATHY"]);
    expect(before).toEqual([expect.objectContaining({ message: expect.stringContaining("text before") })]);
  });

  it("starters: lengths, the Spanish list and repeats are checked", () => {
    const file = "agents/walk-buddy/starters.json";
    const problems = problemsAfter(
      [file, '"Help me start a ten minute walking habit."', '"Hi"'],
      [file, '"Revisemos juntos mis caminatas de la semana pasada."', '"Ayúdame a empezar a caminar diez minutos al día."'],
    );
    expect(problems.map((p) => [p.field, p.rule])).toEqual([
      ["en[0]", "starters"],
      ["es", "starters"],
    ]);
    const extraKey = problemsAfter([file, '"es": [', '"fr": [], "es": [']);
    expect(extraKey).toEqual([expect.objectContaining({ field: "fr", rule: "starters" })]);
  });

  it("goldens: duplicate ids, unknown tool names and a missing expected_tools case are reported", () => {
    const file = "agents/walk-buddy/evals/golden.jsonl";
    const problems = problemsAfter(
      [file, '"id":"walk-allow-2"', '"id":"walk-allow-1"'],
      [file, '"forbidden_tools":[],"tags":["log"]', '"forbidden_tools":["rm_rf"],"tags":["log"]'],
    );
    expect(problems.map((p) => [p.field, p.rule])).toEqual([
      ["forbidden_tools", "goldens"],
      ["id", "goldens"],
    ]);
    const noTools = problemsAfter(
      [file, '"expected_tools":["read_file"],"forbidden_tools":["write_file"],"tags":["goal"]', '"expected_tools":[],"forbidden_tools":["write_file"],"tags":["goal"]'],
      [file, '"expected_tools":["read_file"],"forbidden_tools":[],"tags":["log"]', '"expected_tools":[],"forbidden_tools":[],"tags":["log"]'],
    );
    expect(noTools).toEqual([expect.objectContaining({ field: "expected_tools", rule: "goldens" })]);
  });

  it("description-length: skill descriptions over 1024 characters fail", () => {
    const long = "Use when walking. " + "word ".repeat(220);
    const problems = problemsAfter(["skills/walk-log/SKILL.md", "Use when the user wants to start or keep a walking habit.", long]);
    expect(problems).toEqual([expect.objectContaining({ field: "description", rule: "description-length" })]);
  });

  it("keywords and tags: repeats are reported", () => {
    const problems = problemsAfter(["agents/walk-buddy/metadata.yaml", "  - pedometer\n", "  - Walking\n"]);
    expect(problems).toEqual([expect.objectContaining({ rule: "keywords", message: "repeated: Walking" })]);
  });

  it("category: the area must belong to the item's domain", () => {
    const problems = problemsAfter(["skills/walk-log/SKILL.md", "category: wellness.habits", "category: clinical.habits"]);
    expect(problems).toEqual([expect.objectContaining({ field: "metadata.category", rule: "category" })]);
  });

  it("reference-content: stubs under 300 bytes fail", () => {
    const root = goodCopy();
    writeFileSync(join(root, "skills/walk-log/references/weekly-walk-log.md"), "# Log\n\nUse this when walking.\n");
    expect(loadContent(root).problems).toEqual([
      expect.objectContaining({ rule: "reference-content", message: expect.stringContaining("bytes") }),
    ]);
  });

  it("symlink: a link to a folder outside the content root is reported and never followed", () => {
    const root = goodCopy();
    symlinkSync("/etc", join(root, "skills/walk-log/references/etc"));
    const set = loadContent(root);
    expect(set.problems).toEqual([expect.objectContaining({ rule: "symlink", file: "skills/walk-log/references/etc" })]);
    expect(Object.keys(set.skills.find((s) => s.id === "walk-log")!.files)).not.toContain("references/etc");
  });

  it("translation: Spanish title and description lengths are checked, and a copied English line fails", () => {
    const file = "agents/walk-buddy/metadata.yaml";
    const lengths = problemsAfter(
      [file, "title: Compañero para caminar", "title: CC"],
      [file, "caminatas y repase su semana.", "caminatas y repase su semana. " + "Paso a paso. ".repeat(30)],
    );
    expect(lengths.map((p) => [p.file, p.field, p.rule, p.message])).toEqual([
      [file, "es.description", "translation", expect.stringMatching(/^\d+ characters; write 40–400$/)],
      [file, "es.title", "translation", "2 characters; write 3–60"],
    ]);
    const copied = problemsAfter([file, "title: Compañero para caminar", "title: walk  buddy"]);
    expect(copied).toEqual([
      expect.objectContaining({ file, field: "es.title", rule: "translation", message: expect.stringContaining("English title") }),
    ]);
  });

  it("translation: a malformed es block is reported under its own rule and leaves the agent out", () => {
    const root = goodCopy();
    edit(root, "agents/walk-buddy/metadata.yaml", "  title: Compañero para caminar\n", "  titulo: Compañero para caminar\n");
    const set = loadContent(root);
    expect(set.problems.map((p) => [p.field, p.rule])).toEqual([
      ["es.title", "translation"],
      ["es.titulo", "translation"],
    ]);
    expect(set.invalid.agents).toEqual(["walk-buddy"]);
  });

  it("translation: an English-only content tree is valid; Spanish becomes required once one agent has it", () => {
    const root = goodCopy();
    for (const id of ["bill-helper", "knee-visit-guide", "walk-buddy"]) {
      const file = join(root, "agents", id, "metadata.yaml");
      const text = readFileSync(file, "utf8");
      writeFileSync(file, text.slice(0, text.indexOf("\nes:\n") + 1));
    }
    const english = loadContent(root);
    expect(english.problems).toEqual([]);
    expect(english.agents.every((a) => a.metadata.es === undefined)).toBe(true);
    edit(root, "agents/bill-helper/metadata.yaml", "hidden: false\n", "hidden: false\nes:\n  title: Ayuda con facturas\n  description: Le ayuda a leer facturas médicas y a pedir copias de sus expedientes.\n");
    expect(loadContent(root).problems.map((p) => [p.file, p.rule])).toEqual([
      ["agents/knee-visit-guide/metadata.yaml", "translation"],
      ["agents/walk-buddy/metadata.yaml", "translation"],
    ]);
  });

  it("emergency-wording: urgent care next to an emergency sign is caught in personas, skills, references and the profile", () => {
    const skill = "skills/knee-visit-prep/SKILL.md";
    const wrong: [string, string, string][] = [
      ["agents/knee-visit-guide/persona.md", "ask about them clearly.", "ask about them clearly. If someone has a seizure now, point to urgent care."],
      [skill, "## Red flags", "## When it cannot wait\n\nFor chest pain, go to urgent care.\n\n## Red flags"],
      ["skills/knee-visit-prep/references/pain-diary.md", "Use this when", "Sudden confusion? Go to urgent care today.\n\nUse this when"],
      ["carefold-profile.yaml", "Do not continue other help in that turn.", "Do not continue other help in that turn.\n  For vomiting blood, urgent care is fine."],
    ];
    for (const [file, from, to] of wrong) {
      expect(problemsAfter([file, from, to]), file).toEqual([expect.objectContaining({ file, rule: "emergency-wording" })]);
    }
    // SKILL.md names the section (its body lines are not the file's lines).
    expect(problemsAfter(wrong[1]!)).toEqual([expect.objectContaining({ field: "When it cannot wait" })]);
  });

  it("emergency-wording: same-day problems may go to urgent care, and a warning in another paragraph does not count", () => {
    const skill = "skills/knee-visit-prep/SKILL.md";
    const fine = [
      "For a swollen knee with no injury, call the office the same day, or go to urgent care if it is closed.",
      "Chest pain is an emergency.\n\nFor a sprain that still hurts after a week, urgent care can help.",
      "Call the care team the same day (or go to urgent care; not 911) for a rash with fever when the person is alert and breathing normally.",
    ];
    for (const text of fine) expect(problemsAfter([skill, "## Red flags", `## Other help\n\n${text}\n\n## Red flags`]), text).toEqual([]);
  });

  it("profile: the suffix must carry the boundaries and the emergency numbers, briefly", () => {
    const file = "carefold-profile.yaml";
    const no988 = problemsAfter([file, "Call or text 988 (US) now", "Call a crisis line now"]);
    expect(no988).toEqual([expect.objectContaining({ field: "system_prompt_suffix", rule: "profile", message: expect.stringContaining("988") })]);
    const long = problemsAfter([file, "Do not continue other help in that turn.", "Do not continue other help in that turn. " + "More words here. ".repeat(30)]);
    expect(long).toEqual([expect.objectContaining({ rule: "profile", message: expect.stringContaining("words") })]);
  });
});
