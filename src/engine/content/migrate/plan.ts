/**
 * The whole migration of a legacy tree, in memory: skills (9a), agents (9b, 9c), each agent's
 * protocol placed once in its primary skill, and the catalog fields an agent lacks taken from that
 * skill. Pure and deterministic (folders in name order), so a re-run plans the same bytes.
 */
import { highestRisk, RISK_ORDER } from "../registry";
import type { RiskClass } from "../../../shared/contract";
import { CATALOG_KEYS, migrateAgent, RUNTIME_KEYS, type MigratedAgent } from "./agent";
import { METADATA_STYLE, ordered, skillMarkdown, yamlText } from "./render";
import { migrateSkill, type MigratedSkill } from "./skill";
import { canonicalStepNames, placeProtocol } from "./skillBody";
import { note, type LegacyTree, type MigrationNote, type MigrationPlan, type PlannedFile } from "./types";

export const PROFILE_PATH = "carefold-profile.yaml";

export interface PlanOptions {
  /** carefold-profile.yaml to write at the output root (the bundled one), or null for none. */
  profile?: Buffer | null;
}

const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);

export function planMigration(tree: LegacyTree, options: PlanOptions = {}): MigrationPlan {
  const notes: MigrationNote[] = [...tree.notes];
  const skipped = { agents: [] as string[], skills: [] as string[] };

  const skills = new Map<string, MigratedSkill>();
  for (const folder of [...tree.skills].sort(byId)) {
    const r = migrateSkill(folder);
    if (r.ok) {
      skills.set(folder.id, r.skill);
      notes.push(...r.skill.notes);
    } else {
      skipped.skills.push(folder.id);
      notes.push(...r.notes.filter((n) => n.kind !== "change"));
    }
  }
  const agents: MigratedAgent[] = [];
  for (const folder of [...tree.agents].sort(byId)) {
    const r = migrateAgent(folder);
    if (r.ok) {
      agents.push(r.agent);
      notes.push(...r.agent.notes);
    } else {
      skipped.agents.push(folder.id);
      notes.push(...r.notes.filter((n) => n.kind !== "change"));
    }
  }

  for (const agent of agents) {
    fillCatalogFromSkills(agent, skills, notes);
    placeAgentProtocol(agent, skills, notes);
  }

  const files: PlannedFile[] = [];
  for (const skill of skills.values()) {
    files.push({ path: `skills/${skill.id}/SKILL.md`, content: Buffer.from(skillMarkdown(skill.frontmatter, skill.body)) }, ...skill.references);
  }
  for (const agent of agents) {
    const rel = `agents/${agent.id}`;
    files.push(
      { path: `${rel}/agent.yaml`, content: Buffer.from(yamlText(ordered(agent.runtime, RUNTIME_KEYS))) },
      { path: `${rel}/metadata.yaml`, content: Buffer.from(yamlText(ordered(agent.catalog, CATALOG_KEYS), METADATA_STYLE)) },
      { path: `${rel}/persona.md`, content: Buffer.from(agent.persona) },
      ...agent.files,
    );
  }
  if (options.profile) files.push({ path: PROFILE_PATH, content: options.profile });
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, notes, skipped };
}

/** domain, category and risk_class, which ADR-0003 keeps on the skills, taken from the primary skill when absent. */
function fillCatalogFromSkills(agent: MigratedAgent, skills: Map<string, MigratedSkill>, notes: MigrationNote[]): void {
  const metaPath = `agents/${agent.id}/metadata.yaml`;
  const declared = agent.runtime.skills.map((id) => skills.get(id)).filter((s): s is MigratedSkill => s !== undefined);
  const primary = skills.get(agent.runtime.skills[0] ?? "");
  for (const key of ["domain", "category"] as const) {
    if (agent.catalog[key] !== undefined) continue;
    const value = primary?.frontmatter.metadata[key];
    if (value === undefined) notes.push(note(metaPath, "unplaced", `no ${key}, and no primary skill in this tree to take it from`, key));
    else {
      agent.catalog[key] = value;
      notes.push(note(metaPath, "change", `${key} = ${JSON.stringify(value)} (from the primary skill ${primary!.id})`, key));
    }
  }
  // An agent carries the highest risk of its skills; the migration only ever raises it.
  const risks = declared.map((s) => s.frontmatter.metadata.risk_class).filter((r): r is RiskClass => (RISK_ORDER as readonly string[]).includes(r ?? ""));
  const top = highestRisk(risks);
  const current = agent.catalog.risk_class as string | undefined;
  const rank = (r: string | undefined) => (RISK_ORDER as readonly string[]).indexOf(r ?? "");
  if (top !== null && (current === undefined || rank(current) < rank(top))) {
    agent.catalog.risk_class = top;
    notes.push(note(metaPath, "change", current === undefined ? `risk_class = "${top}" (the highest risk of its skills)` : `risk_class "${current}" → "${top}" (the highest risk of its skills)`, "risk_class"));
  } else if (current === undefined) {
    notes.push(note(metaPath, "unplaced", "no risk_class, and no skill in this tree to take it from", "risk_class"));
  }
}

/** STRUCTURED INTERACTION PROTOCOL → `## How to help` of the primary skill, once (ADR-0003 9b). */
function placeAgentProtocol(agent: MigratedAgent, skills: Map<string, MigratedSkill>, notes: MigrationNote[]): void {
  if (agent.protocol === null) return;
  const personaPath = `agents/${agent.id}/persona.md`;
  const primaryId = agent.runtime.skills[0];
  const primary = primaryId === undefined ? undefined : skills.get(primaryId);
  if (!primary) {
    const why = primaryId === undefined ? "the agent declares no skills" : `its primary skill ${primaryId} is not in this tree (or could not be migrated)`;
    notes.push(note(personaPath, "unplaced", `STRUCTURED INTERACTION PROTOCOL left out: ${why}`, "STRUCTURED INTERACTION PROTOCOL"));
    return;
  }
  const skillPath = `skills/${primary.id}/SKILL.md`;
  let protocol = agent.protocol;
  // Paperwork (admin) skills may name their steps for paperwork; the others use the protocol's names.
  if (primary.frontmatter.metadata.risk_class !== "admin") {
    const { text, renames } = canonicalStepNames(protocol);
    protocol = text;
    for (const r of renames) notes.push(note(skillPath, "change", `How to help step ${r.step} "${r.from}" named "${r.to}"`, "How to help"));
  }
  const placed = placeProtocol(primary.body, protocol);
  if (placed.outcome === "inserted") {
    primary.body = placed.body;
    notes.push(note(skillPath, "change", `added "## How to help" from ${personaPath} (STRUCTURED INTERACTION PROTOCOL)`, "How to help"));
  } else if (placed.outcome === "has-own") {
    notes.push(note(personaPath, "unplaced", `STRUCTURED INTERACTION PROTOCOL left out: ${primary.id} already has its own How to help section`, "STRUCTURED INTERACTION PROTOCOL"));
  }
}
