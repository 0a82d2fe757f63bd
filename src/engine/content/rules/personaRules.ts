/**
 * persona.md holds identity and scope only. Paths, tool names, code and skill ids leak the machinery
 * into the model's voice; the 911 text lives once in carefold-profile.yaml.
 */
import { headings, lines, normalizeTitle, wordCount } from "../markdown";
import { findPlaceholder } from "../placeholders";
import { problem, type ContentProblem } from "../problems";
import { RUNTIME_FILE_TOOLS, TOOL_REGISTRY } from "../registry";
import type { AgentDef } from "../types";
import { LIMITS } from "./limits";

export const PERSONA_SECTIONS = ["ROLE & EMPATHY", "CLINICAL SCOPE & FOCUS"] as const;

const TOOL_WORDS = [...TOOL_REGISTRY, ...RUNTIME_FILE_TOOLS.filter((t) => t.includes("_")), "write_todos"];

interface Pattern {
  re: RegExp;
  why: string;
}

const FIXED_PATTERNS: readonly Pattern[] = [
  { re: /\//, why: 'a slash (looks like a file path; write "or" instead of "and/or")' },
  { re: /\b[\w-]+\.(md|ya?ml|jsonl?|txt|csv|pdf)\b/i, why: "a file name" },
  { re: /\breferences\b\s*\//i, why: "a references/ path" },
  { re: /\w\(/, why: "call syntax like name(" },
  { re: /[{}]/, why: "JSON or code braces" },
  { re: /`/, why: "code formatting (backticks)" },
  { re: /\b(911|988|112|999)\b/, why: "emergency-number text (it lives once in carefold-profile.yaml)" },
];

function wordPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, "i");
}

/** Purity patterns, plus the tool names and the ids of every skill in the content set. */
export function personaPatterns(skillIds: readonly string[]): Pattern[] {
  return [
    ...FIXED_PATTERNS,
    ...TOOL_WORDS.map((t) => ({ re: wordPattern(t), why: `the tool name "${t}"` })),
    ...skillIds.filter((id) => id.includes("-")).map((id) => ({ re: wordPattern(id), why: `the skill id "${id}"` })),
  ];
}

export function checkPersona(agent: AgentDef, skillIds: readonly string[]): ContentProblem[] {
  const file = `agents/${agent.id}/persona.md`;
  const out: ContentProblem[] = [];
  const text = agent.persona;

  const hs = headings(text);
  const titles = hs.map((h) => `${"#".repeat(h.level)} ${h.title}`);
  const wanted = PERSONA_SECTIONS.map((t) => `## ${t}`);
  const sameSections =
    hs.length === 2 && hs.every((h, i) => h.level === 2 && normalizeTitle(h.title) === normalizeTitle(PERSONA_SECTIONS[i]!));
  if (!sameSections) {
    out.push(problem(file, "persona-purity", `must have exactly the sections ${wanted.join(", ")}; found ${titles.join(", ") || "none"}`));
  }
  const firstHeading = hs[0]?.line ?? lines(text).length;
  if (lines(text).slice(0, firstHeading).some((l) => l.trim() !== "")) {
    out.push(problem(file, "persona-purity", `text before "## ${PERSONA_SECTIONS[0]}"; start with that heading`));
  }

  const all = lines(text);
  for (const { re, why } of personaPatterns(skillIds)) {
    const at = all.findIndex((l) => !/^\s*#/.test(l) && re.test(l));
    if (at >= 0) out.push(problem(file, "persona-purity", `contains ${why}: "${excerpt(all[at]!, re)}"`, `line ${at + 1}`));
  }

  const words = wordCount(text);
  const w = LIMITS.personaWords;
  if (words < w.min || words > w.max) {
    out.push(problem(file, "persona-length", `${words} words; write about 250–450 (${w.min}–${w.max} accepted)`));
  }
  const hole = findPlaceholder(text);
  if (hole) out.push(problem(file, "placeholder", hole));
  return out;
}

function excerpt(line: string, re: RegExp): string {
  const m = re.exec(line);
  const at = m ? m.index : 0;
  return line.slice(Math.max(0, at - 20), at + 30).trim();
}
