/**
 * `carefold migrate`: brings legacy Carefold packs into the canonical layout (ADR-0003 §9).
 *
 * Legacy layout (what the earlier implementation shipped):
 *   skills/<id>/SKILL.md + skills/<id>/carefold.yaml (risk_class, domain, category, version, author,
 *     tools, forbidden, evals), references/ as today;
 *   agents/<id>/agent.yaml — one fat manifest (id, title, model, risk_class, domain, category,
 *     description, skills, tools, forbidden, persona, max_iterations, can_delegate, version, license,
 *     care_stages, target_audience, tags, keywords, icon, maturity, hidden, es, starters);
 *   agents/<id>/persona.md — five sections (ROLE & EMPATHY, CLINICAL SCOPE & FOCUS, STRUCTURED
 *     INTERACTION PROTOCOL, STRICT NON-CLINICAL BOUNDARIES, EXPLICIT EMERGENCY RED FLAGS);
 *   agents/<id>/starters.json and evals/golden.jsonl, copied as they are.
 *
 * The input is only read. The output is planned in memory (pure), written file by file with
 * temp + rename, and then checked with the content validator.
 */
import { lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isDir } from "../files";
import { loadContent } from "../loadContent";
import type { ContentProblem } from "../problems";
import { planMigration, PROFILE_PATH } from "./plan";
import { readLegacyTree } from "./readTree";
import { note, type MigrationNote, type MigrationPlan, type WrittenFile } from "./types";
import { diffPlan, extraFiles, writePlan } from "./writeTree";

export { planMigration, PROFILE_PATH } from "./plan";
export { readLegacyTree } from "./readTree";
export { formatReport } from "./report";
export { UnsafeOutputError } from "./writeTree";
export type { LegacyFolder, LegacyTree, MigrationNote, MigrationPlan, NoteKind, WrittenFile } from "./types";

export class MigrateInputError extends Error {}

export interface MigrateOptions {
  dryRun?: boolean;
  /** carefold-profile.yaml bytes for the output root (the bundled safety profile), or null. */
  profile?: Buffer | null;
}

export interface MigrationResult {
  legacyRoot: string;
  outRoot: string;
  dryRun: boolean;
  files: WrittenFile[];
  notes: MigrationNote[];
  skipped: MigrationPlan["skipped"];
  /** Files in the output's agent/skill folders this run did not produce (left as they are). */
  extra: string[];
  /** `carefold validate` on the output (for a dry run: on the planned files alone). */
  validation: { ok: boolean; problems: ContentProblem[] };
  /** Every folder migrated, nothing that could not be, and the output validates. */
  ok: boolean;
}

/** The path with links resolved (a folder not created yet: its nearest existing parent's), to compare where folders really are. */
function real(abs: string): string {
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(real(parent), basename(abs));
  }
}

/** True when `inner` is `outer` or below it. */
function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export function migrateLegacy(legacyDir: string, outDir: string, options: MigrateOptions = {}): MigrationResult {
  const legacyRoot = resolve(legacyDir);
  const outRoot = resolve(outDir);
  if (!isDir(real(legacyRoot))) throw new MigrateInputError(`${legacyRoot} is not a folder`);
  const [realLegacy, realOut] = [real(legacyRoot), real(outRoot)];
  if (within(realOut, realLegacy) || within(realLegacy, realOut) || within(outRoot, legacyRoot) || within(legacyRoot, outRoot)) {
    throw new MigrateInputError(`--out must be outside the legacy folder (and not contain it): the input is never modified`);
  }
  const dryRun = options.dryRun === true;
  const plan = keepExistingProfile(planMigration(readLegacyTree(realLegacy), { profile: options.profile ?? null }), outRoot);

  const files = dryRun ? diffPlan(plan, outRoot) : writePlan(plan, outRoot);
  const validation = dryRun ? validatePlanned(plan) : validateDir(outRoot);
  const failed = plan.skipped.agents.length + plan.skipped.skills.length > 0 || plan.notes.some((n) => n.kind === "error");
  return {
    legacyRoot,
    outRoot,
    dryRun,
    files,
    notes: plan.notes,
    skipped: plan.skipped,
    extra: isDir(outRoot) ? extraFiles(plan, outRoot) : [],
    validation,
    ok: !failed && validation.ok,
  };
}

/** An output that already has its own, different safety profile keeps it: the bundled one is not forced on it. */
function keepExistingProfile(plan: MigrationPlan, outRoot: string): MigrationPlan {
  const existing = join(outRoot, PROFILE_PATH);
  const planned = plan.files.find((f) => f.path === PROFILE_PATH);
  if (!planned || !isFile(existing) || readFileSync(existing).equals(planned.content)) return plan;
  return {
    ...plan,
    files: plan.files.filter((f) => f !== planned),
    notes: [...plan.notes, note(PROFILE_PATH, "unplaced", "the output already has a different carefold-profile.yaml: kept as it is (the bundled one was not written)")],
  };
}

function isFile(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return false;
  }
}

function validateDir(root: string): MigrationResult["validation"] {
  const set = loadContent(root);
  return { ok: set.problems.length === 0, problems: set.problems };
}

/** A dry run validates the planned files in a scratch folder (never the input or --out). */
function validatePlanned(plan: MigrationPlan): MigrationResult["validation"] {
  const scratch = mkdtempSync(join(tmpdir(), "carefold-migrate-"));
  try {
    writePlan(plan, scratch);
    return validateDir(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
