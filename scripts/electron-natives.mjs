#!/usr/bin/env node
/**
 * Makes a better-sqlite3 build for the installed Electron, kept apart from the Node build that `npm ci`
 * compiles for tests and the CLI: node_modules/.carefold-electron/electron-v<version>-<platform>-<arch>/
 * better_sqlite3.node (the engine loads it through better-sqlite3's `nativeBinding` option under Electron,
 * see src/engine/storage/nativeBinding.ts; installers ship it as resources/natives/).
 *
 * First a prebuilt binary (prebuild-install, from better-sqlite3's GitHub releases), else a compile with
 * @electron/rebuild against Electron's headers, both in a temporary copy of the package. The result must
 * export node_register_module_v<Electron's ABI>: a tool that quietly builds for Node's ABI is caught here.
 *
 * As npm's postinstall it never fails the install: where ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set or the
 * downloads fail it says why and stops. `--strict` (used by `npm run dist`) fails instead.
 * Options: --strict, --platform <p>, --arch <a> (prebuilt binaries only for another target), --force.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeNativeFile } from "./package/native-abi.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const nodeModules = join(root, "node_modules");
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const strict = flag("strict");
const platform = option("platform", process.platform);
const arch = option("arch", process.arch);
const log = (line) => console.log(`[electron-natives] ${line}`);

/** Same layout as electronBuildTag() in src/engine/storage/nativeBinding.ts (a unit test keeps them equal). */
export function buildTag(electronVersion, targetPlatform, targetArch) {
  return `electron-v${electronVersion}-${targetPlatform}-${targetArch}`;
}

export function outputPath(electronVersion, targetPlatform, targetArch, base = nodeModules) {
  return join(base, ".carefold-electron", buildTag(electronVersion, targetPlatform, targetArch), "better_sqlite3.node");
}

function done(ok, message) {
  log(message);
  if (!ok && strict) process.exit(1);
  process.exit(0);
}

/** Does the file export Electron's ABI, for the right machine? */
function verify(file, abi) {
  if (!existsSync(file)) return `no file was produced`;
  const d = describeNativeFile(file);
  if (!d.abis.includes(abi)) return `it registers ABI ${d.abis.join(", ") || "none"}, not Electron's ${abi}`;
  if (d.machine !== arch && !d.machine.split("+").includes(arch)) return `it is built for ${d.machine}, not ${arch}`;
  return null;
}

/** A copy of the package (sources included, no build/) in a temporary app folder. */
function stageCopy(pkgDir) {
  const app = mkdtempSync(join(tmpdir(), "carefold-natives-"));
  const target = join(app, "node_modules", "better-sqlite3");
  cpSync(pkgDir, target, { recursive: true, filter: (src) => !src.startsWith(join(pkgDir, "build")) });
  const { name, version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  // node_modules/better-sqlite3 is an npm alias of better-sqlite3-multiple-ciphers (SQLCipher-compatible encryption):
  // prebuild-install reads the copied package's own name, so the prebuilt binary is that package's.
  const spec = name === "better-sqlite3" ? version : `npm:${name}@${version}`;
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "carefold-natives", private: true, dependencies: { "better-sqlite3": spec } }));
  return { app, target };
}

/** Without the npm config that points node-gyp at the local Node headers (it would build for Node's ABI). */
function cleanEnv() {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl|arch)$/i.test(k)) delete env[k];
  return env;
}

function tryPrebuilt(pkgDir, electronVersion, abi) {
  const require = createRequire(join(pkgDir, "package.json"));
  let bin;
  try {
    bin = join(dirname(require.resolve("prebuild-install/package.json")), "bin.js");
  } catch {
    return { error: "prebuild-install is not installed" };
  }
  const { app, target } = stageCopy(pkgDir);
  const cleanup = () => rmSync(app, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [bin, "--runtime", "electron", "--target", electronVersion, "--platform", platform, "--arch", arch], {
    cwd: target,
    env: cleanEnv(),
    encoding: "utf8",
    timeout: 180_000,
  });
  const built = join(target, "build", "Release", "better_sqlite3.node");
  const problem = r.status !== 0 ? `prebuilt download failed: ${(r.stderr || r.error?.message || "").trim().split("\n").slice(-1)[0]}` : verify(built, abi);
  if (!problem) return { file: built, cleanup };
  cleanup();
  return { error: r.status !== 0 ? problem : `the prebuilt binary is unusable: ${problem}` };
}

async function tryRebuild(pkgDir, electronVersion, abi) {
  if (platform !== process.platform) return { error: "compiling for another platform is not possible" };
  let rebuild;
  try {
    ({ rebuild } = createRequire(join(root, "package.json"))("@electron/rebuild"));
  } catch {
    return { error: "@electron/rebuild is not installed (it comes with electron-builder)" };
  }
  const { app, target } = stageCopy(pkgDir);
  const cleanup = () => rmSync(app, { recursive: true, force: true });
  const saved = process.env;
  let problem;
  try {
    process.env = cleanEnv();
    await rebuild({ buildPath: app, electronVersion, arch, onlyModules: ["better-sqlite3"], force: true, buildFromSource: true });
    const built = join(target, "build", "Release", "better_sqlite3.node");
    problem = verify(built, abi);
    if (!problem) return { file: built, cleanup };
    problem = `the compiled binary is unusable: ${problem}`;
  } catch (err) {
    problem = `compiling against Electron's headers failed: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`;
  } finally {
    process.env = saved;
  }
  cleanup();
  return { error: problem };
}

async function main() {
  const electronPkg = join(nodeModules, "electron", "package.json");
  const pkgDir = join(nodeModules, "better-sqlite3");
  if (!existsSync(electronPkg)) return done(false, "Skipped: electron is not installed (production install?).");
  if (!existsSync(join(pkgDir, "package.json"))) return done(false, "Skipped: better-sqlite3 is not installed.");
  const electronVersion = JSON.parse(readFileSync(electronPkg, "utf8")).version;
  const abiFile = join(nodeModules, "electron", "abi_version");
  const abi = existsSync(abiFile) ? Number(readFileSync(abiFile, "utf8").trim()) : Number(createRequire(electronPkg)("node-abi").getAbi(electronVersion, "electron"));
  const out = outputPath(electronVersion, platform, arch);
  const label = `better-sqlite3 for Electron ${electronVersion} (ABI ${abi}, ${platform}-${arch})`;

  if (!flag("force") && !verify(out, abi)) return done(true, `${label} is already in ${out}.`);
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === "1" && !strict) {
    return done(
      false,
      `Skipped ${label}: ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set, so this machine has no Electron to run it. ` +
        "Tests, the CLI and `carefold serve` use the Node build. Run `npm run natives:electron` where Electron downloads work.",
    );
  }
  const reasons = [];
  let result = tryPrebuilt(pkgDir, electronVersion, abi);
  if (result.error) {
    reasons.push(result.error);
    result = await tryRebuild(pkgDir, electronVersion, abi);
    if (result.error) reasons.push(result.error);
  }
  if (!result.file) return done(false, `Could not make ${label}: ${reasons.join("; ")}. The Electron app will say so at start; the Node build is untouched.`);
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(result.file, out);
  writeFileSync(`${out}.json`, JSON.stringify({ electron: electronVersion, abi, platform, arch, madeAt: new Date().toISOString() }, null, 2) + "\n");
  result.cleanup();
  return done(true, `Made ${label}: ${out}`);
}

// Run only as a program (the unit test imports buildTag/outputPath).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => done(false, `Skipped after an unexpected error: ${err instanceof Error ? err.message : String(err)}`));
}
