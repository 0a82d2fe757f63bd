/**
 * ADR-0003 9a for one skill folder: carefold.yaml fields merged into SKILL.md `metadata:` (as the
 * strings the Agent Skills spec wants), `license` and `compatibility` added when missing, and
 * `allowed-tools` mirroring `metadata.tools`. Pure: bytes in, a structured result out.
 */
import { normalizeTitle } from "../markdown";
import { FORBIDDEN_VERBS } from "../registry";
import { describeValue, normalizeVersion, scalarText, wordList } from "./fields";
import { decodeText, isAbsent, isRecord, parseLegacyFrontmatter, parseLegacyMapping } from "./legacyText";
import { canonicalHowToHelp, renameLegacyProtocol } from "./skillBody";
import { note, type LegacyFolder, type MigrationNote, type PlannedFile } from "./types";

/** carefold.yaml fields that move into `metadata:` (ADR-0003 9a), plus `author`, which the format requires. */
export const MERGED_FIELDS = ["risk_class", "domain", "category", "version", "author", "tools", "forbidden", "evals"] as const;
const WORD_FIELDS = new Set(["tools", "forbidden", "evals"]);
/** Top-level frontmatter keys of the canonical SKILL.md, in the order they are written. */
const FRONTMATTER_KEYS = ["name", "description", "license", "compatibility", "allowed-tools", "metadata"] as const;

export const DEFAULT_LICENSE = "Apache-2.0";
export const DEFAULT_COMPATIBILITY = "Carefold Desktop 0.1 or later; works offline with a local model";

export interface MigratedSkill {
  id: string;
  frontmatter: Record<string, unknown> & { metadata: Record<string, string> };
  body: string;
  /** references/ files, copied byte for byte. */
  references: PlannedFile[];
  notes: MigrationNote[];
}

export type SkillOutcome = { ok: true; skill: MigratedSkill } | { ok: false; notes: MigrationNote[] };

export function migrateSkill(folder: LegacyFolder): SkillOutcome {
  const rel = `skills/${folder.id}`;
  const mdPath = `${rel}/SKILL.md`;
  const cyPath = `${rel}/carefold.yaml`;
  const notes: MigrationNote[] = [];
  const fail = (path: string, message: string): SkillOutcome => ({ ok: false, notes: [...notes, note(path, "error", message)] });

  const mdBytes = folder.files.get("SKILL.md");
  if (!mdBytes) return fail(mdPath, "SKILL.md is missing: the skill was not migrated");
  const mdText = decodeText(mdBytes);
  if (!mdText.ok) return fail(mdPath, `${mdText.message}: the skill was not migrated`);
  const parsed = parseLegacyFrontmatter(mdText.value);
  if (!parsed.ok) return fail(mdPath, `${parsed.message}: the skill was not migrated`);

  let carefold: Record<string, unknown> = {};
  const cyBytes = folder.files.get("carefold.yaml");
  if (cyBytes) {
    const cyText = decodeText(cyBytes);
    if (!cyText.ok) return fail(cyPath, `${cyText.message}: the skill was not migrated`);
    const cy = parseLegacyMapping(cyText.value);
    if (!cy.ok) return fail(cyPath, `${cy.message}: the skill was not migrated`);
    carefold = cy.value;
  }

  const source = parsed.value.data ?? {};
  if (parsed.value.data === null) notes.push(note(mdPath, "change", "had no frontmatter: added one"));
  const fm = mergeFrontmatter(folder.id, source, carefold, cyBytes !== undefined, notes);
  notes.push(...raiseClinicalSafety(fm.metadata, mdPath));

  let body = parsed.value.body.replace(/^\n+/, "");
  const renamed = renameLegacyProtocol(body);
  if (renamed !== null) {
    body = renamed;
    notes.push(note(mdPath, "change", `section "Structured Interaction Protocol" renamed "How to help" and moved before References`));
  }
  // Paperwork (admin) skills may name their steps for paperwork; the others use the protocol's names.
  if (fm.metadata.risk_class !== "admin") {
    const canonical = canonicalHowToHelp(body);
    body = canonical.body;
    for (const r of canonical.renames) notes.push(note(mdPath, "change", `How to help step ${r.step} "${r.from}" named "${r.to}"`, "How to help"));
  }

  return { ok: true, skill: { id: folder.id, frontmatter: fm, body, references: copyReferences(folder, rel, notes), notes: [...notes, ...otherFiles(folder, rel)] } };
}

function mergeFrontmatter(
  id: string,
  source: Record<string, unknown>,
  carefold: Record<string, unknown>,
  hasCarefold: boolean,
  notes: MigrationNote[],
): MigratedSkill["frontmatter"] {
  const mdPath = `skills/${id}/SKILL.md`;
  const cyPath = `skills/${id}/carefold.yaml`;
  const metadata: Record<string, string> = {};

  // 1. Whatever the SKILL.md already has under metadata: (a pack half-way through migration).
  if (!isAbsent(source.metadata) && !isRecord(source.metadata)) {
    notes.push(note(mdPath, "unplaced", `metadata is ${describeValue(source.metadata)}, not a mapping: left out`, "metadata"));
  }
  const existing = isRecord(source.metadata) ? source.metadata : {};
  for (const [key, value] of Object.entries(existing)) setMeta(metadata, key, value, mdPath, `metadata.${key}`, notes);

  // 2. Carefold fields some packs wrote at the top of the frontmatter.
  for (const key of MERGED_FIELDS) {
    if (!(key in source) || isAbsent(source[key])) continue;
    if (key in metadata) {
      notes.push(note(mdPath, "unplaced", `top-level ${key} (${describeValue(source[key])}) ignored: metadata.${key} is already set`, key));
      continue;
    }
    if (setMeta(metadata, key, source[key], mdPath, key, notes)) {
      notes.push(note(mdPath, "change", `moved ${key} into metadata.${key}`, key));
    }
  }

  // 3. carefold.yaml: its values win over the SKILL.md's (ADR-0003 9a).
  for (const key of MERGED_FIELDS) {
    if (!(key in carefold) || isAbsent(carefold[key])) continue;
    const before = metadata[key];
    if (!setMeta(metadata, key, carefold[key], cyPath, key, notes)) continue;
    const after = metadata[key];
    if (before === undefined) notes.push(note(`skills/${id}/SKILL.md`, "change", `metadata.${key} = ${JSON.stringify(after)} (from carefold.yaml)`, `metadata.${key}`));
    else if (before !== after) {
      notes.push(note(mdPath, "change", `metadata.${key}: carefold.yaml's ${JSON.stringify(after)} replaces ${JSON.stringify(before)}`, `metadata.${key}`));
    }
  }

  const fm: MigratedSkill["frontmatter"] = { metadata: orderedMetadata(metadata) };
  const pick = (key: "name" | "description" | "license" | "compatibility", fallback?: string) => {
    const own = scalarText(source[key]);
    const fromCarefold = scalarText(carefold[key]);
    if (own !== null) {
      if (fromCarefold !== null && normalizeTitle(fromCarefold) !== normalizeTitle(own)) {
        notes.push(note(cyPath, "unplaced", `${key} ${describeValue(fromCarefold)} differs from SKILL.md's; SKILL.md's kept`, key));
      }
      return own;
    }
    if (fromCarefold !== null) {
      notes.push(note(mdPath, "change", `${key} taken from carefold.yaml`, key));
      return fromCarefold;
    }
    if (fallback !== undefined) notes.push(note(mdPath, "change", `${key} was missing: set to ${JSON.stringify(fallback)}`, key));
    return fallback;
  };
  const name = pick("name", id);
  const description = pick("description");
  if (description === undefined) notes.push(note(mdPath, "unplaced", "no description in SKILL.md or carefold.yaml: write one (what the skill does and when to use it)", "description"));
  const license = pick("license", DEFAULT_LICENSE);
  const compatibility = pick("compatibility", DEFAULT_COMPATIBILITY);

  // allowed-tools mirrors metadata.tools (ADR-0003 9a).
  const previous = scalarText(source["allowed-tools"]);
  let allowed = previous ?? undefined;
  if (metadata.tools !== undefined) {
    allowed = metadata.tools;
    if (previous !== metadata.tools) {
      notes.push(note(mdPath, "change", previous === null ? `allowed-tools = metadata.tools` : `allowed-tools ${JSON.stringify(previous)} → ${JSON.stringify(allowed)} (mirrors metadata.tools)`, "allowed-tools"));
    }
  }
  Object.assign(fm, omitUndefined({ name, description, license, compatibility, "allowed-tools": allowed }));
  const ordered = Object.fromEntries(FRONTMATTER_KEYS.filter((k) => fm[k] !== undefined).map((k) => [k, fm[k]]));

  for (const key of Object.keys(source)) {
    if ((FRONTMATTER_KEYS as readonly string[]).includes(key) || (MERGED_FIELDS as readonly string[]).includes(key)) continue;
    notes.push(note(mdPath, "unplaced", `frontmatter field ${key} (${describeValue(source[key])}) has no place in the canonical SKILL.md`, key));
  }
  const known = new Set<string>([...MERGED_FIELDS, "name", "description", "license", "compatibility"]);
  for (const key of Object.keys(carefold)) {
    if (!known.has(key)) notes.push(note(cyPath, "unplaced", `field ${key} (${describeValue(carefold[key])}) is not one the migration moves into SKILL.md`, key));
  }
  if (!hasCarefold && Object.keys(existing).length === 0) {
    notes.push(note(mdPath, "unplaced", "no carefold.yaml and no metadata: risk_class, domain, category, version, author, tools and forbidden must be added", "metadata"));
  }
  return ordered as MigratedSkill["frontmatter"];
}

/** The format's metadata fields first, in its order, then any others as they came. */
function orderedMetadata(metadata: Record<string, string>): Record<string, string> {
  const first = MERGED_FIELDS.filter((k) => metadata[k] !== undefined);
  const rest = Object.keys(metadata).filter((k) => !(MERGED_FIELDS as readonly string[]).includes(k));
  return Object.fromEntries([...first, ...rest].map((k) => [k, metadata[k]!]));
}

/** Sets metadata[key] to the canonical string for `value`; false (with a note) when it cannot. */
function setMeta(
  metadata: Record<string, string>,
  key: string,
  value: unknown,
  path: string,
  field: string,
  notes: MigrationNote[],
): boolean {
  if (isAbsent(value)) return false;
  let text: string | null;
  if (WORD_FIELDS.has(key)) {
    const words = wordList(value);
    text = words === null ? null : words.join(" ");
    if (text !== null && (typeof value !== "string" || value.trim() !== text)) {
      notes.push(note(path, "change", `${key} written as the space-separated string ${JSON.stringify(text)}`, field));
    }
  } else {
    text = scalarText(value);
  }
  if (text === null) {
    notes.push(note(path, "unplaced", `${field} is ${describeValue(value)}; metadata values are strings`, field));
    return false;
  }
  if (key === "version") {
    const v = normalizeVersion(text);
    if (v !== text) notes.push(note(path, "change", `version ${JSON.stringify(text)} written as ${JSON.stringify(v)}`, field));
    text = v;
  }
  metadata[key] = text;
  return true;
}

/**
 * Safety fields only ever move up: a clinical skill is clinical_assist (the consent gate keys on it;
 * earlier packs labeled clinical skills wellness), and a clinical_assist skill forbids all five verbs.
 */
export function raiseClinicalSafety(metadata: Record<string, string>, path: string): MigrationNote[] {
  const out: MigrationNote[] = [];
  if (metadata.domain === "clinical" && metadata.risk_class !== undefined && metadata.risk_class !== "clinical_assist") {
    out.push(note(path, "change", `metadata.risk_class ${JSON.stringify(metadata.risk_class)} → "clinical_assist" (clinical skills always are)`, "metadata.risk_class"));
    metadata.risk_class = "clinical_assist";
  }
  if (metadata.risk_class === "clinical_assist" && metadata.forbidden !== undefined) {
    const have = metadata.forbidden.split(/\s+/).filter(Boolean);
    const missing = FORBIDDEN_VERBS.filter((v) => !have.includes(v));
    if (missing.length > 0) {
      metadata.forbidden = [...have, ...missing].join(" ");
      out.push(note(path, "change", `metadata.forbidden: added ${missing.join(" ")} (clinical_assist skills forbid all five verbs)`, "metadata.forbidden"));
    }
  }
  return out;
}

function copyReferences(folder: LegacyFolder, rel: string, notes: MigrationNote[]): PlannedFile[] {
  const out: PlannedFile[] = [];
  for (const [path, bytes] of [...folder.files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.startsWith("references/")) continue;
    if (path.split("/").length !== 2) {
      notes.push(note(`${rel}/${path}`, "unplaced", "references/ is flat in the canonical layout: nested file left out"));
      continue;
    }
    const text = decodeText(bytes);
    if (!text.ok) {
      notes.push(note(`${rel}/${path}`, "error", `${text.message}: not copied`));
      continue;
    }
    out.push({ path: `${rel}/${path}`, content: bytes });
  }
  return out;
}

function otherFiles(folder: LegacyFolder, rel: string): MigrationNote[] {
  const out: MigrationNote[] = [];
  for (const path of [...folder.files.keys()].sort()) {
    if (path === "SKILL.md" || path === "carefold.yaml" || path.startsWith("references/")) continue;
    const why = path === "carefold.yaml.migrated" ? "an archive of an earlier migration; not needed" : "not part of the skill layout (SKILL.md, references/)";
    out.push(note(`${rel}/${path}`, "unplaced", `${why}: left out`));
  }
  return out;
}

function omitUndefined<T extends Record<string, unknown>>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
