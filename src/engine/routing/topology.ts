/**
 * Topology planning: one specialist; several clinical specialists side by side (concerns in two or
 * more organ systems, each specialist once); or a pipeline where the clinical specialist(s) run first
 * and an administrative navigator (prior authorization, formulary, claims, benefits, records) gets
 * their output. At most MAX_PLAN_AGENTS agents, so a 2-core laptop is not asked for more model calls.
 */
import type { Topology } from "../../shared/contract";
import type { PlanTask } from "../lifecycle/state";
import type { RankedAgent } from "./rank";

export const MAX_PLAN_AGENTS = 3;
/** A pipeline's third agent must score at least this share of the best agent of its kind. */
export const PIPELINE_EXTRA_RATIO = 0.75;

export interface Candidate extends RankedAgent {
  /** Hop-1 score of the concern it answers: which candidates make the plan. */
  score: number;
  /** Where the concern was first mentioned: the order agents of one kind are listed in. */
  position: number;
}

export interface PlannedTopology {
  /** In task order: clinical first in a pipeline. */
  agents: Candidate[];
  topology: Topology;
  tasks: PlanTask[];
}

/** `candidates` best first; duplicates are dropped (each specialist runs once). */
export function planTopology(candidates: readonly Candidate[], maxAgents = MAX_PLAN_AGENTS): PlannedTopology {
  const unique = dedupe(candidates);
  if (unique.length === 0) throw new Error("planTopology needs at least one candidate");
  const cap = Math.max(1, maxAgents);
  const clinical = unique.filter((c) => c.kind === "clinical");
  const admin = unique.filter((c) => c.kind === "admin");

  if (clinical.length > 0 && admin.length > 0 && cap >= 2) {
    const picked = [clinical[0]!, admin[0]!];
    // A third step makes a sequential chain slower still: it needs evidence close to its kind's best.
    const extra = [clinical[1], admin[1]]
      .filter((c): c is Candidate => c !== undefined && c.score >= PIPELINE_EXTRA_RATIO * (c.kind === "clinical" ? clinical[0]!.score : admin[0]!.score))
      .sort((a, b) => b.score - a.score);
    for (const c of extra) if (picked.length < cap) picked.push(c);
    const doctors = byMention(picked.filter((c) => c.kind === "clinical"));
    const navigators = byMention(picked.filter((c) => c.kind === "admin"));
    const ids = doctors.map((c) => c.id);
    return {
      agents: [...doctors, ...navigators],
      topology: "pipeline",
      tasks: [...doctors.map((c) => ({ agent: c.id, dependsOn: [] })), ...navigators.map((c) => ({ agent: c.id, dependsOn: [...ids] }))],
    };
  }
  if (clinical.length >= 2 && cap >= 2) {
    const picked = byMention(clinical.slice(0, cap));
    return { agents: picked, topology: "parallel", tasks: picked.map((c) => ({ agent: c.id, dependsOn: [] })) };
  }
  const only = unique[0]!;
  return { agents: [only], topology: "single", tasks: [{ agent: only.id, dependsOn: [] }] };
}

/** "Heart and kidney concerns" lists the heart first when the heart was mentioned first. */
function byMention(list: Candidate[]): Candidate[] {
  return [...list].sort((a, b) => a.position - b.position);
}

function dedupe(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of candidates) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  return out;
}
