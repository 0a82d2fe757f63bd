/**
 * What would ship, as a list of files (path in the app, size, and where it lands: inside app.asar, in
 * app.asar.unpacked, or in resources/ beside them), computed two ways:
 *   - `stageFromConfig`: where Electron is not installed, from electron-builder.yml the way electron-builder
 *     25.1.8 selects files (files patterns evaluated in order with its default exclusions, node_modules =
 *     production packages with only the exclusion patterns applied, asarUnpack plus its automatic unpacking
 *     of native libraries, and the afterPack hook's resources/natives/);
 *   - `readBuiltApp`: from a real `electron-builder --dir` output (the asar header and the folders).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import YAML from "yaml";

export type Location = "asar" | "unpacked" | "resources" | "runtime";

export interface ShipEntry {
  /** Path inside the app (app.asar root, or resources/ for extra resources, or the runtime folder). */
  path: string;
  size: number;
  location: Location;
  /** The real file, for reading native binaries. */
  source: string;
}

export interface Target {
  platform: NodeJS.Platform;
  arch: string;
}

export interface BuilderConfig {
  files?: string[];
  asarUnpack?: string[];
  directories?: { output?: string };
  [key: string]: unknown;
}

interface Matcher {
  negate: boolean;
  match(path: string): boolean;
}

// electron-builder's own defaults (app-builder-lib/out/fileMatcher.js, util/NodeModuleCopyHelper.js).
const EXCLUDED_NAMES =
  ".git,.hg,.svn,CVS,RCS,SCCS,__pycache__,.DS_Store,thumbs.db,.gitignore,.gitkeep,.gitattributes,.npmignore,.idea,.vs,.flowconfig,.jshintrc,.eslintrc,.circleci,.yarn-integrity,.yarn-metadata.json,yarn-error.log,yarn.lock,package-lock.json,npm-debug.log,appveyor.yml,.travis.yml,circle.yml,.nyc_output,.husky,.github,electron-builder.env";
const EXCLUDED_EXTS = "iml,hprof,orig,pyc,pyo,rbc,swp,csproj,sln,suo,xproj,cc,d.ts,mk,a,o,forge-meta,pdb";
const NODE_EXCLUDED_FILES = new Set([".DS_Store", "node_modules", "CHANGELOG.md", "ChangeLog", "changelog.md", "Changelog.md", "Changelog", "binding.gyp", ".npmignore", ...EXCLUDED_NAMES.split(",")]);
const NODE_TOP_EXCLUDED = new Set(["karma.conf.js", ".coveralls.yml", "README.md", "readme.markdown", "README", "readme.md", "Readme.md", "Readme", "readme", "test", "tests", "__tests__", "powered-test", "example", "examples", ".bin"]);
const NODE_EXCLUDED_EXTS = EXCLUDED_EXTS.split(",").map((e) => `.${e}`);

/** Modules as electron-builder resolves them (its own minimatch and asar), so patterns mean the same. */
const fromBuilder = () => createRequire(createRequire(import.meta.url).resolve("app-builder-lib"));

function minimatchClass(): new (pattern: string, options: object) => Matcher {
  return (fromBuilder()("minimatch") as { Minimatch: new (pattern: string, options: object) => Matcher }).Minimatch;
}

export function readBuilderConfig(root: string): BuilderConfig {
  return YAML.parse(readFileSync(join(root, "electron-builder.yml"), "utf8")) as BuilderConfig;
}

/** electron-builder's ${os}, ${arch} and ${platform} macros. */
export function expandMacros(pattern: string, target: Target): string {
  const os = target.platform === "darwin" ? "mac" : target.platform === "win32" ? "win" : target.platform;
  return pattern.replaceAll("${os}", os).replaceAll("${arch}", target.arch).replaceAll("${platform}", target.platform);
}

/** minimatch-all as electron-builder uses it: later patterns only re-test what could change the answer. */
export function matchesAll(path: string, patterns: Matcher[]): boolean {
  let match = false;
  for (const p of patterns) {
    if (match !== p.negate) continue;
    match = p.match(path);
  }
  return match;
}

function compile(patterns: string[], target: Target): Matcher[] {
  const Minimatch = minimatchClass();
  return patterns.map((p) => new Minimatch(expandMacros(p.replace(/^\.\//, ""), target), { dot: true }));
}

function walk(dir: string, skip: (rel: string, name: string) => boolean, base = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    const rel = relative(base, full).split(sep).join("/");
    if (skip(rel, name)) continue;
    const st = lstatSync(full);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) out.push(...walk(full, skip, base));
    else out.push(rel);
  }
  return out;
}

/** The app's own files (not node_modules), with electron-builder's default exclusions around `files`. */
export function appFiles(root: string, config: BuilderConfig, target: Target): string[] {
  const output = config.directories?.output ?? "dist";
  const user = [...(config.files ?? ["**/*"])];
  if (!user.includes("package.json")) user.push("package.json");
  const patterns = [
    "!**/node_modules",
    `!${output}{,/**/*}`,
    ...user,
    `!**/*.{${EXCLUDED_EXTS}}`,
    "!**/._*",
    "!**/electron-builder.{yaml,yml,json,json5,toml,ts}",
    `!**/{${EXCLUDED_NAMES}}`,
    "!.yarn{,/**/*}",
    "!.editorconfig",
    "!.yarnrc.yml",
  ];
  const matchers = compile(patterns, target);
  return walk(root, (rel, name) => rel === "node_modules" || rel === output || name === ".git").filter((rel) => matchesAll(rel, matchers));
}

/** Production packages (package-lock.json, installed here), as node_modules/… folders. */
export function productionPackages(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean; link?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([p, e]) => p.startsWith("node_modules/") && !e.dev && !e.devOptional && !e.link)
    .map(([p]) => p)
    .filter((p) => existsSync(join(root, p, "package.json")))
    .sort();
}

/** Files of the production packages after electron-builder's node_modules filtering. */
export function nodeModuleFiles(root: string, config: BuilderConfig, target: Target): string[] {
  const excludes = (config.files ?? []).filter((p) => p.startsWith("!"));
  const matchers = excludes.length ? compile(["**/*", ...excludes], target) : [];
  const out: string[] = [];
  for (const pkg of productionPackages(root)) {
    const files = walk(join(root, pkg), (rel, name) => {
      if (NODE_EXCLUDED_FILES.has(name) || name.startsWith("._")) return true;
      if (NODE_EXCLUDED_EXTS.some((e) => name.endsWith(e))) return true;
      return !rel.includes("/") && NODE_TOP_EXCLUDED.has(name);
    });
    for (const rel of files) {
      const path = `${pkg}/${rel}`;
      if (!matchers.length || matchesAll(path, matchers)) out.push(path);
    }
  }
  return out;
}

const isLibOrExe = (f: string) => /\.(dll|exe|dylib|so|node)$/.test(f) || /\.so\.\d/.test(f);

/** asarUnpack patterns, plus electron-builder's automatic unpacking of folders that hold native libraries. */
export function unpackedSet(files: string[], config: BuilderConfig, target: Target): Set<string> {
  const patterns = compile(config.asarUnpack ?? [], target);
  const autoDirs = new Set<string>();
  for (const f of files) {
    if (!f.startsWith("node_modules/") || !isLibOrExe(f)) continue;
    const parts = f.split("/");
    const pkgDepth = parts[1]!.startsWith("@") ? 3 : 2;
    for (let d = parts.length - 1; d >= pkgDepth; d--) autoDirs.add(parts.slice(0, d).join("/"));
  }
  return new Set(files.filter((f) => patterns.some((p) => p.match(f)) || autoDirs.has(dirname(f))));
}

/** The afterPack hook's resources/natives/better_sqlite3.node, when an Electron build exists for the target. */
export function stagedNatives(root: string, electronVersion: string | null, target: Target): ShipEntry[] {
  if (!electronVersion) return [];
  const source = join(root, "node_modules", ".carefold-electron", `electron-v${electronVersion}-${target.platform}-${target.arch}`, "better_sqlite3.node");
  return existsSync(source) ? [{ path: "natives/better_sqlite3.node", size: statSync(source).size, location: "resources", source }] : [];
}

export function stageFromConfig(root: string, target: Target, electronVersion: string | null): ShipEntry[] {
  const config = readBuilderConfig(root);
  const files = [...appFiles(root, config, target), ...nodeModuleFiles(root, config, target)];
  const unpacked = unpackedSet(files, config, target);
  const entries: ShipEntry[] = files.map((path) => {
    const source = join(root, path);
    return { path, size: statSync(source).size, location: unpacked.has(path) ? "unpacked" : "asar", source };
  });
  return [...entries, ...stagedNatives(root, electronVersion, target)];
}

/** The resources folder of an `electron-builder --dir` output. */
export function builtResourcesDir(appOutDir: string, platform: NodeJS.Platform): string {
  if (platform === "darwin") {
    const app = readdirSync(appOutDir).find((n) => n.endsWith(".app"));
    if (!app) throw new Error(`No .app bundle in ${appOutDir}`);
    return join(appOutDir, app, "Contents", "Resources");
  }
  return join(appOutDir, "resources");
}

/** Every file of a built app: the asar's header, the unpacked folder, extra resources, the runtime. */
export function readBuiltApp(appOutDir: string, platform: NodeJS.Platform): ShipEntry[] {
  const asar = fromBuilder()("@electron/asar") as {
    listPackage(archive: string, options: { isPack: boolean }): string[];
    statFile(archive: string, filename: string): { size?: number; unpacked?: boolean; files?: unknown };
  };
  const resources = builtResourcesDir(appOutDir, platform);
  const archive = join(resources, "app.asar");
  const entries: ShipEntry[] = [];
  for (const raw of asar.listPackage(archive, { isPack: false })) {
    const path = raw.replace(/^[\\/]/, "").split(/[\\/]/).join("/");
    const st = asar.statFile(archive, path);
    if (st.files || st.size === undefined) continue; // a folder
    const location: Location = st.unpacked ? "unpacked" : "asar";
    entries.push({ path, size: st.size, location, source: st.unpacked ? join(`${archive}.unpacked`, path) : archive });
  }
  for (const rel of walk(resources, (r) => r === "app.asar" || r === "app.asar.unpacked")) {
    entries.push({ path: rel, size: statSync(join(resources, rel)).size, location: "resources", source: join(resources, rel) });
  }
  const resourcesRel = relative(appOutDir, resources).split(sep).join("/");
  for (const rel of walk(appOutDir, (r) => r === resourcesRel)) {
    entries.push({ path: rel, size: statSync(join(appOutDir, rel)).size, location: "runtime", source: join(appOutDir, rel) });
  }
  return entries;
}
