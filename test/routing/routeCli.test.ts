import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import type { CliIO } from "../../src/cli/types";
import { REPO_ROOT, copyContent, hideAgent } from "../catalog/contentCopy";

function io(stdin = ""): CliIO & { out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c: Buffer) => (out += c.toString()));
  stderr.on("data", (c: Buffer) => (err += c.toString()));
  return { stdin: Readable.from([stdin]), stdout, stderr, cwd: REPO_ROOT, env: {}, out: () => out, err: () => err };
}

const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("carefold route --jsonl", () => {
  it("writes one result per input line, in order, with an error for bad lines, and exits 0", async () => {
    const input = [
      JSON.stringify({ id: "q1", text: "my cardiologist wants an echo but insurance needs prior approval" }),
      "not json at all",
      JSON.stringify({ id: "q2", text: "My mom has heart failure and kidney disease" }),
      "",
      JSON.stringify({ id: "q3" }),
      JSON.stringify({ id: 4, text: 42 }),
      "[1, 2]",
      JSON.stringify({ id: "q5", text: "my sugar numbers have been all over the place" }) + "\r",
      JSON.stringify({ id: "q6", text: '" NEAR( title:* ^ \u0000 🙂' }),
    ].join("\n");
    const t = io(input);
    expect(await runCli(["route", "--jsonl"], t)).toBe(0);
    const out = lines(t.out());
    expect(out.map((o) => o.id)).toEqual(["q1", null, "q2", "q3", 4, null, "q5", "q6"]);
    expect(out[0]).toEqual({
      id: "q1",
      agents: ["cardiology-guide", "prior-auth-navigator"],
      topology: "pipeline",
      confidence: expect.any(Number),
      why: "Heart care, then prior authorization: the Heart Visit Guide prepares the medical details first, then the Prior Authorization Navigator uses them for the paperwork.",
    });
    expect(out[1]).toEqual({ id: null, error: "not valid JSON" });
    expect(out[2]).toMatchObject({ agents: ["cardiology-guide", "nephrology-guide"], topology: "parallel" });
    expect(out[3]).toEqual({ id: "q3", error: '"text" must be a string' });
    expect(out[4]).toEqual({ id: 4, error: '"text" must be a string' });
    expect(out[5]).toMatchObject({ id: null, error: expect.stringContaining("expected an object") });
    expect(out[6]).toMatchObject({ id: "q5", agents: ["endocrinology-guide"], topology: "single" });
    expect(out[7]).toMatchObject({ id: "q6", agents: ["visit-steward"], topology: "single", confidence: 0 });
    for (const o of out.filter((x) => !("error" in x))) {
      expect(Object.keys(o).sort()).toEqual(["agents", "confidence", "id", "topology", "why"]);
      expect(o.confidence as number).toBeGreaterThanOrEqual(0);
      expect(o.confidence as number).toBeLessThanOrEqual(1);
    }
  });

  it("routes over another content folder and never to a hidden agent", async () => {
    const copy = copyContent();
    try {
      hideAgent(copy.dir, "nephrology-guide");
      const t = io(JSON.stringify({ id: "k", text: "my kidney numbers dropped and I may need dialysis" }) + "\n");
      expect(await runCli(["route", "--jsonl", "--content", copy.dir], t)).toBe(0);
      const [result] = lines(t.out());
      expect(result!.agents).not.toContain("nephrology-guide");
    } finally {
      copy.cleanup();
    }
  });

  it("keeps routing when the configured model cannot be reached", async () => {
    const port = await closedPort();
    const t = io(JSON.stringify({ id: "x", text: "qwerty asdf" }) + "\n" + JSON.stringify({ id: "y", text: "heart failure" }) + "\n");
    expect(await runCli(["route", "--jsonl", "--ollama", "qwen2.5:0.5b", "--ollama-url", `http://127.0.0.1:${port}`], t)).toBe(0);
    const out = lines(t.out());
    expect(out.map((o) => o.agents)).toEqual([["visit-steward"], ["cardiology-guide"]]);
  });
});

describe("carefold route <text>", () => {
  it("prints a readable plan", async () => {
    const t = io();
    expect(await runCli(["route", "my dad has COPD and heart failure"], t)).toBe(0);
    expect(t.out()).toContain("Plan: parallel");
    expect(t.out()).toContain("1. pulmonology-guide — Lung and Breathing Visit Guide");
    expect(t.out()).toContain("2. cardiology-guide — Heart Visit Guide");
    expect(t.out()).toMatch(/Why: Lung and breathing and heart concerns: /);
    expect(t.out()).toContain("model: not-needed");
  });

  it("prints JSON with --json", async () => {
    const t = io();
    expect(await runCli(["route", "--json", "insurance denied my claim"], t)).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ id: null, agents: ["claims-appeals-guide"], topology: "single" });
  });

  it("explains its usage on bad arguments", async () => {
    const empty = io();
    expect(await runCli(["route"], empty)).toBe(2);
    expect(empty.err()).toContain("Usage: carefold route");
    const both = io();
    expect(await runCli(["route", "x", "--model", "a.gguf", "--ollama", "b"], both)).toBe(1);
    expect(both.err()).toContain("either --model or --ollama");
    const threshold = io();
    expect(await runCli(["route", "x", "--threshold", "2"], threshold)).toBe(1);
  });

  it("works through bin/carefold.mjs with stdin", () => {
    const out = execFileSync(process.execPath, [join(REPO_ROOT, "bin", "carefold.mjs"), "route", "--jsonl"], {
      input: JSON.stringify({ id: "a", text: "tengo mucha acidez y dolor de estómago" }) + "\n",
      cwd: REPO_ROOT,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(lines(out)).toEqual([expect.objectContaining({ id: "a", agents: ["gastro-guide"], topology: "single" })]);
  });
});

/** A port nothing listens on (connection refused). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
