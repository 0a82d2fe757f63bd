/**
 * Third-party licenses for the About screen, from the dependency tree: every production package in
 * package-lock.json that is installed (plus Electron, which ships as the runtime), with its license field
 * and license text. Written to resources/third-party-licenses.json at build time (`npm run licenses`;
 * `npm run dist` and `npm run package:check` run it) and read by the engine's `app.licenses` request.
 * Identical texts are stored once (most MIT texts differ only in the copyright line, so they stay).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const LICENSES_FILE = join("resources", "third-party-licenses.json");
const MAX_TEXT_CHARS = 16_000;
/** Shipped although it is a devDependency: the Electron runtime. */
const RUNTIME_PACKAGES = ["node_modules/electron"];

export interface LicenseEntry {
  name: string;
  version: string;
  license: string;
  repository: string | null;
  /** Key into `texts`; null when the package ships no license file. */
  textId: string | null;
}

export interface LicensesFile {
  generatedAt: string;
  app: { name: string; version: string };
  packages: LicenseEntry[];
  texts: Record<string, string>;
}

interface LockEntry {
  name?: string;
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
}

export interface TreeReader {
  exists(path: string): boolean;
  readText(path: string): string;
  list(dir: string): string[];
}

const fsReader: TreeReader = {
  exists: existsSync,
  readText: (p) => readFileSync(p, "utf8"),
  list: (d) => readdirSync(d),
};

/** "node_modules/a/node_modules/@s/b" → "@s/b". */
export function packageNameOf(lockPath: string): string {
  const i = lockPath.lastIndexOf("node_modules/");
  return lockPath.slice(i + "node_modules/".length);
}

/** Lock paths of the packages that ship: not dev-only, installed on this machine. */
export function productionPaths(lock: { packages: Record<string, LockEntry> }, root: string, reader: TreeReader = fsReader): string[] {
  const paths = Object.entries(lock.packages)
    .filter(([path, e]) => path.startsWith("node_modules/") && !e.dev && !e.devOptional && !e.link)
    .map(([path]) => path);
  for (const extra of RUNTIME_PACKAGES) if (lock.packages[extra] && !paths.includes(extra)) paths.push(extra);
  return paths.filter((p) => reader.exists(join(root, p, "package.json"))).sort();
}

function licenseOf(pkg: Record<string, unknown>): string {
  const l = pkg.license ?? pkg.licenses;
  if (typeof l === "string") return l;
  if (Array.isArray(l)) return l.map((x) => (typeof x === "string" ? x : String((x as { type?: unknown }).type ?? "?"))).join(" OR ");
  if (l && typeof l === "object" && "type" in l) return String((l as { type: unknown }).type);
  return "UNKNOWN";
}

function repositoryOf(pkg: Record<string, unknown>): string | null {
  const r = pkg.repository;
  const url = typeof r === "string" ? r : r && typeof r === "object" ? (r as { url?: unknown }).url : null;
  return typeof url === "string" ? url.replace(/^git\+/, "").replace(/\.git$/, "") : typeof pkg.homepage === "string" ? pkg.homepage : null;
}

function licenseText(dir: string, reader: TreeReader): string | null {
  const file = reader
    .list(dir)
    .filter((f) => /^(licen[cs]e|copying|notice)([.-].*)?$/i.test(f))
    .sort()[0];
  if (!file) return null;
  const text = reader.readText(join(dir, file)).trim();
  return text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}\n…` : text;
}

export function collectLicenses(root: string, reader: TreeReader = fsReader, now = new Date()): LicensesFile {
  const app = JSON.parse(reader.readText(join(root, "package.json"))) as { name: string; version: string };
  const lock = JSON.parse(reader.readText(join(root, "package-lock.json"))) as { packages: Record<string, LockEntry> };
  const texts: Record<string, string> = {};
  const seen = new Set<string>();
  const packages: LicenseEntry[] = [];
  for (const path of productionPaths(lock, root, reader)) {
    const dir = join(root, path);
    const pkg = JSON.parse(reader.readText(join(dir, "package.json"))) as Record<string, unknown>;
    const name = typeof pkg.name === "string" ? pkg.name : packageNameOf(path);
    const version = typeof pkg.version === "string" ? pkg.version : (lock.packages[path]?.version ?? "0.0.0");
    if (seen.has(`${name}@${version}`)) continue;
    seen.add(`${name}@${version}`);
    const text = licenseText(dir, reader);
    const textId = text === null ? null : createHash("sha256").update(text).digest("hex").slice(0, 16);
    if (text !== null && textId) texts[textId] = text;
    packages.push({ name, version, license: licenseOf(pkg), repository: repositoryOf(pkg), textId });
  }
  packages.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  return { generatedAt: now.toISOString(), app: { name: app.name, version: app.version }, packages, texts };
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const out = collectLicenses(root);
  writeFileSync(join(root, LICENSES_FILE), JSON.stringify(out) + "\n");
  const unknown = out.packages.filter((p) => p.license === "UNKNOWN").map((p) => p.name);
  console.log(`[licenses] ${out.packages.length} packages, ${Object.keys(out.texts).length} license texts → ${LICENSES_FILE}`);
  if (unknown.length) console.log(`[licenses] no license field: ${unknown.join(", ")}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
