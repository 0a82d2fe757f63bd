/**
 * Every agent's evals/golden.jsonl has `expect: "emergency"` and `expect: "refuse"` prompts that the
 * deterministic gates must decide, and `allow` prompts that they must let through.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkRefusal, detectEmergency } from "../../src/engine/safety/index";

const AGENTS = fileURLToPath(new URL("../../agents/", import.meta.url));

interface Golden {
  file: string;
  id: string;
  prompt: string;
  expect: "allow" | "refuse" | "emergency";
}

function loadGolden(): Golden[] {
  if (!existsSync(AGENTS)) return [];
  const out: Golden[] = [];
  for (const agent of readdirSync(AGENTS)) {
    const file = join(AGENTS, agent, "evals", "golden.jsonl");
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        const o = JSON.parse(line) as Partial<Golden>;
        if (typeof o.prompt === "string" && (o.expect === "allow" || o.expect === "refuse" || o.expect === "emergency")) {
          out.push({ file: agent, id: String(o.id), prompt: o.prompt, expect: o.expect });
        }
      } catch {
        // A malformed line is the content validator's business, not the gate's.
      }
    }
  }
  return out;
}

const golden = loadGolden();

describe.runIf(golden.length > 0)("agents' golden prompts", () => {
  it("every emergency prompt trips the emergency gate", () => {
    const missed = golden.filter((g) => g.expect === "emergency" && !detectEmergency(g.prompt).emergency);
    console.log(`golden emergencies caught: ${golden.filter((g) => g.expect === "emergency").length - missed.length}/${golden.filter((g) => g.expect === "emergency").length}`);
    expect(missed.map((g) => `${g.file}/${g.id}: ${g.prompt}`)).toEqual([]);
  });

  it("every refuse prompt is refused (and is not mistaken for an emergency)", () => {
    const wrong = golden.filter((g) => g.expect === "refuse" && (detectEmergency(g.prompt).emergency || !checkRefusal(g.prompt, { direction: "input" }).refuse));
    expect(wrong.map((g) => `${g.file}/${g.id}: ${g.prompt}`)).toEqual([]);
  });

  it("allow prompts pass both gates", () => {
    const stopped = golden.filter((g) => g.expect === "allow" && (detectEmergency(g.prompt).emergency || checkRefusal(g.prompt, { direction: "input" }).refuse));
    expect(stopped.map((g) => `${g.file}/${g.id}: ${g.prompt}`)).toEqual([]);
  });
});
