/**
 * Packaging pieces that run inside electron-builder or at build time: the afterPack hook's fuses and native
 * placement (it refuses a build of the wrong ABI), and the third-party licenses list from the dependency tree.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { electronFacts, FUSES, packedPaths, placeNatives } from "../../scripts/package/after-pack.mjs";
import { collectLicenses, packageNameOf, productionPaths } from "../../scripts/package/licenses";
import { tempDir } from "../support/tempDir";

const root = join(__dirname, "..", "..");
const nodeBuild = join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");
let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

function file(rel: string, content: string): void {
  const full = join(tmp.dir, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

describe("afterPack hook", () => {
  it("sets the production fuses: no Node mode, no NODE_OPTIONS or --inspect, asar integrity, app from asar only", () => {
    expect(FUSES).toEqual({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
  });

  it("finds the executable and resources of each platform's packed app", () => {
    expect(packedPaths("/d/linux-unpacked", "linux", "Carefold", "carefold")).toEqual({ executable: "/d/linux-unpacked/carefold", resources: "/d/linux-unpacked/resources" });
    expect(packedPaths("/d/mac", "darwin", "Carefold", "Carefold").resources).toBe("/d/mac/Carefold.app/Contents/Resources");
    expect(packedPaths("/d/win", "win32", "Carefold", "Carefold").executable).toBe("/d/win/Carefold.exe");
  });

  it("reads the installed Electron's version and ABI", () => {
    expect(electronFacts(root)).toEqual({ version: "40.8.5", abi: 143 });
  });

  it("copies a better-sqlite3 build of the right ABI into resources/natives and refuses any other", () => {
    const build = join(tmp.dir, "node_modules", ".carefold-electron", `electron-v40.8.5-${process.platform}-${process.arch}`, "better_sqlite3.node");
    const resources = join(tmp.dir, "resources");
    const facts = { electronVersion: "40.8.5", platform: process.platform, arch: process.arch, base: tmp.dir };
    expect(() => placeNatives(resources, { ...facts, abi: 143 })).toThrow(/No better-sqlite3 build for Electron 40\.8\.5.*electron-natives\.mjs --strict/);
    mkdirSync(dirname(build), { recursive: true });
    copyFileSync(nodeBuild, build); // the Node build stands in: it registers Node's ABI, not Electron's
    expect(() => placeNatives(resources, { ...facts, abi: 143 })).toThrow(`registers ABI ${process.versions.modules}, not Electron's 143`);
    expect(existsSync(join(resources, "natives", "better_sqlite3.node"))).toBe(false);
    const placed = placeNatives(resources, { ...facts, abi: Number(process.versions.modules) });
    expect(placed.to).toBe(join(resources, "natives", "better_sqlite3.node"));
    expect(existsSync(placed.to)).toBe(true);
  });
});

describe("third-party licenses", () => {
  it("lists installed production packages (and the Electron runtime) with license and text, not dev tools", () => {
    file("package.json", JSON.stringify({ name: "carefold-desktop", version: "1.2.3" }));
    const lock = {
      packages: {
        "": {},
        "node_modules/zod": {},
        "node_modules/a/node_modules/@s/b": {},
        "node_modules/vitest": { dev: true },
        "node_modules/electron": { dev: true },
        "node_modules/not-installed": { optional: true },
      },
    };
    file("package-lock.json", JSON.stringify(lock));
    file("node_modules/zod/package.json", JSON.stringify({ name: "zod", version: "4.0.0", license: "MIT", repository: { url: "git+https://github.com/colinhacks/zod.git" } }));
    file("node_modules/zod/LICENSE", "MIT License\n\nCopyright (c) Colin");
    file("node_modules/a/node_modules/@s/b/package.json", JSON.stringify({ version: "1.0.0", licenses: [{ type: "BSD-2-Clause" }, { type: "MIT" }] }));
    file("node_modules/vitest/package.json", JSON.stringify({ name: "vitest", version: "4.1.12", license: "MIT" }));
    file("node_modules/electron/package.json", JSON.stringify({ name: "electron", version: "40.8.5", license: "MIT" }));
    file("node_modules/electron/LICENSE", "Copyright (c) Electron contributors");

    expect(packageNameOf("node_modules/a/node_modules/@s/b")).toBe("@s/b");
    expect(productionPaths(lock, tmp.dir)).toEqual(["node_modules/a/node_modules/@s/b", "node_modules/electron", "node_modules/zod"]);
    const out = collectLicenses(tmp.dir, undefined, new Date("2026-01-01T00:00:00Z"));
    expect(out.app).toEqual({ name: "carefold-desktop", version: "1.2.3" });
    expect(out.generatedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(out.packages.map((p) => `${p.name}@${p.version} ${p.license}`)).toEqual(["@s/b@1.0.0 BSD-2-Clause OR MIT", "electron@40.8.5 MIT", "zod@4.0.0 MIT"]);
    const zod = out.packages.find((p) => p.name === "zod")!;
    expect(zod.repository).toBe("https://github.com/colinhacks/zod");
    expect(out.texts[zod.textId!]).toContain("Copyright (c) Colin");
    expect(out.packages.find((p) => p.name === "@s/b")!.textId).toBeNull();
  });
});
