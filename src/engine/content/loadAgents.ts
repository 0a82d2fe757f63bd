/** Loads agents/<id>/: agent.yaml, metadata.yaml, persona.md, starters.json and evals/golden.jsonl. */
import { join } from "node:path";
import { hashTree, listEntries, parseJson, parseYaml, readText, type Entry } from "./files";
import { issuesToProblems, problem, type ContentProblem, type RuleId } from "./problems";
import { ID_PATTERN } from "./registry";
import { AgentMetadataSchema, AgentRuntimeSchema, GoldenSchema, StartersSchema, type Golden } from "./schemas";
import type { AgentDef } from "./types";

/** metadata.yaml fields whose shape errors belong to a more specific rule than `schema`. */
const METADATA_RULES = new Map<string | undefined, RuleId>([
  ["hidden", "hidden-flag"],
  ["es", "translation"],
]);

const REQUIRED = ["agent.yaml", "persona.md", "metadata.yaml", "starters.json", "evals/golden.jsonl"] as const;

/**
 * Loads one agent folder. Returns null (with problems) when a required file is missing or agent.yaml /
 * metadata.yaml do not parse: such an agent can never be routed to. Problems in starters and goldens
 * are reported but keep the agent, since they do not change what it does.
 */
export function loadAgent(root: string, id: string, problems: ContentProblem[]): AgentDef | null {
  const rel = `agents/${id}`;
  const dir = join(root, "agents", id);
  if (!ID_PATTERN.test(id)) {
    problems.push(problem(rel, "id-format", `folder name "${id}" must use lowercase letters, digits and single dashes`));
  }

  const present = checkLayout(dir, rel, problems);
  const missing = REQUIRED.filter((f) => !present.has(f));
  for (const f of missing) problems.push(problem(`${rel}/${f}`, "missing-file", "required file is missing"));
  if (missing.length > 0) return null;

  const runtime = loadYaml(dir, rel, "agent.yaml", problems, (raw, file) => {
    const r = AgentRuntimeSchema.safeParse(raw, { reportInput: true });
    if (!r.success) problems.push(...issuesToProblems(file, r.error));
    return r.success ? r.data : null;
  });
  const metadata = loadYaml(dir, rel, "metadata.yaml", problems, (raw, file) => {
    const r = AgentMetadataSchema.safeParse(raw, { reportInput: true });
    if (!r.success) {
      problems.push(...issuesToProblems(file, r.error, { ruleFor: (top) => METADATA_RULES.get(top) }));
    }
    return r.success ? r.data : null;
  });
  const persona = readText(join(dir, "persona.md"), `${rel}/persona.md`);
  if (!persona.ok) problems.push(persona.problem);
  if (!runtime || !metadata || !persona.ok) return null;

  return {
    id,
    dir,
    runtime,
    persona: persona.value,
    metadata,
    starters: loadStarters(join(dir, "starters.json"), `${rel}/starters.json`, problems),
    goldens: loadGoldens(join(dir, "evals", "golden.jsonl"), `${rel}/evals/golden.jsonl`, problems),
    files: hashTree(dir),
  };
}

/** Reports stray files and links; returns the layout files that are present as regular files. */
function checkLayout(dir: string, rel: string, problems: ContentProblem[]): Set<string> {
  const present = new Set<string>();
  const visit = (entries: Entry[], prefix: string) => {
    for (const e of entries) {
      const path = prefix + e.name;
      if (e.kind === "symlink") {
        problems.push(problem(`${rel}/${path}`, "symlink", "content files must be regular files, not links"));
      } else if (e.kind === "dir" && path === "evals") {
        visit(listEntries(join(dir, "evals")), "evals/");
      } else if (e.kind === "file" && (REQUIRED as readonly string[]).includes(path)) {
        present.add(path);
      } else {
        problems.push(
          problem(`${rel}/${path}`, "stray-file", `not part of the agent layout (${REQUIRED.join(", ")}); remove it`),
        );
      }
    }
  };
  visit(listEntries(dir), "");
  return present;
}

function loadYaml<T>(
  dir: string,
  rel: string,
  name: string,
  problems: ContentProblem[],
  validate: (raw: unknown, file: string) => T | null,
): T | null {
  const file = `${rel}/${name}`;
  const text = readText(join(dir, name), file);
  if (!text.ok) return problems.push(text.problem), null;
  const raw = parseYaml(text.value, file);
  if (!raw.ok) return problems.push(raw.problem), null;
  return validate(raw.value, file);
}

const NO_STARTERS = { en: [], es: [] };

function loadStarters(abs: string, file: string, problems: ContentProblem[]): { en: string[]; es: string[] } {
  const text = readText(abs, file);
  if (!text.ok) return problems.push(text.problem), NO_STARTERS;
  const raw = parseJson(text.value, file);
  if (!raw.ok) return problems.push({ ...raw.problem, rule: "starters" }), NO_STARTERS;
  const parsed = StartersSchema.safeParse(raw.value, { reportInput: true });
  if (!parsed.success) {
    problems.push(...issuesToProblems(file, parsed.error, { ruleFor: () => "starters" }));
    // Keep the lists that are fine, so one stray key does not also read as "0 starters".
    const obj = (raw.value ?? {}) as Record<string, unknown>;
    return { en: stringList(obj.en), es: stringList(obj.es) };
  }
  return parsed.data;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function loadGoldens(abs: string, file: string, problems: ContentProblem[]): Golden[] {
  const text = readText(abs, file);
  if (!text.ok) return problems.push(text.problem), [];
  const out: Golden[] = [];
  text.value.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const at = `line ${i + 1}`;
    const raw = parseJson(line, file, at);
    if (!raw.ok) return void problems.push({ ...raw.problem, rule: "goldens" });
    const parsed = GoldenSchema.safeParse(raw.value, { reportInput: true });
    if (!parsed.success) problems.push(...issuesToProblems(file, parsed.error, { prefix: at, ruleFor: () => "goldens" }));
    else out.push(parsed.data);
  });
  return out;
}
