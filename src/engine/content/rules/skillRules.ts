/** Rules on one skill's SKILL.md frontmatter: name, description, category, risk, tools, forbidden. */
import { problem, type ContentProblem } from "../problems";
import { CATEGORY_PATTERN, FORBIDDEN_VERBS, isRegistryTool, KNOWN_RUNTIME_TOOLS, PINNED_SKILL_RISK, TOOL_REGISTRY } from "../registry";
import type { SkillDef } from "../types";
import { chars, LIMITS } from "./limits";

/** "Use when …", "whenever …", "Use for checkups …": the description says when the skill applies. */
const SAYS_WHEN = /\b(when|whenever)\b|\buse (it )?(for|if|after|before|during)\b/i;

export function checkSkillFrontmatter(skill: SkillDef): ContentProblem[] {
  const file = `skills/${skill.id}/SKILL.md`;
  const fm = skill.frontmatter;
  const out: ContentProblem[] = [];

  if (fm.name !== skill.id) {
    out.push(problem(file, "name-folder", `"${fm.name}" must equal the folder name "${skill.id}"`, "name"));
  }
  const desc = chars(fm.description);
  const d = LIMITS.skillDescription;
  if (desc < d.min || desc > d.max) {
    out.push(problem(file, "description-length", `${desc} characters; write ${d.min}–${d.max}`, "description"));
  }
  if (!SAYS_WHEN.test(fm.description)) {
    out.push(problem(file, "description-when", 'say when to use the skill ("Use when …")', "description"));
  }
  if (!CATEGORY_PATTERN.test(skill.category) || !skill.category.startsWith(`${skill.domain}.`)) {
    out.push(problem(file, "category", `"${skill.category}" must be "${skill.domain}.<area>" (lowercase, '_' allowed)`, "metadata.category"));
  }

  // The consent gate keys on risk_class: a clinical skill labeled anything else would skip it.
  const pinned = PINNED_SKILL_RISK[skill.id];
  if (pinned && skill.riskClass !== pinned) {
    out.push(problem(file, "risk-class", `${skill.id} is always ${pinned}, not ${skill.riskClass}`, "metadata.risk_class"));
  } else if (skill.domain === "clinical" && skill.riskClass !== "clinical_assist") {
    out.push(problem(file, "risk-class", `clinical skills are clinical_assist, not ${skill.riskClass}`, "metadata.risk_class"));
  }

  skill.tools.forEach((tool) => {
    if (!isRegistryTool(tool)) {
      out.push(problem(file, "tool-registry", `"${tool}" is not in the closed registry (${TOOL_REGISTRY.join(", ")})`, "metadata.tools"));
    }
  });
  const allowed = fm["allowed-tools"].split(/\s+/).filter(Boolean);
  for (const tool of allowed) {
    if (!KNOWN_RUNTIME_TOOLS.has(tool)) {
      out.push(problem(file, "tool-registry", `"${tool}" is neither a registry tool nor a runtime file tool`, "allowed-tools"));
    }
  }
  // ADR-0003 9a: allowed-tools mirrors metadata.tools (the runtime grants from metadata.tools; the
  // standard field must say the same to any other Agent Skills reader).
  const declared = new Set(skill.tools);
  const extra = allowed.filter((t) => !declared.has(t));
  const missing = skill.tools.filter((t) => !allowed.includes(t));
  if (extra.length > 0 || missing.length > 0) {
    const parts = [missing.length ? `add ${missing.join(" ")}` : "", extra.length ? `remove ${extra.join(" ")}` : ""].filter(Boolean).join("; ");
    out.push(problem(file, "allowed-tools-mirror", `allowed-tools must list exactly metadata.tools (${parts})`, "allowed-tools"));
  }

  const unknown = skill.forbidden.filter((v) => !(FORBIDDEN_VERBS as readonly string[]).includes(v));
  if (unknown.length > 0) {
    out.push(problem(file, "forbidden", `unknown verb ${unknown.join(", ")} (known: ${FORBIDDEN_VERBS.join(" ")})`, "metadata.forbidden"));
  }
  if (skill.riskClass === "clinical_assist") {
    const missing = FORBIDDEN_VERBS.filter((v) => !skill.forbidden.includes(v));
    if (missing.length > 0) {
      out.push(problem(file, "forbidden", `clinical_assist skills forbid all five verbs; missing ${missing.join(" ")}`, "metadata.forbidden"));
    }
  }
  return out;
}
