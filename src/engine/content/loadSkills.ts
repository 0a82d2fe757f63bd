/** Loads skills/<id>/: SKILL.md (frontmatter + body) and the flat references/ folder. */
import { join } from "node:path";
import { hashTree, listEntries, parseFrontmatter, readText } from "./files";
import { firstNonEmptyLine, headings, lines } from "./markdown";
import { findPlaceholder } from "./placeholders";
import { issuesToProblems, problem, type ContentProblem } from "./problems";
import { checkEmergencyWording } from "./rules/emergencyWordingRules";
import { ID_PATTERN, REFERENCE_FILE_PATTERN } from "./registry";
import { SkillFrontmatterSchema } from "./schemas";
import type { SkillDef, SkillReference } from "./types";

/** Below this a reference is a stub, not a usable template (the earlier build shipped fakes). */
export const MIN_REFERENCE_BYTES = 300;

export function splitWords(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}

/** Loads one skill folder; null (with problems) when SKILL.md is missing or its frontmatter is invalid. */
export function loadSkill(root: string, id: string, problems: ContentProblem[]): SkillDef | null {
  const rel = `skills/${id}`;
  const dir = join(root, "skills", id);
  if (!ID_PATTERN.test(id)) {
    problems.push(problem(rel, "id-format", `folder name "${id}" must use lowercase letters, digits and single dashes`));
  }

  let hasSkillMd = false;
  let hasReferences = false;
  for (const e of listEntries(dir)) {
    if (e.kind === "symlink") problems.push(problem(`${rel}/${e.name}`, "symlink", "content files must be regular files, not links"));
    else if (e.kind === "file" && e.name === "SKILL.md") hasSkillMd = true;
    else if (e.kind === "dir" && e.name === "references") hasReferences = true;
    else problems.push(problem(`${rel}/${e.name}`, "stray-file", "not part of the skill layout (SKILL.md, references/); remove it"));
  }
  const file = `${rel}/SKILL.md`;
  if (!hasSkillMd) return problems.push(problem(file, "missing-file", "required file is missing")), null;

  const text = readText(join(dir, "SKILL.md"), file);
  if (!text.ok) return problems.push(text.problem), null;
  const parsed = parseFrontmatter(text.value, file);
  if (!parsed.ok) return problems.push(parsed.problem), null;
  const fm = SkillFrontmatterSchema.safeParse(parsed.value.data, { reportInput: true });
  if (!fm.success) return problems.push(...issuesToProblems(file, fm.error)), null;

  const meta = fm.data.metadata;
  return {
    id,
    dir,
    frontmatter: fm.data,
    body: parsed.value.body,
    riskClass: meta.risk_class,
    domain: meta.domain,
    category: meta.category,
    tools: splitWords(meta.tools),
    forbidden: splitWords(meta.forbidden),
    references: hasReferences ? loadReferences(join(dir, "references"), `${rel}/references`, problems) : [],
    files: hashTree(dir),
  };
}

/** references/ is flat: one Markdown file per template, each with a title and a "Use this when" line. */
function loadReferences(abs: string, rel: string, problems: ContentProblem[]): SkillReference[] {
  const out: SkillReference[] = [];
  for (const e of listEntries(abs)) {
    const file = `${rel}/${e.name}`;
    if (e.kind === "symlink") {
      problems.push(problem(file, "symlink", "content files must be regular files, not links"));
      continue;
    }
    if (e.kind !== "file") {
      problems.push(problem(file, "stray-file", "references/ holds Markdown files only, no folders"));
      continue;
    }
    if (!REFERENCE_FILE_PATTERN.test(e.name)) {
      problems.push(problem(file, "id-format", "reference file names use lowercase letters, digits and dashes and end in .md"));
    }
    const text = readText(join(abs, e.name), file);
    if (!text.ok) {
      problems.push(text.problem);
      out.push({ file: e.name, title: e.name, bytes: e.bytes });
      continue;
    }
    problems.push(...checkReferenceText(text.value, e.bytes, file), ...checkEmergencyWording(text.value, file));
    const h1 = headings(text.value).find((h) => h.level === 1);
    out.push({ file: e.name, title: h1 ? h1.title : e.name, bytes: e.bytes });
  }
  return out;
}

/** A `# Title` first, a "Use this when…" line among the next few lines, real content, no placeholders. */
export function checkReferenceText(text: string, bytes: number, file: string): ContentProblem[] {
  const out: ContentProblem[] = [];
  const first = firstNonEmptyLine(text);
  if (!first || !/^#\s+\S/.test(first.text)) {
    out.push(problem(file, "reference-content", "must start with a '# Title' line"));
  }
  const opening = lines(text)
    .slice(first ? first.line + 1 : 0)
    .filter((l) => l.trim() !== "")
    .slice(0, 3);
  if (!opening.some((l) => /^\W*use this when\b/i.test(l.trim()))) {
    out.push(problem(file, "reference-content", "needs a one-line 'Use this when…' right under the title"));
  }
  if (bytes < MIN_REFERENCE_BYTES) {
    out.push(problem(file, "reference-content", `only ${bytes} bytes: write the real template (at least ${MIN_REFERENCE_BYTES})`));
  }
  const hole = findPlaceholder(text);
  if (hole) out.push(problem(file, "placeholder", hole));
  return out;
}
