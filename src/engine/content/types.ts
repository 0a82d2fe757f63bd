/** The loaded content: what the catalog, the runtime and the UI consume. */
import type { Domain } from "./registry";
import type { RiskClass } from "../../shared/contract";
import type { ContentProblem } from "./problems";
import type { AgentMetadata, AgentRuntime, Golden, SkillFrontmatter } from "./schemas";

export interface AgentDef {
  /** Folder name under agents/. */
  id: string;
  /** Absolute path of the agent folder. */
  dir: string;
  /** agent.yaml */
  runtime: AgentRuntime;
  /** persona.md text (the agent's system prompt, before the profile suffix). */
  persona: string;
  /** metadata.yaml (catalog/UI, including routing keywords). */
  metadata: AgentMetadata;
  starters: { en: string[]; es: string[] };
  goldens: Golden[];
  /** Path relative to the agent folder → sha256 of the file. */
  files: Record<string, string>;
}

export interface SkillReference {
  /** File name inside references/, e.g. "visit-agenda.md". */
  file: string;
  /** Its `# Title`, or the file name when it has none. */
  title: string;
  bytes: number;
}

export interface SkillDef {
  /** Folder name under skills/. */
  id: string;
  dir: string;
  /** Parsed SKILL.md frontmatter; metadata values are strings. */
  frontmatter: SkillFrontmatter;
  /** SKILL.md body after the frontmatter. */
  body: string;
  riskClass: RiskClass;
  domain: Domain;
  category: string;
  /** metadata.tools, split on spaces. */
  tools: string[];
  /** metadata.forbidden, split on spaces. */
  forbidden: string[];
  references: SkillReference[];
  /** Path relative to the skill folder → sha256 of the file. */
  files: Record<string, string>;
}

export interface Profile {
  systemPromptSuffix: string;
  generalPurposeSubagent: { enabled: boolean };
}

export interface ContentSet {
  /** Absolute content root (the folder holding agents/, skills/ and carefold-profile.yaml). */
  root: string;
  agents: AgentDef[];
  skills: SkillDef[];
  profile: Profile | null;
  /** Folders present on disk whose files could not be loaded (their problems say why). */
  invalid: { agents: string[]; skills: string[] };
  problems: ContentProblem[];
}
