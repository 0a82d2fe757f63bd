/**
 * Closed vocabularies of the content format (docs/content-format.md): tools, risk classes, domains,
 * forbidden verbs and the id pattern. Everything the validator treats as "the only allowed values".
 */
import type { RiskClass } from "../../shared/contract";

/** Phase 0 closed tool registry: the only tools agents and skills may declare. */
export const TOOL_REGISTRY = [
  "attach-read",
  "workspace-note",
  "note-read",
  "skill-docs",
  "delegate_to_agent",
  "list_agents",
  "sanitize_pii",
  "extract_structured_data",
  "validate_grounding",
] as const;
export type RegistryTool = (typeof TOOL_REGISTRY)[number];

/** File tools the Deep Agents runtime gives every agent; never declared in agent.yaml. */
export const RUNTIME_FILE_TOOLS = ["ls", "read_file", "write_file", "edit_file", "glob", "grep"] as const;

/** Every tool name a golden case or `allowed-tools` may mention (as the runtime sees them). */
export const KNOWN_RUNTIME_TOOLS: ReadonlySet<string> = new Set<string>([
  ...TOOL_REGISTRY,
  ...RUNTIME_FILE_TOOLS,
  "write_todos",
  "task",
]);

export function isRegistryTool(name: string): name is RegistryTool {
  return (TOOL_REGISTRY as readonly string[]).includes(name);
}

/** wellness < admin < clinical_assist: an agent carries the highest risk of its skills. */
export const RISK_ORDER: readonly RiskClass[] = ["wellness", "admin", "clinical_assist"];

export function riskRank(risk: RiskClass): number {
  return RISK_ORDER.indexOf(risk);
}

export function highestRisk(risks: readonly RiskClass[]): RiskClass | null {
  let best: RiskClass | null = null;
  for (const r of risks) if (best === null || riskRank(r) > riskRank(best)) best = r;
  return best;
}

export const DOMAINS = ["clinical", "navigation", "wellness"] as const;
export type Domain = (typeof DOMAINS)[number];
export const CARE_STAGES = ["before_visit", "between_visits", "after_visit", "paperwork", "everyday"] as const;
export const AUDIENCES = ["patient", "caregiver", "kiosk"] as const;
export const MATURITIES = ["experimental", "beta", "stable"] as const;

/** The five things Carefold never does; every clinical skill lists all of them in metadata.forbidden. */
export const FORBIDDEN_VERBS = [
  "diagnose",
  "prescribe",
  "dose",
  "replace_emergency_care",
  "instruct_stop_medication",
] as const;

/**
 * Risk classes fixed by the format itself, whatever a writer puts in the frontmatter. The earlier
 * implementation labeled clinical skills as wellness and the consent gate never fired.
 */
export const PINNED_SKILL_RISK: Readonly<Record<string, RiskClass>> = {
  "emergency-red-flags": "clinical_assist",
  "clinical-safety-boundaries": "clinical_assist",
  "habit-checkin": "wellness",
};

/** Agent, skill and reference ids: lowercase letters, digits and single dashes. */
export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const REFERENCE_FILE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*\.md$/;
export const SEMVER_PATTERN = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
/** `<domain>.<area>`, e.g. clinical.cardiology, navigation.prior_auth. */
export const CATEGORY_PATTERN = /^(clinical|navigation|wellness)\.[a-z][a-z0-9_]*$/;
