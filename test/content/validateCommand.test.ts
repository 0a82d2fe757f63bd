import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BAD, GOOD, REPO_ROOT } from "./helpers";

const BIN = join(REPO_ROOT, "bin/carefold.mjs");

function validate(args: string[], cwd = REPO_ROOT) {
  const r = spawnSync(process.execPath, [BIN, "validate", ...args], { cwd, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("carefold validate", () => {
  it("exits 0 and prints the counts for valid content", () => {
    const r = validate(["--dir", GOOD]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Content OK: 3 agents, 4 skills, 7 references (${GOOD})\n`);
  });

  it("exits 1 and lists every problem with file, field, message and rule", () => {
    const r = validate(["--dir", join(BAD, "risk-class")]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "agents/knee-visit-guide/metadata.yaml: domain: a clinical specialist's skills are all clinical_assist; knee-visit-prep is wellness [risk-class]",
      "agents/knee-visit-guide/metadata.yaml: risk_class: must be wellness, the highest risk of its skills (it says clinical_assist) [risk-class]",
      "skills/knee-visit-prep/SKILL.md: metadata.risk_class: clinical skills are clinical_assist, not wellness [risk-class]",
    ]);
    expect(lines.at(-1)).toMatch(/^3 problems in .*risk-class \(loaded 1 agents, 1 skills, 3 references\)$/);
  });

  it("prints one JSON object with --json, resolving --dir against the working directory", () => {
    const r = validate(["--json", "--dir", "test/fixtures/content-bad/tags"]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; root: string; counts: object; problems: object[] };
    expect(out.ok).toBe(false);
    expect(out.root).toBe(join(BAD, "tags"));
    expect(out.counts).toEqual({ agents: 1, skills: 1, references: 1 });
    expect(out.problems).toEqual([
      { file: "agents/walk-buddy/metadata.yaml", field: "tags", rule: "tags", message: "1 tags; write 3–12" },
    ]);
  });

  it("defaults to the checkout's own content, from any working directory", () => {
    const r = validate(["--json"], tmpdir());
    expect([0, 1]).toContain(r.code);
    expect((JSON.parse(r.stdout) as { root: string }).root).toBe(REPO_ROOT);
  });

  it("exits 2 on a usage error or a folder that does not exist", () => {
    expect(validate(["--bogus"]).code).toBe(2);
    const missing = validate(["--dir", join(GOOD, "no-such-folder")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/is not a folder/);
  });
});
