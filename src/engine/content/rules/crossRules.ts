/** Rules between an agent and the skills it declares. */
import { problem, type ContentProblem } from "../problems";
import { highestRisk, isRegistryTool } from "../registry";
import type { AgentDef, ContentSet, SkillDef } from "../types";

/** What a specialist's primary clinical skill must carry, matched on file name or title. */
export const REFERENCE_KINDS: readonly [string, RegExp][] = [
  ["visit agenda", /\bagenda\b/],
  ["tracking log or diary", /\b(log|diary|tracker|journal)\b/],
  ["question guide", /\bquestions?\b/],
];

export function checkAgentSkills(agent: AgentDef, set: ContentSet): ContentProblem[] {
  const runtimeFile = `agents/${agent.id}/agent.yaml`;
  const metaFile = `agents/${agent.id}/metadata.yaml`;
  const byId = new Map(set.skills.map((s) => [s.id, s]));
  const out: ContentProblem[] = [];
  const declared: SkillDef[] = [];
  let allLoaded = true;

  agent.runtime.skills.forEach((id, i) => {
    const skill = byId.get(id);
    if (skill) declared.push(skill);
    else {
      allLoaded = false;
      // A skill folder that failed to load already has its own problems.
      if (!set.invalid.skills.includes(id)) {
        out.push(problem(runtimeFile, "unknown-skill", `no skill "${id}" under skills/`, `skills[${i}]`));
      }
    }
  });

  const risk = agent.metadata.risk_class;
  const top = highestRisk(declared.map((s) => s.riskClass));
  if (allLoaded && top !== null && top !== risk) {
    out.push(problem(metaFile, "risk-class", `must be ${top}, the highest risk of its skills (it says ${risk})`, "risk_class"));
  }
  if (agent.metadata.domain === "clinical") {
    for (const s of declared.filter((s) => s.riskClass !== "clinical_assist")) {
      out.push(problem(metaFile, "risk-class", `a clinical specialist's skills are all clinical_assist; ${s.id} is ${s.riskClass}`, "domain"));
    }
  }

  const tools = new Set(agent.runtime.tools);
  for (const s of declared) {
    // Tools outside the registry are reported once, on the skill.
    const lacking = s.tools.filter((t) => isRegistryTool(t) && !tools.has(t));
    if (lacking.length > 0) {
      out.push(problem(runtimeFile, "skill-tools", `skill ${s.id} needs ${lacking.join(", ")}, which this agent does not declare`, "tools"));
    }
  }

  const primary = declared[0];
  if (agent.metadata.domain === "clinical" && primary && primary.id === agent.runtime.skills[0] && primary.domain === "clinical") {
    const names = primary.references.map((r) => `${r.file.replace(/[-_.]/g, " ")} ${r.title}`.toLowerCase());
    for (const [kind, re] of REFERENCE_KINDS) {
      if (!names.some((n) => re.test(n))) {
        out.push(problem(`skills/${primary.id}/SKILL.md`, "reference-kinds", `primary skill of ${agent.id} has no ${kind} reference`, "References"));
      }
    }
  }
  return out;
}
