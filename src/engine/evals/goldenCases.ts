/** Which golden cases an eval run covers: every shipped agent's evals/golden.jsonl, or one agent's. */
import type { ContentSet, Golden } from "../content";

export interface EvalCase {
  agent: string;
  golden: Golden;
}

export class UnknownAgentError extends Error {}

/** Cases in content order: agents by id (as the loader lists them), lines in file order. */
export function selectCases(content: ContentSet, agentId?: string): EvalCase[] {
  const agents = agentId ? content.agents.filter((a) => a.id === agentId) : content.agents;
  if (agentId && agents.length === 0) {
    throw new UnknownAgentError(`No agent "${agentId}". Known agents: ${content.agents.map((a) => a.id).join(", ")}`);
  }
  return agents.flatMap((a) => a.goldens.map((golden) => ({ agent: a.id, golden })));
}

/** Content problems in golden files (a line the loader dropped is reported here, never skipped silently). */
export function goldenProblems(content: ContentSet, agentId?: string): string[] {
  return content.problems
    .filter((p) => p.rule === "goldens" && p.file.endsWith("evals/golden.jsonl"))
    .filter((p) => !agentId || p.file.startsWith(`agents/${agentId}/`))
    .map((p) => `${p.file}: ${p.message}`);
}
