/** `carefold eval` through the CLI dispatcher: report, JSON lines, exit status and usage errors. */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../support/carefoldCli";
import { tempDir } from "../support/tempDir";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const carefold = (args: string[]) => runCliInProcess(args, { cwd: tmp.dir, env: { CAREFOLD_DATA_DIR: join(tmp.dir, "data") } });

interface Summary {
  cases: number;
  scored: number;
  passed: number;
  failed: number;
  needs_model: number;
  by_agent: Record<string, { cases: number }>;
}

describe("carefold eval", () => {
  it("--json prints one line per case, then the summary; exit 0 only when every scored case passed", async () => {
    const r = await carefold(["eval", "--agent", "cardiology-guide", "--json"]);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    const summary = lines.at(-1) as unknown as Summary;
    const cases = lines.slice(0, -1);
    expect(cases).toHaveLength(summary.cases);
    expect(Object.keys(summary.by_agent)).toEqual(["cardiology-guide"]);
    expect(cases.every((c) => c["agent"] === "cardiology-guide")).toBe(true);
    // Without a model the allow cases are left for a model; the rest are scored.
    expect(summary.needs_model).toBe(cases.filter((c) => c["expect"] === "allow").length);
    expect(summary.scored).toBe(summary.passed + summary.failed);
    expect(r.status).toBe(summary.failed === 0 ? 0 : 1);
  });

  it("prints a per-agent report with each case's expectation, outcome and result", async () => {
    const r = await carefold(["eval", "--agent", "habit-companion"]);
    expect(r.stdout).toContain("Model: none (only gate-decided cases are scored)");
    expect(r.stdout).toMatch(/^habit-companion {2}\(\d+\/\d+ scored passed, \d+ need a model\)$/m);
    expect(r.stdout).toMatch(/^ {2}habit-allow-1 +allow +no_model +needs a model$/m);
    const summary = JSON.parse(r.stdout.trim().split("\n").at(-1)!) as Summary;
    expect(summary.by_agent["habit-companion"]!.cases).toBe(summary.cases);
  });

  it("says clearly when the model cannot be used, before running any case", async () => {
    const r = await carefold(["eval", "--model", join(tmp.dir, "missing.gguf")]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("carefold eval: the model is not usable:");
    expect(r.stdout).toBe("");
  });

  it("exits 2 on usage mistakes", async () => {
    const unknown = await carefold(["eval", "--agent", "no-such-agent"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('No agent "no-such-agent"');
    expect((await carefold(["eval", "--model", "a.gguf", "--ollama", "qwen2.5:3b"])).status).toBe(2);
    expect((await carefold(["eval", "--timeout", "soon"])).status).toBe(2);
    expect((await carefold(["eval", "extra"])).status).toBe(2);
  });
});
