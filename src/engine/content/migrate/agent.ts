/**
 * ADR-0003 9b/9c for one agent folder: the fat legacy agent.yaml split into the slim runtime
 * agent.yaml and the catalog metadata.yaml, and persona.md decomposed. Pure: bytes in, a result out.
 *
 * Where the ADR's script and this project's format differ, the output follows the format that
 * `carefold validate` enforces, and the report says so: `model` is always "default" (the user picks
 * the model in Settings; a provider string like "ollama:llama3.2" is rejected) and `skills` lists skill
 * ids, so a "/skills/<id>/" path from an older record becomes "<id>".
 */
import { describeValue, normalizeVersion, phraseList, scalarText, skillIdOf, wordList } from "./fields";
import { decodeText, isAbsent, isRecord, parseLegacyMapping, yaml11Boolean } from "./legacyText";
import { PERSONA_TITLES, parsePersona, sectionText, slimPersona } from "./persona";
import { DEFAULT_LICENSE } from "./skill";
import { note, type LegacyFolder, type MigrationNote, type PlannedFile } from "./types";

export const RUNTIME_KEYS = ["name", "description", "model", "skills", "tools", "persona"] as const;
export const CATALOG_KEYS = [
  "title", "version", "license", "domain", "category", "risk_class", "care_stages", "target_audience",
  "tags", "keywords", "icon", "maturity", "hidden", "es",
] as const;
const LIST_KEYS = new Set(["care_stages", "target_audience", "tags", "keywords"]);

/** Legacy fields the canonical layout has no place for, and why (the report quotes this). */
const DROPPED: Readonly<Record<string, string>> = {
  forbidden: "the never-do list lives once in carefold-profile.yaml and in each skill's metadata.forbidden",
  max_iterations: "the runtime sets the step limit for every specialist",
  can_delegate: "delegation is a tool: add delegate_to_agent to tools if this agent should delegate",
};

export interface MigratedAgent {
  id: string;
  runtime: { name: string; description?: string; model: "default"; skills: string[]; tools: string[]; persona: "persona.md" };
  /** metadata.yaml fields found so far (the plan fills domain, category and risk_class from the skills). */
  catalog: Record<string, unknown>;
  persona: string;
  /** STRUCTURED INTERACTION PROTOCOL text, for the primary skill. */
  protocol: string | null;
  /** starters.json and evals/golden.jsonl. */
  files: PlannedFile[];
  notes: MigrationNote[];
}

export type AgentOutcome = { ok: true; agent: MigratedAgent } | { ok: false; notes: MigrationNote[] };

export function migrateAgent(folder: LegacyFolder): AgentOutcome {
  const rel = `agents/${folder.id}`;
  const yamlPath = `${rel}/agent.yaml`;
  const notes: MigrationNote[] = [];
  const fail = (path: string, message: string): AgentOutcome => ({ ok: false, notes: [...notes, note(path, "error", `${message}: the agent was not migrated`)] });

  const raw = readMapping(folder, "agent.yaml");
  if (raw === null) return fail(yamlPath, "agent.yaml is missing");
  if (!raw.ok) return fail(yamlPath, raw.message);
  const legacy = raw.value;
  const meta = readMapping(folder, "metadata.yaml");
  if (meta !== null && !meta.ok) return fail(`${rel}/metadata.yaml`, meta.message);

  const personaFile = scalarText(legacy.persona) ?? "persona.md";
  if (personaFile !== "persona.md") notes.push(note(yamlPath, "change", `persona ${JSON.stringify(personaFile)} written as persona.md`, "persona"));
  const personaBytes = folder.files.get(personaFile.replace(/^\.\//, ""));
  if (!personaBytes) return fail(`${rel}/${personaFile}`, `${personaFile} is missing`);
  const personaText = decodeText(personaBytes);
  if (!personaText.ok) return fail(`${rel}/${personaFile}`, personaText.message);
  const persona = decomposePersona(personaText.value, `${rel}/${personaFile}`, notes);
  if (typeof persona === "string") return fail(`${rel}/${personaFile}`, persona);

  const runtime = buildRuntime(folder.id, legacy, yamlPath, notes);
  const catalog = buildCatalog(legacy, meta?.ok ? meta.value : {}, rel, notes);
  const files = extraFiles(folder, legacy, rel, personaFile, notes);
  return { ok: true, agent: { id: folder.id, runtime, catalog, persona: persona.text, protocol: persona.protocol, files, notes } };
}

function readMapping(folder: LegacyFolder, name: string) {
  const bytes = folder.files.get(name);
  if (!bytes) return null;
  const text = decodeText(bytes);
  return text.ok ? parseLegacyMapping(text.value) : text;
}

/** The slim persona, or an error message when the legacy one cannot be decomposed safely. */
function decomposePersona(text: string, path: string, notes: MigrationNote[]): { text: string; protocol: string | null } | string {
  const parsed = parsePersona(text);
  if (parsed.sections.length === 0) {
    return `no sections found (expected ${Object.values(PERSONA_TITLES).join(", ")}); the migration cannot tell identity from safety text`;
  }
  const role = sectionText(parsed, "role");
  const scope = sectionText(parsed, "scope");
  const missing = [role === null ? PERSONA_TITLES.role : null, scope === null ? PERSONA_TITLES.scope : null].filter(Boolean);
  if (role === null || scope === null) return `no ${missing.join(" or ")} section`;
  if (parsed.preamble) notes.push(note(path, "unplaced", `text before the first section (${describeValue(parsed.preamble)}) left out`));
  for (const s of parsed.sections) {
    if (s.key === null && !s.text) notes.push(note(path, "unplaced", `heading "${s.heading}" left out (not one of the five persona sections)`));
    else if (s.key === null) notes.push(note(path, "unplaced", `section "${s.heading}" (${describeValue(s.text)}) is not one of the five persona sections: left out`));
    else if (s.key === "boundaries" || s.key === "redFlags") {
      notes.push(note(path, "change", `section ${s.heading} dropped: the shared safety contract in carefold-profile.yaml covers it for every agent`, s.heading));
    }
  }
  const dup = (["role", "scope", "protocol"] as const).filter((k) => parsed.sections.filter((s) => s.key === k).length > 1);
  for (const k of dup) notes.push(note(path, "change", `${PERSONA_TITLES[k]} appears more than once: the parts were joined`));
  const protocol = sectionText(parsed, "protocol");
  return { text: slimPersona(role, scope), protocol: protocol || null };
}

function buildRuntime(id: string, legacy: Record<string, unknown>, path: string, notes: MigrationNote[]): MigratedAgent["runtime"] {
  const legacyId = scalarText(legacy.id);
  const legacyName = scalarText(legacy.name);
  const name = legacyId ?? legacyName ?? id;
  if (legacyId !== null) notes.push(note(path, "change", `id → name`, "id"));
  if (legacyId !== null && legacyName !== null && legacyName !== legacyId) {
    notes.push(note(path, "unplaced", `name ${describeValue(legacyName)} differs from id ${describeValue(legacyId)}; the id is the name`, "name"));
  }
  if (legacyId === null && legacyName === null) notes.push(note(path, "change", `no id or name: the folder name is the name`, "name"));

  const model = scalarText(legacy.model);
  if (model !== "default") {
    const adr = model === null ? null : model.includes(":") ? model : `ollama:${model}`;
    notes.push(
      note(path, "change", model === null
        ? `model set to "default" (the model the user chose in Settings)`
        : `model ${JSON.stringify(model)} → "default": the user chooses the model in Settings (ADR-0003 9c's ${JSON.stringify(adr)} is rejected by the format)`, "model"),
    );
  }

  const skillRefs = wordList(legacy.skills);
  if (skillRefs === null) notes.push(note(path, "unplaced", `skills is ${describeValue(legacy.skills)}, not a list of skill ids`, "skills"));
  const skills = (skillRefs ?? []).map(skillIdOf);
  (skillRefs ?? []).forEach((ref, i) => {
    if (ref !== skills[i]) notes.push(note(path, "change", `skills[${i}] ${JSON.stringify(ref)} → ${JSON.stringify(skills[i])} (skills are listed by id)`, `skills[${i}]`));
  });
  const tools = wordList(legacy.tools);
  if (tools === null) notes.push(note(path, "unplaced", `tools is ${describeValue(legacy.tools)}, not a list of tool names`, "tools"));
  const description = scalarText(legacy.description) ?? undefined;
  if (description === undefined) notes.push(note(path, "unplaced", "no description: write one (40–400 characters)", "description"));

  for (const [key, value] of Object.entries(legacy)) {
    if ((RUNTIME_KEYS as readonly string[]).includes(key) || (CATALOG_KEYS as readonly string[]).includes(key) || key === "id" || key === "starters") continue;
    const why = DROPPED[key] ?? "not a field of the canonical agent.yaml or metadata.yaml";
    notes.push(note(path, "unplaced", `${key} (${describeValue(value)}) left out: ${why}`, key));
  }
  return { name, ...(description === undefined ? {} : { description }), model: "default", skills, tools: tools ?? [], persona: "persona.md" };
}

/** metadata.yaml: a legacy metadata.yaml (if any) first, then the catalog fields of agent.yaml. */
function buildCatalog(legacy: Record<string, unknown>, existing: Record<string, unknown>, rel: string, notes: MigrationNote[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const metaPath = `${rel}/metadata.yaml`;
  for (const [key, value] of Object.entries(existing)) {
    if (!(CATALOG_KEYS as readonly string[]).includes(key)) {
      notes.push(note(metaPath, "unplaced", `${key} (${describeValue(value)}) is not a catalog field: left out`, key));
    }
  }
  for (const key of CATALOG_KEYS) {
    const fromMeta = !isAbsent(existing[key]);
    const source = fromMeta ? existing[key] : legacy[key];
    const path = fromMeta ? metaPath : `${rel}/agent.yaml`;
    if (fromMeta && !isAbsent(legacy[key]) && JSON.stringify(legacy[key]) !== JSON.stringify(existing[key])) {
      notes.push(note(`${rel}/agent.yaml`, "unplaced", `${key} ${describeValue(legacy[key])} differs from metadata.yaml's; metadata.yaml's kept`, key));
    }
    if (isAbsent(source)) continue;
    const value = catalogValue(key, source, path, notes);
    if (value !== undefined) out[key] = value;
  }
  if (out.license === undefined) {
    out.license = DEFAULT_LICENSE;
    notes.push(note(metaPath, "change", `license was missing: set to ${JSON.stringify(DEFAULT_LICENSE)}`, "license"));
  }
  if (out.version === undefined) {
    out.version = "1.0.0";
    notes.push(note(metaPath, "change", `version was missing: set to "1.0.0"`, "version"));
  }
  if (out.hidden === undefined) out.hidden = false;
  return out;
}

function catalogValue(key: string, value: unknown, path: string, notes: MigrationNote[]): unknown {
  if (key === "hidden") {
    const b = yaml11Boolean(value);
    if (b === null) notes.push(note(path, "unplaced", `hidden is ${describeValue(value)}, not true or false: left out (the agent is listed)`, key));
    else if (typeof value === "string" && value !== String(b)) notes.push(note(path, "change", `hidden ${JSON.stringify(value)} read as ${b} (YAML 1.1, as the legacy loader read it)`, key));
    return b ?? undefined;
  }
  if (key === "es") {
    if (!isRecord(value)) return void notes.push(note(path, "unplaced", `es is ${describeValue(value)}, not a mapping with title and description`, key));
    const es: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      const t = k === "title" || k === "description" ? scalarText(v) : null;
      if (t === null) notes.push(note(path, "unplaced", `es.${k} (${describeValue(v)}) left out`, `es.${k}`));
      else es[k] = t;
    }
    return es;
  }
  if (LIST_KEYS.has(key)) {
    const list = phraseList(value);
    if (list === null) return void notes.push(note(path, "unplaced", `${key} is ${describeValue(value)}, not a list`, key));
    if (typeof value === "string") notes.push(note(path, "change", `${key}: comma-separated text written as a list of ${list.length}`, key));
    return list;
  }
  const text = scalarText(value);
  if (text === null) return void notes.push(note(path, "unplaced", `${key} is ${describeValue(value)}, not a single value`, key));
  if (key === "version") {
    const v = normalizeVersion(text);
    if (v !== text) notes.push(note(path, "change", `version ${JSON.stringify(text)} written as ${JSON.stringify(v)}`, key));
    return v;
  }
  return text;
}

/** starters.json (or agent.yaml `starters:`) and evals/golden.jsonl; anything else is reported. */
function extraFiles(folder: LegacyFolder, legacy: Record<string, unknown>, rel: string, personaFile: string, notes: MigrationNote[]): PlannedFile[] {
  const out: PlannedFile[] = [];
  const copy = (name: string) => {
    const bytes = folder.files.get(name)!;
    const text = decodeText(bytes);
    if (text.ok) out.push({ path: `${rel}/${name}`, content: bytes });
    else notes.push(note(`${rel}/${name}`, "error", `${text.message}: not copied`));
  };
  if (folder.files.has("starters.json")) {
    copy("starters.json");
    if (!isAbsent(legacy.starters)) notes.push(note(`${rel}/agent.yaml`, "unplaced", "starters left out: starters.json is used", "starters"));
  } else if (!isAbsent(legacy.starters)) {
    const starters = startersOf(legacy.starters);
    if (starters === null) notes.push(note(`${rel}/agent.yaml`, "unplaced", `starters is ${describeValue(legacy.starters)}, not a list or {en, es}`, "starters"));
    else {
      out.push({ path: `${rel}/starters.json`, content: Buffer.from(JSON.stringify(starters, null, 2) + "\n") });
      notes.push(note(`${rel}/starters.json`, "change", "written from agent.yaml starters", "starters"));
    }
  }
  if (folder.files.has("evals/golden.jsonl")) copy("evals/golden.jsonl");
  const consumed = new Set(["agent.yaml", "metadata.yaml", "starters.json", "evals/golden.jsonl", personaFile.replace(/^\.\//, "")]);
  for (const path of [...folder.files.keys()].sort()) {
    if (!consumed.has(path)) notes.push(note(`${rel}/${path}`, "unplaced", "not part of the agent layout: left out"));
  }
  return out;
}

function startersOf(value: unknown): { en: string[]; es: string[] } | null {
  if (Array.isArray(value)) {
    const en = phraseList(value);
    return en === null ? null : { en, es: [] };
  }
  if (!isRecord(value)) return null;
  const en = phraseList(value.en);
  const es = phraseList(value.es);
  return en === null || es === null ? null : { en, es };
}
