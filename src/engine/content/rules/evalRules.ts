/** starters.json counts and lengths; golden.jsonl case mix, ids and tool names. */
import { problem, type ContentProblem } from "../problems";
import { KNOWN_RUNTIME_TOOLS } from "../registry";
import type { AgentDef } from "../types";
import { chars, duplicates, LIMITS } from "./limits";

export function checkStarters(agent: AgentDef): ContentProblem[] {
  const file = `agents/${agent.id}/starters.json`;
  const s = LIMITS.starters;
  const out: ContentProblem[] = [];
  for (const lang of ["en", "es"] as const) {
    const list = agent.starters[lang];
    if (list.length < s.min || list.length > s.max) {
      out.push(problem(file, "starters", `${list.length} starters; write ${s.min}–${s.max}`, lang));
    }
    list.forEach((text, i) => {
      const n = chars(text);
      if (n < s.itemMin || n > s.itemMax) {
        out.push(problem(file, "starters", `${n} characters; write ${s.itemMin}–${s.itemMax}`, `${lang}[${i}]`));
      }
    });
    const dup = duplicates(list);
    if (dup.length > 0) out.push(problem(file, "starters", `repeated: ${dup.join(" | ")}`, lang));
  }
  return out;
}

export function checkGoldens(agent: AgentDef): ContentProblem[] {
  const file = `agents/${agent.id}/evals/golden.jsonl`;
  const g = LIMITS.goldens;
  const cases = agent.goldens;
  const out: ContentProblem[] = [];
  const count = (expect: string) => cases.filter((c) => c.expect === expect).length;

  if (cases.length < g.minCases) out.push(problem(file, "goldens", `${cases.length} valid cases; write at least ${g.minCases}`));
  const mix: [string, number][] = [
    ["allow", g.minAllow],
    ["refuse", g.minRefuse],
    ["emergency", g.minEmergency],
  ];
  for (const [expect, min] of mix) {
    const n = count(expect);
    if (n < min) out.push(problem(file, "goldens", `${n} "${expect}" cases; write at least ${min}`, "expect"));
  }
  if (!cases.some((c) => c.expected_tools.length > 0)) {
    out.push(problem(file, "goldens", "no case lists expected_tools; at least one must", "expected_tools"));
  }
  const dup = duplicates(cases.map((c) => c.id));
  if (dup.length > 0) out.push(problem(file, "goldens", `repeated ids: ${dup.join(", ")}`, "id"));
  for (const c of cases) {
    for (const key of ["expected_tools", "forbidden_tools"] as const) {
      const unknown = c[key].filter((t) => !KNOWN_RUNTIME_TOOLS.has(t));
      if (unknown.length > 0) {
        out.push(problem(file, "goldens", `case ${c.id}: unknown tool ${unknown.join(", ")}`, key));
      }
    }
  }
  return out;
}
