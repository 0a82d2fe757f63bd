/**
 * validateContent: every rule of docs/content-format.md that can be decided from the loaded
 * definitions. Pure — file-level rules (parse, schema, layout, reference files) are found by the
 * loaders and are already in `set.problems`; this never repeats them.
 */
import { PROFILE_FILE } from "./loadProfile";
import { headings } from "./markdown";
import { sortProblems, type ContentProblem } from "./problems";
import { checkAgentFiles } from "./rules/agentRules";
import { checkAgentSkills } from "./rules/crossRules";
import { checkEmergencyWording } from "./rules/emergencyWordingRules";
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
      ...checkEmergencyWording(agent.persona, `agents/${agent.id}/persona.md`),
      ...checkStarters(agent),
      ...checkGoldens(agent),
    );
  }
  for (const skill of set.skills) {
    out.push(
      ...checkSkillFrontmatter(skill),
      ...checkSkillBody(skill),
      // Body lines are not the file's lines (frontmatter comes first), so the section names the place.
      ...checkEmergencyWording(skill.body, `skills/${skill.id}/SKILL.md`, (hit) => sectionAt(skill.body, hit.line)),
    );
  }
  out.push(...checkTranslations(set), ...checkProfile(set));
  // References are checked as they are read (loadSkills); the profile is checked here.
  if (set.profile) out.push(...checkEmergencyWording(set.profile.systemPromptSuffix, PROFILE_FILE, (hit) => `system_prompt_suffix line ${hit.line + 1}`));
  return sortProblems(out);
}

/** The title of the `##` (or `#`) section a body line sits in. */
function sectionAt(body: string, line: number): string {
  const above = headings(body).filter((h) => h.level <= 2 && h.line <= line);
  return above.at(-1)?.title ?? "body";
}
