/**
 * Checks on what would ship (a list of ShipEntry, from stage.ts): the content is there and unpacked where
 * the engine reads it by path, native addons are unpacked and of the right kind, the Electron build of
 * better-sqlite3 registers Electron's ABI, nothing of tests, fixtures or source maps ships, no auto-update
 * metadata; plus sizes per part. Pure: the binary reader and the facts come in as options (unit-tested on
 * a small fake tree).
 */
import type { NativeDescription } from "./native-abi.mjs";
import type { Location, ShipEntry, Target } from "./stage";

export type Status = "ok" | "fail" | "not_checked";
export interface Check {
  name: string;
  status: Status;
  detail: string;
}

export interface InspectOptions {
  target: Target;
  /** The electron package's version and ABI (known from node_modules even without its binary). */
  electron: { version: string; abi: number } | null;
  /** Whether the Electron binary itself is installed (not with ELECTRON_SKIP_BINARY_DOWNLOAD=1). */
  electronBinary: boolean;
  /** Node's module ABI (process.versions.modules). */
  nodeAbi: number;
  /** The Node build in node_modules (tests, CLI), checked when the Electron build cannot be. */
  nodeSqliteBuild: string | null;
  describe(file: string): NativeDescription;
  /** Fuses read from a built executable; null when there is no build to read. */
  fuses: { expected: Record<string, boolean>; actual: Record<string, boolean> } | null;
}

export const REQUIRED_FILES = [
  "package.json",
  "out/main/index.js",
  "out/preload/index.cjs",
  "out/renderer/index.html",
  "carefold-profile.yaml",
  "resources/crisis-numbers.json",
  "resources/models/gate-subword.bin",
  "resources/third-party-licenses.json",
];
/** Read by real path at run time (appPaths.ts: contentDirFor), so they must be outside app.asar. */
const UNPACKED_CONTENT = /^(agents|skills|resources)\/|^carefold-profile\.yaml$/;
const TEST_SEGMENT = /(^|\/)(test|tests|__tests__|e2e)\//;
const TEST_FILE = /\.(test|spec|e2e)\.[cm]?[jt]sx?$/;
const FIXTURE_SEGMENT = /(^|\/)(fixtures|__fixtures__)\//;
const SQLITE_NATIVE = "natives/better_sqlite3.node";

const ok = (name: string, detail: string): Check => ({ name, status: "ok", detail });
const fail = (name: string, detail: string): Check => ({ name, status: "fail", detail });
const notChecked = (name: string, detail: string): Check => ({ name, status: "not_checked", detail });
const some = (paths: string[], n = 5) => paths.slice(0, n).join(", ") + (paths.length > n ? ` … (${paths.length} in all)` : "");

function llamaPrefix(target: Target): string {
  const os = target.platform === "darwin" ? "mac" : target.platform === "win32" ? "win" : target.platform;
  return `${os}-${target.arch}`;
}

function contentChecks(entries: ShipEntry[]): Check[] {
  const paths = new Set(entries.map((e) => e.path));
  const missing = REQUIRED_FILES.filter((f) => !paths.has(f));
  const agents = entries.filter((e) => e.path.startsWith("agents/")).length;
  const skills = entries.filter((e) => /^skills\/.+\/SKILL\.md$/.test(e.path)).length;
  const packedContent = entries.filter((e) => UNPACKED_CONTENT.test(e.path) && e.location !== "unpacked").map((e) => e.path);
  return [
    missing.length ? fail("content.files", `missing: ${missing.join(", ")}`) : ok("content.files", `${REQUIRED_FILES.length} required files present`),
    agents && skills ? ok("content.folders", `agents/ ${agents} files, skills/ ${skills} SKILL.md`) : fail("content.folders", `agents/ ${agents} files, skills/ ${skills} SKILL.md`),
    packedContent.length ? fail("content.unpacked", `inside app.asar but read by path: ${some(packedContent)}`) : ok("content.unpacked", "agents, skills, profile and resources sit in app.asar.unpacked"),
  ];
}

function llamaChecks(entries: ShipEntry[], options: InspectOptions): Check[] {
  const pkg = entries.find((e) => e.path === "node_modules/node-llama-cpp/package.json");
  const natives = entries.filter((e) => e.path.startsWith("node_modules/@node-llama-cpp/") && e.path.endsWith(".node"));
  const prefix = llamaPrefix(options.target);
  const own = natives.filter((e) => e.path.split("/")[2]!.startsWith(prefix));
  const foreign = natives.filter((e) => !e.path.split("/")[2]!.startsWith(prefix)).map((e) => e.path);
  const packed = [...natives, ...(pkg ? [pkg] : [])].filter((e) => e.location !== "unpacked").map((e) => e.path);
  const notNapi = own.filter((e) => !options.describe(e.source).napi).map((e) => e.path);
  const problems = [
    !pkg ? "node-llama-cpp is not shipped" : "",
    own.length === 0 ? `no prebuilt binary for ${prefix}` : "",
    packed.length ? `inside app.asar: ${some(packed)}` : "",
    notNapi.length ? `not N-API: ${some(notNapi)}` : "",
    foreign.length ? `binaries for other systems: ${some(foreign)}` : "",
  ].filter(Boolean);
  const variants = [...new Set(own.map((e) => e.path.split("/")[2]))].join(", ");
  return [problems.length ? fail("natives.node-llama-cpp", problems.join("; ")) : ok("natives.node-llama-cpp", `unpacked, N-API (no rebuild for Electron): ${variants}`)];
}

function describeAbi(d: NativeDescription): string {
  return `${d.format} ${d.machine}, registers ${d.abis.length ? d.abis.map((a) => `node_register_module_v${a}`).join(", ") : "no node_register_module_v*"}`;
}

function sqliteChecks(entries: ShipEntry[], options: InspectOptions): Check[] {
  const name = "natives.better-sqlite3";
  const shipped = entries.find((e) => e.path === SQLITE_NATIVE && e.location === "resources");
  const inAsar = entries.filter((e) => e.location === "asar" && e.path.endsWith(".node")).map((e) => e.path);
  const checks: Check[] = [inAsar.length ? fail("natives.unpacked", `native addons inside app.asar cannot load: ${some(inAsar)}`) : ok("natives.unpacked", "no native addon inside app.asar")];
  const nodeBuild = (): string => {
    if (!options.nodeSqliteBuild) return "the Node build was not found either";
    const d = options.describe(options.nodeSqliteBuild);
    return `only the Node build could be checked: ${options.nodeSqliteBuild} (${describeAbi(d)}; Node's ABI is ${options.nodeAbi})`;
  };
  if (!shipped) {
    if (options.electronBinary) return [...checks, fail(name, `no Electron build at resources/${SQLITE_NATIVE}: run \`npm run natives:electron\` (${nodeBuild()})`)];
    return [
      ...checks,
      notChecked(name, `the Electron binary is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD=1), so no Electron build of better-sqlite3 was made (resources/${SQLITE_NATIVE}); ${nodeBuild()}`),
    ];
  }
  const d = options.describe(shipped.source);
  if (!options.electron) return [...checks, fail(name, `resources/${SQLITE_NATIVE} is ${describeAbi(d)}, but the electron package is not installed to say which ABI it needs`)];
  const machineOk = d.machine === options.target.arch || d.machine.split("+").includes(options.target.arch);
  const abiOk = d.abis.includes(options.electron.abi);
  const detail = `resources/${SQLITE_NATIVE}: ${describeAbi(d)}; Electron ${options.electron.version} needs ABI ${options.electron.abi} on ${options.target.arch}`;
  return [...checks, abiOk && machineOk ? ok(name, detail) : fail(name, detail)];
}

function hygieneChecks(entries: ShipEntry[], options: InspectOptions): Check[] {
  const app = entries.filter((e) => e.location !== "runtime");
  const tests = app.filter((e) => TEST_SEGMENT.test(e.path) || TEST_FILE.test(e.path)).map((e) => e.path);
  const fixtures = app.filter((e) => FIXTURE_SEGMENT.test(e.path)).map((e) => e.path);
  const maps = app.filter((e) => e.path.endsWith(".map")).map((e) => e.path);
  const sources = app.filter((e) => /^(src|test|e2e|bench|scripts|docs)\//.test(e.path) || (!e.path.startsWith("node_modules/") && /\.tsx?$/.test(e.path))).map((e) => e.path);
  const updater = app.filter((e) => /(^|\/)app-update\.yml$/.test(e.path) || e.path.startsWith("node_modules/electron-updater/")).map((e) => e.path);
  const checks = [
    tests.length ? fail("no-tests", some(tests)) : ok("no-tests", "no test folders or test files"),
    fixtures.length ? fail("no-fixtures", some(fixtures)) : ok("no-fixtures", "no fixture folders"),
    maps.length ? fail("no-source-maps", some(maps)) : ok("no-source-maps", "no .map files"),
    sources.length ? fail("no-sources", some(sources)) : ok("no-sources", "no TypeScript sources, tests or scripts of the app"),
    updater.length ? fail("no-auto-update", some(updater)) : ok("no-auto-update", "no app-update.yml, no electron-updater"),
  ];
  if (!options.fuses) checks.push(notChecked("fuses", "no built Electron executable to read them from (set by scripts/package/after-pack.mjs at packaging)"));
  else {
    const wrong = Object.entries(options.fuses.expected).filter(([k, v]) => options.fuses!.actual[k] !== v).map(([k, v]) => `${k} should be ${v ? "on" : "off"}`);
    checks.push(wrong.length ? fail("fuses", wrong.join(", ")) : ok("fuses", JSON.stringify(options.fuses.actual)));
  }
  return checks;
}

/** The part of the app a file belongs to, for the size report. */
export function partOf(e: ShipEntry): string {
  if (e.location === "runtime") return "electron runtime";
  if (e.path === SQLITE_NATIVE) return "natives: better-sqlite3 (Electron build)";
  if (e.location === "resources") return "resources (other)";
  const p = e.path;
  if (p.startsWith("out/main/")) return "app: main process";
  if (p.startsWith("out/preload/")) return "app: preload";
  if (p.startsWith("out/renderer/")) return "app: renderer";
  if (p.startsWith("agents/")) return "content: agents";
  if (p.startsWith("skills/")) return "content: skills";
  if (p === "carefold-profile.yaml") return "content: profile";
  if (p.startsWith("resources/models/")) return "content: bundled models (safety classifier)";
  if (p.startsWith("resources/")) return "content: resources";
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(p);
  if (m && (m[1]!.startsWith("@node-llama-cpp/") || m[1] === "node-llama-cpp")) return `natives: ${m[1]}`;
  if (m) return "node_modules (JavaScript)";
  return "app: other";
}

export interface Report {
  ok: boolean;
  target: string;
  checks: Check[];
  sizes: { totalBytes: number; byLocation: Partial<Record<Location, number>>; byPart: Record<string, number>; largestPackages: Record<string, number> };
}

export function sizes(entries: ShipEntry[]): Report["sizes"] {
  const byLocation: Partial<Record<Location, number>> = {};
  const byPart: Record<string, number> = {};
  const packages: Record<string, number> = {};
  for (const e of entries) {
    byLocation[e.location] = (byLocation[e.location] ?? 0) + e.size;
    const part = partOf(e);
    byPart[part] = (byPart[part] ?? 0) + e.size;
    const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(e.path);
    if (m) packages[m[1]!] = (packages[m[1]!] ?? 0) + e.size;
  }
  const sortDesc = (o: Record<string, number>, n = Infinity) => Object.fromEntries(Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, n));
  return { totalBytes: entries.reduce((s, e) => s + e.size, 0), byLocation, byPart: sortDesc(byPart), largestPackages: sortDesc(packages, 10) };
}

export function inspect(entries: ShipEntry[], options: InspectOptions): Report {
  const checks = [...contentChecks(entries), ...llamaChecks(entries, options), ...sqliteChecks(entries, options), ...hygieneChecks(entries, options)];
  return { ok: checks.every((c) => c.status !== "fail"), target: `${options.target.platform}-${options.target.arch}`, checks, sizes: sizes(entries) };
}
