/**
 * User content packs: a user content folder (agents/ and skills/, the same layout as the bundled
 * content) whose packs are layered over the bundled ones. A pack is one agent or one skill folder;
 * a user pack replaces the bundled pack of the same name. Each pack is validated before use, on the
 * merged set (so a user skill that would break a bundled agent is refused too); one that fails is
 * not loaded, and the report says which and why. The safety contract is never the user's to
 * replace: carefold-profile.yaml and the shared safety skills always come from the bundled content.
 */
import { join, resolve } from "node:path";
import { hashTree, isDir, listEntries, sha256 } from "./files";
import { loadAgent } from "./loadAgents";
import { loadContent } from "./loadContent";
import { PROFILE_FILE } from "./loadProfile";
import { loadSkill } from "./loadSkills";
import { formatProblem, type ContentProblem } from "./problems";
import type { AgentDef, ContentSet, SkillDef } from "./types";
import { validateContent } from "./validate";

/** The user content folder inside the app's data folder (next to carefold.db). */
export const USER_CONTENT_FOLDER = "content";

export function userContentDir(dataDir: string): string {
  return join(dataDir, USER_CONTENT_FOLDER);
}

/** Shared safety skills every clinical agent relies on: a user pack may not replace them. */
export const PROTECTED_SKILLS: readonly string[] = ["emergency-red-flags", "clinical-safety-boundaries"];

export type PackKind = "agent" | "skill";

export interface LoadedPack {
  kind: PackKind;
  id: string;
  /** Absolute folder of the pack. */
  dir: string;
  /** True when it replaces a bundled pack of the same name. */
  overrides: boolean;
}

export interface RejectedPack {
  kind: PackKind;
  id: string;
  dir: string;
  /** One line per reason, for the app and the CLI to show. */
  why: string[];
  problems: ContentProblem[];
}

export interface UserPacksReport {
  /** The user content folder, or null when none is configured. */
  root: string | null;
  loaded: LoadedPack[];
  rejected: RejectedPack[];
  /** Things in the user folder that are not packs (ignored). */
  notices: string[];
}

export interface LayeredContent {
  /** Bundled content with the accepted user packs layered over it. */
  content: ContentSet;
  user: UserPacksReport;
  /** Fingerprint of the user folder's files: a different stamp means reload (see reloadIfChanged). */
  stamp: string;
}

export interface ContentLayers {
  bundledDir: string;
  userDir: string | null;
}

type Pack = { kind: "agent"; def: AgentDef } | { kind: "skill"; def: SkillDef };
const keyOf = (kind: PackKind, id: string) => `${kind}:${id}`;

/** A cheap-to-compare fingerprint of every file in the user folder ("" when there is none). */
export function userContentStamp(userDir: string | null): string {
  if (userDir === null || !isDir(userDir)) return "";
  const files = hashTree(userDir);
  return sha256(Object.keys(files).sort().map((f) => `${f} ${files[f]}`).join("\n"));
}

export function loadLayeredContent(layers: ContentLayers): LayeredContent {
  const userRoot = layers.userDir === null ? null : resolve(layers.userDir);
  const report: UserPacksReport = { root: userRoot, loaded: [], rejected: [], notices: [] };
  const bundled = validBundled(loadContent(layers.bundledDir), report.notices);
  const stamp = userContentStamp(userRoot);
  if (userRoot === null || !isDir(userRoot)) return { content: bundled, user: report, stamp };

  const candidates = new Map<string, Pack>();
  for (const { kind, id } of userFolders(userRoot, report.notices)) {
    const problems: ContentProblem[] = [];
    const dir = join(userRoot, kind === "agent" ? "agents" : "skills", id);
    if (kind === "skill" && PROTECTED_SKILLS.includes(id)) {
      report.rejected.push({ kind, id, dir, why: [`${id} is a shared safety skill: user packs cannot replace it`], problems });
      continue;
    }
    const def = kind === "agent" ? loadAgent(userRoot, id, problems) : loadSkill(userRoot, id, problems);
    if (def === null || problems.length > 0) {
      report.rejected.push({ kind, id, dir, why: problems.map(formatProblem), problems });
      continue;
    }
    candidates.set(keyOf(kind, id), kind === "agent" ? { kind, def: def as AgentDef } : { kind, def: def as SkillDef });
  }

  // Validate on the merged set until no accepted pack is blamed for a problem.
  const baseline = new Set(bundled.problems.map(formatProblem));
  let merged = layer(bundled, candidates);
  for (;;) {
    const fresh = validateContent(merged).filter((p) => !baseline.has(formatProblem(p)));
    const blame = assignBlame(fresh, merged, candidates);
    if (blame.size === 0) {
      const unexplained = fresh.map(formatProblem);
      if (unexplained.length > 0) report.notices.push(...unexplained.map((p) => `with the user packs loaded: ${p}`));
      break;
    }
    for (const [key, problems] of blame) {
      const pack = candidates.get(key)!;
      candidates.delete(key);
      report.rejected.push({ kind: pack.kind, id: pack.def.id, dir: pack.def.dir, why: problems.map(formatProblem), problems });
    }
    merged = layer(bundled, candidates);
  }

  const bundledIds = { agent: new Set(bundled.agents.map((a) => a.id)), skill: new Set(bundled.skills.map((s) => s.id)) };
  for (const pack of candidates.values()) {
    report.loaded.push({ kind: pack.kind, id: pack.def.id, dir: pack.def.dir, overrides: bundledIds[pack.kind].has(pack.def.id) });
  }
  report.loaded.sort((a, b) => a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
  report.rejected.sort((a, b) => a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
  return { content: merged, user: report, stamp };
}

/**
 * The bundled content without the packs that fail validation (a pack planted in the app's own folder,
 * a damaged install): each is left out and named in `notices`, with why. Agents that relied on a
 * left-out skill fail validation in turn and are left out too.
 */
function validBundled(bundled: ContentSet, notices: string[]): ContentSet {
  for (const [kind, folder, ids] of [["agent", "agents", bundled.invalid.agents], ["skill", "skills", bundled.invalid.skills]] as const) {
    for (const id of ids) {
      const why = bundled.problems.filter((p) => p.file.startsWith(`${folder}/${id}/`)).map(formatProblem);
      notices.push(`bundled ${kind} ${id} is not loaded: ${why.join("; ") || "its files could not be read"}`);
    }
  }
  let current = bundled;
  for (;;) {
    const blamed = new Map<string, ContentProblem[]>();
    const present = new Set([...current.agents.map((a) => keyOf("agent", a.id)), ...current.skills.map((s) => keyOf("skill", s.id))]);
    // Golden cases are eval data, not what the specialist does: `carefold eval` and validate report them.
    for (const p of validateContent(current).filter((p) => !/^agents\/[^/]+\/evals\//.test(p.file))) {
      const m = /^(agents|skills)\/([^/]+)\//.exec(p.file);
      const key = m ? keyOf(m[1] === "agents" ? "agent" : "skill", m[2]!) : null;
      if (key && present.has(key)) blamed.set(key, [...(blamed.get(key) ?? []), p]);
    }
    if (blamed.size === 0) return current;
    for (const [key, problems] of blamed) notices.push(`bundled ${key.replace(":", " ")} is not loaded: ${problems.map(formatProblem).join("; ")}`);
    current = {
      ...current,
      agents: current.agents.filter((a) => !blamed.has(keyOf("agent", a.id))),
      skills: current.skills.filter((s) => !blamed.has(keyOf("skill", s.id))),
    };
  }
}

/** Loads again only when the user folder changed since `current` (null: nothing to do). */
export function reloadIfChanged(layers: ContentLayers, current: LayeredContent): LayeredContent | null {
  return userContentStamp(layers.userDir === null ? null : resolve(layers.userDir)) === current.stamp ? null : loadLayeredContent(layers);
}

/** Bundled content with `packs` replacing same-named items in place and new ones appended. */
function layer(bundled: ContentSet, packs: Map<string, Pack>): ContentSet {
  const agents = bundled.agents.map((a) => (packs.get(keyOf("agent", a.id))?.def as AgentDef | undefined) ?? a);
  const skills = bundled.skills.map((s) => (packs.get(keyOf("skill", s.id))?.def as SkillDef | undefined) ?? s);
  const haveAgent = new Set(agents.map((a) => a.id));
  const haveSkill = new Set(skills.map((s) => s.id));
  for (const pack of packs.values()) {
    if (pack.kind === "agent" && !haveAgent.has(pack.def.id)) agents.push(pack.def);
    if (pack.kind === "skill" && !haveSkill.has(pack.def.id)) skills.push(pack.def);
  }
  return { ...bundled, agents, skills };
}

/**
 * Which user pack each new problem is the fault of: the pack whose file it is, or — for a problem in
 * a bundled agent — the user skills that agent declares or whose id the problem names.
 */
function assignBlame(fresh: ContentProblem[], merged: ContentSet, candidates: Map<string, Pack>): Map<string, ContentProblem[]> {
  const blame = new Map<string, ContentProblem[]>();
  const add = (key: string, p: ContentProblem) => blame.set(key, [...(blame.get(key) ?? []), p]);
  const userSkills = [...candidates.values()].filter((c) => c.kind === "skill").map((c) => c.def.id);
  for (const p of fresh) {
    const m = /^(agents|skills)\/([^/]+)\//.exec(p.file);
    if (!m) continue;
    const key = keyOf(m[1] === "agents" ? "agent" : "skill", m[2]!);
    if (candidates.has(key)) {
      add(key, p);
      continue;
    }
    const agent = m[1] === "agents" ? merged.agents.find((a) => a.id === m[2]) : undefined;
    const suspects = userSkills.filter((id) => agent?.runtime.skills.includes(id) || p.message.includes(`"${id}"`));
    for (const id of suspects) {
      add(keyOf("skill", id), { ...p, message: `would break bundled ${m[1] === "agents" ? "agent" : "skill"} ${m[2]}: ${p.message}` });
    }
  }
  return blame;
}

/** agents/<id> and skills/<id> folders of the user root; anything else there is a notice. */
function userFolders(root: string, notices: string[]): { kind: PackKind; id: string }[] {
  const out: { kind: PackKind; id: string }[] = [];
  for (const e of listEntries(root)) {
    if (e.name === PROFILE_FILE) notices.push(`${PROFILE_FILE} in the user content folder is ignored: the safety profile is always the bundled one`);
    else if (e.kind === "dir" && (e.name === "agents" || e.name === "skills")) {
      for (const f of listEntries(join(root, e.name))) {
        if (f.kind === "dir") out.push({ kind: e.name === "agents" ? "agent" : "skill", id: f.name });
        else notices.push(`${e.name}/${f.name} is not a pack folder: ignored`);
      }
    } else notices.push(`${e.name} is not agents/ or skills/: ignored`);
  }
  return out;
}
