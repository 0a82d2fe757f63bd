/**
 * Which better-sqlite3 native build this process loads. `npm ci` compiles better-sqlite3 for Node's ABI
 * (tests, CLI, web host); Electron's main process needs a build for Electron's ABI, which is kept apart
 * so one install serves both runtimes:
 *   - development (`npm start`): node_modules/.carefold-electron/<tag>/better_sqlite3.node, written by
 *     scripts/electron-natives.mjs at install time;
 *   - installers: <resources>/natives/better_sqlite3.node (electron-builder.yml extraResources).
 * No `electron` import here: this runs, and is tested, under plain Node.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export const SQLITE_BINDING_FILE = "better_sqlite3.node";
/** Folder (next to node_modules/better-sqlite3) for builds made for Electron. */
export const ELECTRON_NATIVES_DIR = ".carefold-electron";
/** Folder under the packaged app's resources holding the Electron build. */
export const PACKAGED_NATIVES_DIR = "natives";
export const BINDING_ENV = "CAREFOLD_SQLITE_BINDING";
export const NATIVES_FIX = "npm run natives:electron";

/** The folder name for one Electron version and target; scripts/electron-natives.mjs uses the same. */
export function electronBuildTag(electronVersion: string, platform: string, arch: string): string {
  return `electron-v${electronVersion}-${platform}-${arch}`;
}

export interface BindingInput {
  versions: { electron?: string; node?: string };
  platform: string;
  arch: string;
  env: Record<string, string | undefined>;
  /** Electron's process.resourcesPath (unset under Node). */
  resourcesPath?: string;
  /** The node_modules folder holding better-sqlite3. */
  nodeModulesDir: string;
  exists(path: string): boolean;
}

export type BindingChoice = { kind: "node" } | { kind: "electron"; path: string; source: "env" | "packaged" | "development" };

export class NativeBindingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NativeBindingError";
  }
}

/** Places an Electron build is looked for, in order. */
export function electronBindingCandidates(input: BindingInput): { path: string; source: "packaged" | "development" }[] {
  const electron = input.versions.electron ?? "";
  const out: { path: string; source: "packaged" | "development" }[] = [];
  if (input.resourcesPath) out.push({ path: join(input.resourcesPath, PACKAGED_NATIVES_DIR, SQLITE_BINDING_FILE), source: "packaged" });
  out.push({
    path: join(input.nodeModulesDir, ELECTRON_NATIVES_DIR, electronBuildTag(electron, input.platform, input.arch), SQLITE_BINDING_FILE),
    source: "development",
  });
  return out;
}

/** Node: the default build. Electron: an explicit Electron build, or an error that says how to make one. */
export function chooseSqliteBinding(input: BindingInput): BindingChoice {
  const override = input.env[BINDING_ENV];
  if (override) {
    if (!input.exists(override)) throw new NativeBindingError(`${BINDING_ENV} points at ${override}, which does not exist.`);
    return { kind: "electron", path: override, source: "env" };
  }
  if (!input.versions.electron) return { kind: "node" };
  const candidates = electronBindingCandidates(input);
  const found = candidates.find((c) => input.exists(c.path));
  if (found) return { kind: "electron", ...found };
  throw new NativeBindingError(
    `Carefold cannot open its database: there is no better-sqlite3 build for Electron ${input.versions.electron} ` +
      `(${input.platform}-${input.arch}). Looked in: ${candidates.map((c) => c.path).join(", ")}. ` +
      `Fix: run \`${NATIVES_FIX}\` on a machine that can download Electron headers ` +
      `(it is skipped when ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set), then start the app again.`,
  );
}

function nodeModulesOfBetterSqlite(): string {
  const pkg = createRequire(import.meta.url).resolve("better-sqlite3/package.json");
  return dirname(dirname(pkg));
}

let cached: BindingChoice | null = null;

/** The choice for this process (computed once). */
export function sqliteBindingForThisProcess(): BindingChoice {
  cached ??= chooseSqliteBinding({
    versions: process.versions,
    platform: process.platform,
    arch: process.arch,
    env: process.env,
    resourcesPath: (process as { resourcesPath?: string }).resourcesPath,
    nodeModulesDir: process.versions.electron ? nodeModulesOfBetterSqlite() : "",
    exists: existsSync,
  });
  return cached;
}
