/** Rules on one agent's agent.yaml and metadata.yaml. */
import { problem, type ContentProblem } from "../problems";
import { CATEGORY_PATTERN, isRegistryTool, TOOL_REGISTRY } from "../registry";
import type { AgentDef } from "../types";
import { chars, duplicates, LIMITS } from "./limits";

export function checkAgentFiles(agent: AgentDef): ContentProblem[] {
  const out: ContentProblem[] = [];
  const runtimeFile = `agents/${agent.id}/agent.yaml`;
  const metaFile = `agents/${agent.id}/metadata.yaml`;
  const { runtime, metadata } = agent;

  if (runtime.name !== agent.id) {
    out.push(problem(runtimeFile, "name-folder", `"${runtime.name}" must equal the folder name "${agent.id}"`, "name"));
  }
  const desc = chars(runtime.description);
  const d = LIMITS.agentDescription;
  if (desc < d.min || desc > d.max) {
    out.push(problem(runtimeFile, "description-length", `${desc} characters; write ${d.min}–${d.max}`, "description"));
  }
  runtime.tools.forEach((tool, i) => {
    if (!isRegistryTool(tool)) {
      out.push(problem(runtimeFile, "tool-registry", `"${tool}" is not in the closed registry (${TOOL_REGISTRY.join(", ")})`, `tools[${i}]`));
    }
  });

  const title = chars(metadata.title);
  if (title < LIMITS.title.min || title > LIMITS.title.max) {
    out.push(problem(metaFile, "title-length", `${title} characters; write ${LIMITS.title.min}–${LIMITS.title.max}`, "title"));
  }
  if (!CATEGORY_PATTERN.test(metadata.category) || !metadata.category.startsWith(`${metadata.domain}.`)) {
    out.push(problem(metaFile, "category", `"${metadata.category}" must be "${metadata.domain}.<area>" (lowercase, '_' allowed)`, "category"));
  }
  out.push(...countCheck(metaFile, "keywords", metadata.keywords, LIMITS.keywords));
  out.push(...countCheck(metaFile, "tags", metadata.tags, LIMITS.tags));
  return out;
}

function countCheck(
  file: string,
  rule: "keywords" | "tags",
  items: readonly string[],
  limit: { min: number; max: number; itemMax: number },
): ContentProblem[] {
  const out: ContentProblem[] = [];
  if (items.length < limit.min || items.length > limit.max) {
    out.push(problem(file, rule, `${items.length} ${rule}; write ${limit.min}–${limit.max}`, rule));
  }
  const dup = duplicates(items);
  if (dup.length > 0) out.push(problem(file, rule, `repeated: ${dup.join(", ")}`, rule));
  items.forEach((item, i) => {
    if (chars(item) > limit.itemMax) out.push(problem(file, rule, `longer than ${limit.itemMax} characters`, `${rule}[${i}]`));
  });
  return out;
}
