/** carefold-profile.yaml: present, short, subagent off, and carrying the non-clinical and 911/988 contract. */
import { PROFILE_FILE } from "../loadProfile";
import { wordCount } from "../markdown";
import { problem, type ContentProblem } from "../problems";
import type { ContentSet } from "../types";
import { LIMITS } from "./limits";

const REQUIRED_TERMS: readonly [RegExp, string][] = [
  [/diagnos/i, "the never-diagnose boundary"],
  [/\b(prescrib|dose|dosing)/i, "the no-prescribing, no-dosing boundary"],
  [/\b911\b/, "911 / local emergency number"],
  [/\b988\b/, "988 for a suicidal crisis"],
];

export function checkProfile(set: ContentSet): ContentProblem[] {
  if (set.profile === null) {
    // Present but unreadable: the loader has said why.
    if (set.problems.some((p) => p.file === PROFILE_FILE)) return [];
    return [problem(PROFILE_FILE, "profile", "missing: the shared safety suffix must exist at the content root")];
  }
  const out: ContentProblem[] = [];
  const { systemPromptSuffix, generalPurposeSubagent } = set.profile;
  if (generalPurposeSubagent.enabled) {
    out.push(problem(PROFILE_FILE, "profile", "must be false: no unscoped subagent", "general_purpose_subagent.enabled"));
  }
  const words = wordCount(systemPromptSuffix);
  if (words > LIMITS.profileWords.max) {
    out.push(problem(PROFILE_FILE, "profile", `${words} words; keep it under ${LIMITS.profileWords.max} (it is in every prompt)`, "system_prompt_suffix"));
  }
  for (const [re, what] of REQUIRED_TERMS) {
    if (!re.test(systemPromptSuffix)) out.push(problem(PROFILE_FILE, "profile", `does not state ${what}`, "system_prompt_suffix"));
  }
  return out;
}
