/** Content problems: stable rule ids, the problem shape, and zod-issue → problem conversion. */
import type { z } from "zod";

/** Every rule `carefold validate` enforces, with the one-line reason shown by the CLI and tests. */
export const RULES = {
  parse: "a file is not valid UTF-8, YAML, JSON or frontmatter",
  "missing-file": "a required file is absent",
  schema: "a field is missing, has the wrong type, or is not allowed",
  "hidden-flag": "metadata.yaml hidden must be true or false",
  "id-format": "ids and file names use lowercase letters, digits and single dashes",
  "stray-file": "only the files of the content layout may sit in agent and skill folders",
  symlink: "content files must be regular files, never links",
  "name-folder": "name equals the folder name",
  "unknown-skill": "an agent declares only skills that exist",
  "risk-class": "agent risk = highest risk of its skills; clinical skills are clinical_assist",
  category: "category is <domain>.<area> and matches the domain",
  "tool-registry": "declared tools belong to the closed registry",
  "allowed-tools-mirror": "a skill's allowed-tools lists exactly its metadata.tools",
  "skill-tools": "a skill's tools are available to every agent that declares it",
  forbidden: "metadata.forbidden names only known verbs, and all five for clinical skills",
  "intended-use": "the three intended-use statements are present",
  "body-sections": "SKILL.md body has the title and the required sections in order",
  protocol: "How to help is the 4-step protocol",
  "never-section": "the Never section covers diagnosis, medicines, stopping medicines and emergencies",
  "red-flags": "the Red flags section points to emergency help",
  "emergency-wording": "an emergency sign is never sent to urgent care (a walk-in clinic)",
  "reference-missing": "every references/ file the body names exists",
  "reference-orphan": "every file in references/ is listed in the References section",
  "reference-list": "each References bullet names one file and says when to read it",
  "reference-count": "clinical skills have at least three references",
  "reference-kinds": "a specialist's primary clinical skill has an agenda, a log or diary, and a question guide",
  "reference-content": "a reference starts with a # title and a 'Use this when' line and is not a stub",
  placeholder: "no TODO, FIXME or lorem ipsum left in shipped text",
  "persona-purity": "persona.md has exactly the two sections and no paths, tools, code, skill ids or 911 text",
  "persona-length": "persona.md is about 250–450 words (200–550 accepted)",
  starters: "starters.json has 4–5 prompts of 10–120 characters per language",
  goldens: "golden.jsonl parses, ids are unique, and the case mix is complete",
  "description-length": "agent descriptions 40–400 characters, skill descriptions 80–1024",
  "description-when": "a skill description says when to use it",
  "title-length": "metadata title is 3–60 characters",
  translation: "metadata es: a Spanish title (3–60) and description (40–400) for every agent once any has one",
  keywords: "15–60 distinct routing keywords",
  tags: "3–12 distinct short tags",
  profile: "carefold-profile.yaml exists and carries the safety contract",
} as const;

export type RuleId = keyof typeof RULES;

export interface ContentProblem {
  /** Path relative to the content root, with forward slashes. */
  file: string;
  field?: string;
  rule: RuleId;
  message: string;
}

export function problem(file: string, rule: RuleId, message: string, field?: string): ContentProblem {
  return field === undefined ? { file, rule, message } : { file, field, rule, message };
}

/** `skills[2]`, `metadata.risk_class`, `line 3.expect`. */
export function fieldPath(path: readonly PropertyKey[], prefix?: string): string | undefined {
  let out = prefix ?? "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || undefined;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_value":
      return `expected ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map(String).join("|")}`}`;
    case "invalid_type":
      return issue.input === undefined ? `required (expected ${issue.expected})` : `expected ${issue.expected}, got ${typeOf(issue.input)}`;
    case "unrecognized_keys":
      return issue.keys.length === 1 ? "unknown field" : `unknown fields ${issue.keys.join(", ")}`;
    default:
      return issue.message;
  }
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "string" ? `string ${JSON.stringify(value.slice(0, 40))}` : typeof value;
}

/**
 * One problem per zod issue, naming the field. `ruleFor` maps a top-level field to a more specific rule
 * (e.g. metadata.yaml `hidden` → hidden-flag); everything else is `schema`.
 */
export function issuesToProblems(
  file: string,
  error: z.ZodError,
  options: { prefix?: string; ruleFor?: (topField: string | undefined) => RuleId | undefined } = {},
): ContentProblem[] {
  return error.issues.map((issue) => {
    // An unknown key is reported at that key, so the field names what to delete.
    const path = issue.code === "unrecognized_keys" && issue.keys.length === 1 ? [...issue.path, issue.keys[0]] : issue.path;
    const top = path.length > 0 ? String(path[0]) : undefined;
    const rule = options.ruleFor?.(top) ?? "schema";
    return problem(file, rule, describeIssue(issue), fieldPath(path, options.prefix));
  });
}

/** Stable order for output and tests: by file, then field, then rule. */
export function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.field ?? "").localeCompare(b.field ?? "") ||
      a.rule.localeCompare(b.rule) ||
      a.message.localeCompare(b.message),
  );
}

export function formatProblem(p: ContentProblem): string {
  return `${p.file}: ${p.field ? `${p.field}: ` : ""}${p.message} [${p.rule}]`;
}
