/** Rules on a SKILL.md body: sections, intended use, the 4-step protocol, Never, red flags, references. */
import { checkIntendedUse, INTENDED_USE_HINTS } from "../../safety/intendedUse";
import { blocks, firstNonEmptyLine, headings, normalizeTitle, referenceMentions, section } from "../markdown";
import { findPlaceholder } from "../placeholders";
import { problem, type ContentProblem } from "../problems";
import type { SkillDef } from "../types";
import { LIMITS } from "./limits";

/** Required `##` sections, in order. The last one only has to start with "Red flags". */
export const SKILL_SECTIONS = ["Intended use", "Scope", "How to help", "References", "Never", "Red flags: call 911 now"] as const;

export const PROTOCOL_STEPS = [
  "Clarify the context",
  "Organize logs and history",
  "Choose the top 3–5 questions",
  "Build the visit agenda",
] as const;

const redFlagsMatch = (title: string) => title.startsWith("red flags");
const sectionMatches = (wanted: string) => (title: string) =>
  wanted === "Red flags: call 911 now" ? redFlagsMatch(title) : title === normalizeTitle(wanted);

export function checkSkillBody(skill: SkillDef): ContentProblem[] {
  const file = `skills/${skill.id}/SKILL.md`;
  const body = skill.body;
  const out: ContentProblem[] = [
    ...checkSections(body, file),
    ...checkIntended(body, file),
    ...checkProtocol(skill, file),
    ...checkNever(body, file),
    ...checkRedFlags(skill, file),
    ...checkReferences(skill, file),
  ];
  const hole = findPlaceholder(body);
  if (hole) out.push(problem(file, "placeholder", hole));
  return out;
}

function checkSections(body: string, file: string): ContentProblem[] {
  const out: ContentProblem[] = [];
  const hs = headings(body);
  const first = firstNonEmptyLine(body);
  const h1s = hs.filter((h) => h.level === 1);
  if (!first || !/^#\s+\S/.test(first.text) || h1s.length !== 1) {
    out.push(problem(file, "body-sections", "the body starts with one '# Title' line (and has only that one)"));
  }
  const h2 = hs.filter((h) => h.level === 2).map((h) => normalizeTitle(h.title));
  let last = -1;
  for (const wanted of SKILL_SECTIONS) {
    const at = h2.findIndex(sectionMatches(wanted));
    if (at < 0) out.push(problem(file, "body-sections", `missing section "## ${wanted}"`));
    else if (at < last) out.push(problem(file, "body-sections", `"## ${wanted}" is out of order (${SKILL_SECTIONS.join(" → ")})`));
    else last = at;
  }
  return out;
}

function checkIntended(body: string, file: string): ContentProblem[] {
  return checkIntendedUse(body).missing.map((key) =>
    problem(file, "intended-use", `missing the ${key} statement: ${INTENDED_USE_HINTS[key]}`, "Intended use"),
  );
}

function checkProtocol(skill: SkillDef, file: string): ContentProblem[] {
  const text = section(skill.body, "How to help");
  if (text === null) return [];
  const steps = blocks(text).filter((b) => /^\d+$/.test(b.marker) && b.indent < 2);
  const numbers = steps.map((s) => Number(s.marker));
  if (steps.length !== 4 || numbers.some((n, i) => n !== i + 1)) {
    return [problem(file, "protocol", `needs exactly four numbered steps 1.–4.; found ${steps.length}`, "How to help")];
  }
  // Paperwork skills may name their steps for paperwork ("Build the appeal packet"); others use the protocol's names.
  if (skill.riskClass === "admin") return [];
  const out: ContentProblem[] = [];
  steps.forEach((step, i) => {
    const bold = /^\*\*(.+?)\*\*/.exec(step.text)?.[1] ?? "";
    if (normalizeTitle(bold) !== normalizeTitle(PROTOCOL_STEPS[i]!)) {
      out.push(problem(file, "protocol", `step ${i + 1} must start with **${PROTOCOL_STEPS[i]}**`, "How to help"));
    }
  });
  return out;
}

/**
 * Negative constraints as a list of "Never …" bullets. Their topics (diagnosis, drugs and doses,
 * stopping medicines, emergency care) are written in each specialist's own words, so only the form is
 * checked here; the refusal gate enforces the behavior.
 */
const NEGATIVE_START = /^(\*\*)?(never|no|do not|don't|not)\b/i;
const MIN_NEVER_BULLETS = 3;

function checkNever(body: string, file: string): ContentProblem[] {
  const text = section(body, "Never");
  if (text === null) return [];
  const bullets = blocks(text).filter((b) => /^[-*+]$/.test(b.marker) && b.indent < 2);
  const out: ContentProblem[] = [];
  if (bullets.length < MIN_NEVER_BULLETS) {
    out.push(problem(file, "never-section", `list at least ${MIN_NEVER_BULLETS} "Never …" bullets (found ${bullets.length})`, "Never"));
  }
  for (const b of bullets.filter((b) => !NEGATIVE_START.test(b.text))) {
    out.push(problem(file, "never-section", `each bullet is a negative constraint starting with "Never": "${b.text.slice(0, 50)}"`, "Never"));
  }
  return out;
}

function checkRedFlags(skill: SkillDef, file: string): ContentProblem[] {
  const text = section(skill.body, "Red flags", (title) => redFlagsMatch(title));
  if (text === null) return [];
  const out: ContentProblem[] = [];
  if (!/\b911\b|emergency number/i.test(text)) {
    out.push(problem(file, "red-flags", 'must tell people to call 911 or the local emergency number', "Red flags"));
  }
  const bullets = blocks(text).filter((b) => /^[-*+]$/.test(b.marker));
  if (skill.domain === "clinical" && bullets.length < 3) {
    out.push(problem(file, "red-flags", `clinical skills list their organ-specific red flags (at least 3 bullets; found ${bullets.length})`, "Red flags"));
  }
  return out;
}

/** "— read when …", "— read after a visit …", "— use when …": the bullet says when to open the file. */
const READ_WHEN = /\b(read|use|open)\b/i;

function checkReferences(skill: SkillDef, file: string): ContentProblem[] {
  const out: ContentProblem[] = [];
  const present = new Set(skill.references.map((r) => r.file));
  for (const name of referenceMentions(skill.body)) {
    if (!present.has(name)) {
      out.push(problem(file, "reference-missing", `names references/${name}, which does not exist`, "References"));
    }
  }

  const listText = section(skill.body, "References");
  const listed = new Set<string>();
  if (listText !== null) {
    for (const item of blocks(listText).filter((b) => /^[-*+]$/.test(b.marker))) {
      const named = referenceMentions(item.text);
      named.forEach((n) => listed.add(n));
      if (named.length !== 1 || !READ_WHEN.test(item.text)) {
        out.push(problem(file, "reference-list", `each bullet names one references/ file and says when to read it: "${item.text.slice(0, 60)}"`, "References"));
      }
    }
  }
  for (const ref of skill.references) {
    if (!listed.has(ref.file)) {
      out.push(problem(`skills/${skill.id}/references/${ref.file}`, "reference-orphan", "not listed in the SKILL.md References section"));
    }
  }
  if (skill.domain === "clinical" && skill.references.length < LIMITS.clinicalReferences) {
    out.push(
      problem(file, "reference-count", `${skill.references.length} references; clinical skills need at least ${LIMITS.clinicalReferences} (visit agenda, log or diary, question guide)`, "References"),
    );
  }
  return out;
}
