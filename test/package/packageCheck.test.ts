/**
 * The packaging check on a small fake project: what electron-builder.yml selects (files patterns, node
 * modules, asarUnpack, the natives the afterPack hook adds), the checks on it, and the size report.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NativeDescription } from "../../scripts/package/native-abi.mjs";
import { inspect, type InspectOptions } from "../../scripts/package/inspect";
import { expandMacros, stageFromConfig, type ShipEntry } from "../../scripts/package/stage";
import { tempDir } from "../support/tempDir";

const realConfig = join(__dirname, "..", "..", "electron-builder.yml");
const target = { platform: "linux" as NodeJS.Platform, arch: "x64" };
let tmp = tempDir();

function file(rel: string, content = "x"): void {
  const full = join(tmp.dir, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** Binaries are fake: their "kind" is what the file says (see describe below). */
const describe_ = (path: string): NativeDescription => {
  const text = readFileSync(path, "utf8");
  const [format, machine, abi] = text.split(":");
  return { format: format as NativeDescription["format"], machine: machine!, abis: abi === "napi" ? [] : [Number(abi)], napi: abi === "napi" };
};

function project(): void {
  copyFileSync(realConfig, join(tmp.dir, "electron-builder.yml"));
  file("package.json", JSON.stringify({ name: "carefold-desktop", version: "1.0.0" }));
  const lock = { packages: { "": {}, "node_modules/zod": {}, "node_modules/better-sqlite3": {}, "node_modules/node-llama-cpp": {}, "node_modules/@node-llama-cpp/linux-x64": { optional: true }, "node_modules/@node-llama-cpp/mac-arm64-metal": { optional: true }, "node_modules/@node-llama-cpp/linux-x64-cuda": { optional: true }, "node_modules/tsx": {}, "node_modules/vitest": { dev: true } } };
  file("package-lock.json", JSON.stringify(lock));
  for (const f of ["out/main/index.js", "out/preload/index.cjs", "out/renderer/index.html", "out/renderer/assets/index.js", "carefold-profile.yaml"]) file(f);
  file("out/main/index.js.map");
  file("agents/visit-steward/AGENT.md");
  file("skills/cardiology-prep/SKILL.md");
  file("resources/crisis-numbers.json", "{}");
  file("resources/models/gate-subword.bin", "model".repeat(100));
  file("resources/third-party-licenses.json", "{}");
  // Not shipped: sources, tests, fixtures, docs.
  for (const f of ["src/main/index.ts", "test/engine.test.ts", "test/fixtures/a.json", "e2e/x.e2e.ts", "README.md", "electron.vite.config.ts"]) file(f);
  file("node_modules/zod/package.json", "{}");
  file("node_modules/zod/index.js");
  file("node_modules/zod/index.js.map");
  file("node_modules/zod/README.md");
  file("node_modules/zod/test/zod.test.js");
  file("node_modules/zod/src/fixtures/sample.json");
  file("node_modules/better-sqlite3/package.json", "{}");
  file("node_modules/better-sqlite3/lib/index.js");
  file("node_modules/better-sqlite3/build/Release/better_sqlite3.node", "elf:x64:115");
  file("node_modules/better-sqlite3/deps/sqlite3.c");
  file("node_modules/node-llama-cpp/package.json", "{}");
  file("node_modules/node-llama-cpp/dist/index.js");
  file("node_modules/node-llama-cpp/llama/gitRelease.bundle", "big");
  file("node_modules/@node-llama-cpp/linux-x64/package.json", "{}");
  file("node_modules/@node-llama-cpp/linux-x64/bins/linux-x64/llama-addon.node", "elf:x64:napi");
  file("node_modules/@node-llama-cpp/mac-arm64-metal/package.json", "{}");
  file("node_modules/@node-llama-cpp/mac-arm64-metal/bins/llama-addon.node", "mach-o:arm64:napi");
  file("node_modules/@node-llama-cpp/linux-x64-cuda/package.json", "{}");
  file("node_modules/@node-llama-cpp/linux-x64-cuda/bins/llama-addon.node", "elf:x64:napi");
  file("node_modules/tsx/package.json", "{}");
  file("node_modules/vitest/package.json", "{}");
}

function options(overrides: Partial<InspectOptions> = {}): InspectOptions {
  return {
    target,
    electron: { version: "40.8.5", abi: 143 },
    electronBinary: false,
    nodeAbi: 115,
    nodeSqliteBuild: join(tmp.dir, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"),
    describe: describe_,
    fuses: null,
    ...overrides,
  };
}

const byPath = (entries: ShipEntry[]) => new Map(entries.map((e) => [e.path, e]));
const status = (r: ReturnType<typeof inspect>, name: string) => r.checks.find((c) => c.name === name);

beforeEach(() => {
  tmp = tempDir();
  project();
});
afterEach(() => tmp.cleanup());

describe("staging from electron-builder.yml", () => {
  it("expands electron-builder's macros the way node-llama-cpp names its packages", () => {
    expect(expandMacros("@node-llama-cpp/${os}-${arch}", { platform: "darwin", arch: "arm64" })).toBe("@node-llama-cpp/mac-arm64");
    expect(expandMacros("${platform}/${os}", { platform: "win32", arch: "x64" })).toBe("win32/win");
  });

  it("selects the app, content and production packages, and leaves out what must not ship", () => {
    const entries = byPath(stageFromConfig(tmp.dir, target, "40.8.5"));
    for (const p of ["package.json", "out/main/index.js", "out/renderer/index.html", "agents/visit-steward/AGENT.md", "skills/cardiology-prep/SKILL.md", "resources/models/gate-subword.bin", "node_modules/zod/index.js", "node_modules/better-sqlite3/lib/index.js", "node_modules/@node-llama-cpp/linux-x64/bins/linux-x64/llama-addon.node"]) {
      expect(entries.has(p), p).toBe(true);
    }
    for (const p of ["out/main/index.js.map", "src/main/index.ts", "test/engine.test.ts", "e2e/x.e2e.ts", "README.md", "electron-builder.yml", "node_modules/zod/index.js.map", "node_modules/zod/README.md", "node_modules/zod/test/zod.test.js", "node_modules/zod/src/fixtures/sample.json", "node_modules/better-sqlite3/build/Release/better_sqlite3.node", "node_modules/better-sqlite3/deps/sqlite3.c", "node_modules/@node-llama-cpp/mac-arm64-metal/bins/llama-addon.node", "node_modules/@node-llama-cpp/linux-x64-cuda/bins/llama-addon.node", "node_modules/node-llama-cpp/llama/gitRelease.bundle", "node_modules/tsx/package.json", "node_modules/vitest/package.json"]) {
      expect(entries.has(p), p).toBe(false);
    }
    expect(entries.get("skills/cardiology-prep/SKILL.md")?.location).toBe("unpacked");
    expect(entries.get("node_modules/node-llama-cpp/dist/index.js")?.location).toBe("unpacked");
    expect(entries.get("node_modules/zod/index.js")?.location).toBe("asar");
    expect(entries.get("out/main/index.js")?.location).toBe("asar");
  });

  it("adds the Electron build of better-sqlite3 where install time made one for this target", () => {
    expect(byPath(stageFromConfig(tmp.dir, target, "40.8.5")).has("natives/better_sqlite3.node")).toBe(false);
    file("node_modules/.carefold-electron/electron-v40.8.5-linux-x64/better_sqlite3.node", "elf:x64:143");
    expect(byPath(stageFromConfig(tmp.dir, target, "40.8.5")).get("natives/better_sqlite3.node")?.location).toBe("resources");
  });
});

describe("inspecting what would ship", () => {
  it("passes the fake project, saying plainly that only the Node build of better-sqlite3 could be checked", () => {
    const report = inspect(stageFromConfig(tmp.dir, target, "40.8.5"), options());
    expect(report.checks.filter((c) => c.status === "fail")).toEqual([]);
    expect(report.ok).toBe(true);
    expect(status(report, "natives.better-sqlite3")).toMatchObject({ status: "not_checked" });
    expect(status(report, "natives.better-sqlite3")?.detail).toMatch(/only the Node build could be checked: .*node_register_module_v115; Node's ABI is 115/);
    expect(status(report, "natives.node-llama-cpp")).toMatchObject({ status: "ok" });
    expect(status(report, "fuses")).toMatchObject({ status: "not_checked" });
  });

  it("checks the Electron build's ABI: 143 passes, a Node-ABI build fails, a missing one fails where Electron exists", () => {
    file("node_modules/.carefold-electron/electron-v40.8.5-linux-x64/better_sqlite3.node", "elf:x64:143");
    expect(status(inspect(stageFromConfig(tmp.dir, target, "40.8.5"), options({ electronBinary: true })), "natives.better-sqlite3")).toMatchObject({ status: "ok" });
    file("node_modules/.carefold-electron/electron-v40.8.5-linux-x64/better_sqlite3.node", "elf:x64:115");
    const wrong = inspect(stageFromConfig(tmp.dir, target, "40.8.5"), options({ electronBinary: true }));
    expect(wrong.ok).toBe(false);
    expect(status(wrong, "natives.better-sqlite3")?.detail).toContain("needs ABI 143");
    file("node_modules/.carefold-electron/electron-v40.8.5-linux-x64/better_sqlite3.node", "elf:arm64:143");
    expect(status(inspect(stageFromConfig(tmp.dir, target, "40.8.5"), options()), "natives.better-sqlite3")).toMatchObject({ status: "fail" });
    const entries = stageFromConfig(tmp.dir, target, null);
    expect(status(inspect(entries, options({ electronBinary: true })), "natives.better-sqlite3")?.detail).toContain("npm run natives:electron");
  });

  it("fails on missing content, packed content or natives, tests, fixtures, source maps and update metadata", () => {
    const entries = stageFromConfig(tmp.dir, target, "40.8.5").filter((e) => e.path !== "resources/models/gate-subword.bin");
    const extra = (path: string, location: ShipEntry["location"] = "asar"): ShipEntry => ({ path, size: 1, location, source: join(tmp.dir, "package.json") });
    const bad = [
      ...entries.map((e) => (e.path.startsWith("skills/") ? { ...e, location: "asar" as const } : e)),
      extra("node_modules/foo/tests/a.js"),
      extra("node_modules/foo/a.spec.js"),
      extra("node_modules/foo/__fixtures__/a.json"),
      extra("out/renderer/assets/index.js.map"),
      extra("app-update.yml", "resources"),
      extra("node_modules/foo/build/foo.node"),
    ];
    const report = inspect(bad, options());
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((c) => c.status === "fail").map((c) => c.name);
    expect(failed).toEqual(expect.arrayContaining(["content.files", "content.unpacked", "natives.unpacked", "no-tests", "no-fixtures", "no-source-maps", "no-auto-update"]));
    expect(status(report, "content.files")?.detail).toContain("resources/models/gate-subword.bin");
  });

  it("compares the fuses read from a built executable with the ones required", () => {
    const entries = stageFromConfig(tmp.dir, target, "40.8.5");
    const expected = { RunAsNode: false, OnlyLoadAppFromAsar: true };
    expect(status(inspect(entries, options({ fuses: { expected, actual: { RunAsNode: false, OnlyLoadAppFromAsar: true } } })), "fuses")).toMatchObject({ status: "ok" });
    expect(status(inspect(entries, options({ fuses: { expected, actual: { RunAsNode: true, OnlyLoadAppFromAsar: true } } })), "fuses")).toMatchObject({ status: "fail", detail: "RunAsNode should be off" });
  });

  it("reports sizes per part and per location", () => {
    const report = inspect(stageFromConfig(tmp.dir, target, "40.8.5"), options());
    expect(report.sizes.byPart["content: bundled models (safety classifier)"]).toBe(500);
    expect(report.sizes.byPart["natives: @node-llama-cpp/linux-x64"]).toBeGreaterThan(0);
    expect(report.sizes.byLocation.unpacked! + report.sizes.byLocation.asar!).toBe(report.sizes.totalBytes);
    expect(Object.keys(report.sizes.largestPackages)).toContain("zod");
  });
});
