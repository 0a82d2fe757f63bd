/**
 * Scores a router on a labeled set. Definitions (stated here so the thresholds mean something):
 * - top-1: the plan's first agent equals the labeled first agent (single, pipeline: the clinical
 *   specialist runs first); for parallel, where no agent leads, it is one of the labeled agents.
 * - multi-agent recall: over multi-agent labels, the share of labeled agents the plan contains.
 * - topology: the plan's topology equals the label.
 * - exact: top-1, topology and the agent set all right.
 */
import { readFileSync } from "node:fs";
import type { Plan } from "../../src/engine/lifecycle/state";

export interface LabeledQuery {
  id: string;
  text: string;
  agents: string[];
  topology: "single" | "parallel" | "pipeline";
  tags: string[];
}

export interface Scores {
  n: number;
  top1: number;
  topology: number;
  multiRecall: number;
  exact: number;
  misses: string[];
}

export function readSet(file: string): LabeledQuery[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LabeledQuery);
}

export function score(set: readonly LabeledQuery[], plan: (text: string) => Plan): Scores {
  let top1 = 0;
  let topology = 0;
  let exact = 0;
  let multi = 0;
  let recall = 0;
  const misses: string[] = [];
  for (const q of set) {
    const p = plan(q.text);
    const first = p.agents[0];
    const topOk = q.topology === "parallel" ? first !== undefined && q.agents.includes(first) : first === q.agents[0];
    const topoOk = p.topology === q.topology;
    const sameSet = p.agents.length === q.agents.length && q.agents.every((a) => p.agents.includes(a));
    if (topOk) top1++;
    if (topoOk) topology++;
    if (q.agents.length > 1) {
      multi++;
      recall += q.agents.filter((a) => p.agents.includes(a)).length / q.agents.length;
    }
    if (topOk && topoOk && sameSet) exact++;
    else misses.push(`${q.id}: expected ${q.topology}[${q.agents.join(", ")}], got ${p.topology}[${p.agents.join(", ")}]`);
  }
  const n = set.length;
  return { n, top1: top1 / n, topology: topology / n, multiRecall: multi ? recall / multi : 1, exact: exact / n, misses };
}
