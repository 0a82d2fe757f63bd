/**
 * Loads a whole content tree and validates it. Synchronous on purpose: it runs once at start-up over a
 * few hundred small files, before anything else can use the catalog.
 */
import { join, resolve } from "node:path";
import { isDir, listEntries } from "./files";
import { loadAgent } from "./loadAgents";
import { loadProfile } from "./loadProfile";
import { loadSkill } from "./loadSkills";
import { problem, sortProblems, type ContentProblem } from "./problems";
import type { AgentDef, ContentSet, SkillDef } from "./types";
import { validateContent } from "./validate";

/**
 * Everything under `rootDir`, with every problem: those found while reading files (parse, schema,
 * layout, reference files) and those of `validateContent`. Items whose core files are broken are left
 * out of `agents`/`skills` and listed in `invalid`.
 */
export function loadContent(rootDir: string): ContentSet {
  const root = resolve(rootDir);
  const problems: ContentProblem[] = [];
  const invalid = { agents: [] as string[], skills: [] as string[] };

  const agents: AgentDef[] = [];
  for (const id of contentFolders(root, "agents", problems)) {
    const agent = loadAgent(root, id, problems);
    if (agent) agents.push(agent);
    else invalid.agents.push(id);
  }
  const skills: SkillDef[] = [];
  for (const id of contentFolders(root, "skills", problems)) {
    const skill = loadSkill(root, id, problems);
    if (skill) skills.push(skill);
    else invalid.skills.push(id);
  }
  const profile = loadProfile(root, problems);

  const set: ContentSet = { root, agents, skills, profile, invalid, problems };
  set.problems = sortProblems([...problems, ...validateContent(set)]);
  return set;
}

/** Sub-folders of agents/ or skills/ (absent folder = none); anything else there is reported. */
function contentFolders(root: string, kind: "agents" | "skills", problems: ContentProblem[]): string[] {
  const abs = join(root, kind);
  if (!isDir(abs)) return [];
  const ids: string[] = [];
  for (const e of listEntries(abs)) {
    if (e.kind === "dir") ids.push(e.name);
    else if (e.kind === "symlink") problems.push(problem(`${kind}/${e.name}`, "symlink", "content folders must be real folders, not links"));
    else problems.push(problem(`${kind}/${e.name}`, "stray-file", `${kind}/ holds one folder per ${kind === "agents" ? "agent" : "skill"} only`));
  }
  return ids;
}
