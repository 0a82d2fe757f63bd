/**
 * Spanish catalog text (metadata.yaml `es:`). The block is optional per file so that an English-only
 * content tree (a test fixture, a pack in progress) still validates; but once any agent of a tree
 * carries Spanish, every agent must, or a Spanish-speaking user would meet one English title among
 * Spanish ones. Shape errors of the block are reported by the loader under the same rule.
 */
import { problem, type ContentProblem } from "../problems";
import type { AgentDef, ContentSet } from "../types";
import { chars, fold, LIMITS } from "./limits";

export function checkTranslations(set: ContentSet): ContentProblem[] {
  const required = set.agents.some((a) => a.metadata.es !== undefined);
  const out: ContentProblem[] = [];
  for (const agent of set.agents) {
    const file = `agents/${agent.id}/metadata.yaml`;
    if (agent.metadata.es === undefined) {
      if (required) {
        out.push(problem(file, "translation", "no Spanish title and description (es:); every agent needs them once one has them", "es"));
      }
      continue;
    }
    out.push(...checkSpanishBlock(agent, file));
  }
  return out;
}

function checkSpanishBlock(agent: AgentDef, file: string): ContentProblem[] {
  const es = agent.metadata.es!;
  const out: ContentProblem[] = [];
  const fields = [
    ["title", es.title, agent.metadata.title, LIMITS.translation.title],
    ["description", es.description, agent.runtime.description, LIMITS.translation.description],
  ] as const;
  for (const [name, spanish, english, limit] of fields) {
    const n = chars(spanish);
    if (n < limit.min || n > limit.max) {
      out.push(problem(file, "translation", `${n} characters; write ${limit.min}–${limit.max}`, `es.${name}`));
    } else if (fold(spanish) === fold(english)) {
      // A copied English line passes every length check but shows English to a Spanish reader.
      out.push(problem(file, "translation", `the same as the English ${name}; write it in Spanish`, `es.${name}`));
    }
  }
  return out;
}
