/**
 * electron-builder afterPack hook (electron-builder.yml): runs on the unpacked app, before signing and
 * before the installers are made.
 *   1. Puts the Electron-ABI better-sqlite3 (made apart by scripts/electron-natives.mjs) into
 *      resources/natives/, after checking it exports node_register_module_v<Electron's ABI>.
 *   2. Flips Electron's fuses: no running as Node, no NODE_OPTIONS or --inspect, asar integrity checked,
 *      the app loaded only from app.asar.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeNativeFile } from "./native-abi.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ARCHES = { 0: "ia32", 1: "x64", 2: "armv7l", 3: "arm64", 4: "universal" };

/**
 * Fuse settings by @electron/fuses option name. GrantFileProtocolExtraPrivileges stays as Electron ships
 * it: the renderer is loaded from file:// as ES modules.
 */
export const FUSES = {
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
};

/** The Electron executable (or .app bundle) and the resources folder of a packed app. */
export function packedPaths(appOutDir, platform, productFilename, executableName) {
  if (platform === "darwin" || platform === "mas") {
    const app = join(appOutDir, `${productFilename}.app`);
    return { executable: app, resources: join(app, "Contents", "Resources") };
  }
  if (platform === "win32") return { executable: join(appOutDir, `${productFilename}.exe`), resources: join(appOutDir, "resources") };
  return { executable: join(appOutDir, executableName), resources: join(appOutDir, "resources") };
}

export function electronFacts(base = root) {
  const dir = join(base, "node_modules", "electron");
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  const abiFile = join(dir, "abi_version");
  const abi = existsSync(abiFile) ? Number(readFileSync(abiFile, "utf8").trim()) : Number(createRequire(join(dir, "package.json"))("node-abi").getAbi(version, "electron"));
  return { version, abi };
}

/** Copies the verified Electron build of better-sqlite3 into <resources>/natives/; throws, saying how to fix it. */
export function placeNatives(resourcesDir, { electronVersion, abi, platform, arch, base = root }) {
  const tag = `electron-v${electronVersion}-${platform}-${arch}`;
  const from = join(base, "node_modules", ".carefold-electron", tag, "better_sqlite3.node");
  const fix = `run \`node scripts/electron-natives.mjs --strict --platform ${platform} --arch ${arch}\` first (npm run dist does)`;
  if (!existsSync(from)) throw new Error(`No better-sqlite3 build for Electron ${electronVersion} (${platform}-${arch}) at ${from}: ${fix}.`);
  const d = describeNativeFile(from);
  if (!d.abis.includes(abi)) throw new Error(`${from} registers ABI ${d.abis.join(", ") || "none"}, not Electron's ${abi}: ${fix}.`);
  if (d.machine !== arch && !d.machine.split("+").includes(arch)) throw new Error(`${from} is built for ${d.machine}, not ${arch}: ${fix}.`);
  const to = join(resourcesDir, "natives", "better_sqlite3.node");
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  return { from, to, ...d };
}

export default async function afterPack(context) {
  const platform = context.electronPlatformName;
  const arch = ARCHES[context.arch] ?? String(context.arch);
  const { productFilename } = context.packager.appInfo;
  const paths = packedPaths(context.appOutDir, platform, productFilename, context.packager.executableName);
  const { version, abi } = electronFacts();
  const nodePlatform = platform === "mas" ? "darwin" : platform;
  const placed = placeNatives(paths.resources, { electronVersion: version, abi, platform: nodePlatform, arch });
  console.log(`  • carefold: better-sqlite3 for Electron ${version} (ABI ${abi}, ${placed.format} ${placed.machine}) → ${placed.to}`);

  const { flipFuses, FuseVersion, FuseV1Options } = createRequire(join(root, "package.json"))("@electron/fuses");
  const settings = { version: FuseVersion.V1, resetAdHocDarwinSignature: nodePlatform === "darwin" && arch === "arm64" };
  for (const [name, value] of Object.entries(FUSES)) settings[FuseV1Options[name]] = value;
  await flipFuses(paths.executable, settings);
  console.log(`  • carefold: fuses set on ${paths.executable}: ${JSON.stringify(FUSES)}`);
}
