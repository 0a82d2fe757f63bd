/**
 * validateContent: every rule of docs/content-format.md that can be decided from the loaded
 * definitions. Pure — file-level rules (parse, schema, layout, reference files) are found by the
 * loaders and are already in `set.problems`; this never repeats them.
 */
import { sortProblems, type ContentProblem } from "./problems";
import { checkAgentFiles } from "./rules/agentRules";
import { checkAgentSkills } from "./rules/crossRules";
import { checkGoldens, checkStarters } from "./rules/evalRules";
import { checkPersona } from "./rules/personaRules";
import { checkProfile } from "./rules/profileRules";
import { checkSkillBody } from "./rules/skillBodyRules";
import { checkSkillFrontmatter } from "./rules/skillRules";
import { checkTranslations } from "./rules/translationRules";
import type { ContentSet } from "./types";

export function validateContent(set: ContentSet): ContentProblem[] {
  const skillIds = [...set.skills.map((s) => s.id), ...set.invalid.skills];
  const out: ContentProblem[] = [];
  for (const agent of set.agents) {
    out.push(
      ...checkAgentFiles(agent),
      ...checkAgentSkills(agent, set),
      ...checkPersona(agent, skillIds),
      ...checkStarters(agent),
      ...checkGoldens(agent),
    );
  }
  for (const skill of set.skills) out.push(...checkSkillFrontmatter(skill), ...checkSkillBody(skill));
  out.push(...checkTranslations(set), ...checkProfile(set));
  return sortProblems(out);
}
