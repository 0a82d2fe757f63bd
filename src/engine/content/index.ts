/**
 * Content: agents, skills and the shared profile (docs/content-format.md). The catalog, the runtime
 * and the UI load content through here; `carefold validate` reports the same problems.
 */
export { loadContent } from "./loadContent";
export { validateContent } from "./validate";
export { PROFILE_FILE } from "./loadProfile";
export { RULES, formatProblem, sortProblems, type ContentProblem, type RuleId } from "./problems";
export {
  TOOL_REGISTRY,
  RUNTIME_FILE_TOOLS,
  KNOWN_RUNTIME_TOOLS,
  RISK_ORDER,
  FORBIDDEN_VERBS,
  ID_PATTERN,
  highestRisk,
  isRegistryTool,
  riskRank,
  type Domain,
  type RegistryTool,
} from "./registry";
export type { AgentMetadata, AgentRuntime, Golden, SkillFrontmatter, SkillMetadata, TurnLimits } from "./schemas";
export { DEFAULT_TURN_LIMITS } from "./schemas";
export type { AgentDef, ContentSet, Profile, SkillDef, SkillReference } from "./types";
export {
  loadLayeredContent,
  reloadIfChanged,
  userContentDir,
  userContentStamp,
  PROTECTED_SKILLS,
  USER_CONTENT_FOLDER,
  type ContentLayers,
  type LayeredContent,
  type LoadedPack,
  type RejectedPack,
  type UserPacksReport,
} from "./userPacks";
