/** Loads carefold-profile.yaml: the shared safety suffix appended to every agent's system prompt. */
import { join } from "node:path";
import { exists, parseYaml, readText } from "./files";
import { issuesToProblems, type ContentProblem } from "./problems";
import { ProfileFileSchema } from "./schemas";
import type { Profile } from "./types";

export const PROFILE_FILE = "carefold-profile.yaml";

/** null when absent (the `profile` rule reports that) or invalid (problems say why). */
export function loadProfile(root: string, problems: ContentProblem[]): Profile | null {
  const abs = join(root, PROFILE_FILE);
  if (!exists(abs)) return null;
  const text = readText(abs, PROFILE_FILE);
  if (!text.ok) return problems.push(text.problem), null;
  const raw = parseYaml(text.value, PROFILE_FILE);
  if (!raw.ok) return problems.push(raw.problem), null;
  const parsed = ProfileFileSchema.safeParse(raw.value, { reportInput: true });
  if (!parsed.success) return problems.push(...issuesToProblems(PROFILE_FILE, parsed.error)), null;
  return {
    systemPromptSuffix: parsed.data.system_prompt_suffix,
    generalPurposeSubagent: { enabled: parsed.data.general_purpose_subagent.enabled },
  };
}
