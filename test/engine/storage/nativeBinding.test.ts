/** Which better-sqlite3 build a process loads: Node's own under Node, a kept-apart Electron build under Electron. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BINDING_ENV,
  chooseSqliteBinding,
  electronBuildTag,
  NativeBindingError,
  sqliteBindingForThisProcess,
  type BindingInput,
} from "../../../src/engine/storage/nativeBinding";
import { openDatabase } from "../../../src/engine/storage/database";
import { buildTag, outputPath } from "../../../scripts/electron-natives.mjs";

const nodeModules = "/app/node_modules";
const devBuild = join(nodeModules, ".carefold-electron", "electron-v40.8.5-linux-x64", "better_sqlite3.node");
const packagedBuild = join("/opt/Carefold/resources", "natives", "better_sqlite3.node");

function input(overrides: Partial<BindingInput> = {}, files: string[] = []): BindingInput {
  return {
    versions: { node: "20.20.2" },
    platform: "linux",
    arch: "x64",
    env: {},
    nodeModulesDir: nodeModules,
    exists: (p) => files.includes(p),
    ...overrides,
  };
}
const electron = { node: "22.0.0", electron: "40.8.5" };

describe("better-sqlite3 binding choice", () => {
  it("uses the default (Node-ABI) build under plain Node, whatever files exist", () => {
    expect(chooseSqliteBinding(input({}, [devBuild, packagedBuild]))).toEqual({ kind: "node" });
  });

  it("under Electron in development, loads the build made at install time for this Electron version", () => {
    const choice = chooseSqliteBinding(input({ versions: electron, resourcesPath: "/app/node_modules/electron/dist/resources" }, [devBuild]));
    expect(choice).toEqual({ kind: "electron", path: devBuild, source: "development" });
  });

  it("in an installed app, loads the build shipped in resources/natives first", () => {
    const choice = chooseSqliteBinding(input({ versions: electron, resourcesPath: "/opt/Carefold/resources" }, [devBuild, packagedBuild]));
    expect(choice).toEqual({ kind: "electron", path: packagedBuild, source: "packaged" });
  });

  it("keys the development build by Electron version, platform and arch", () => {
    const other = { ...electron, electron: "41.0.0" };
    expect(() => chooseSqliteBinding(input({ versions: other }, [devBuild]))).toThrow(NativeBindingError);
    expect(() => chooseSqliteBinding(input({ versions: electron, arch: "arm64" }, [devBuild]))).toThrow(/linux-arm64/);
  });

  it("without an Electron build, fails with a message that names the fix and where it looked", () => {
    const run = () => chooseSqliteBinding(input({ versions: electron }));
    expect(run).toThrow(NativeBindingError);
    expect(run).toThrow(/npm run natives:electron/);
    expect(run).toThrow(/ELECTRON_SKIP_BINARY_DOWNLOAD=1/);
    expect(run).toThrow(devBuild);
  });

  it("honours an explicit binding path, and refuses one that does not exist", () => {
    expect(chooseSqliteBinding(input({ versions: electron, env: { [BINDING_ENV]: "/x/b.node" } }, ["/x/b.node"]))).toEqual({ kind: "electron", path: "/x/b.node", source: "env" });
    expect(() => chooseSqliteBinding(input({ env: { [BINDING_ENV]: "/missing.node" } }))).toThrow(/does not exist/);
  });

  it("agrees with the install script on where the Electron build goes", () => {
    expect(buildTag("40.8.5", "linux", "x64")).toBe(electronBuildTag("40.8.5", "linux", "x64"));
    expect(outputPath("40.8.5", "linux", "x64", nodeModules)).toBe(devBuild);
  });

  it("this test process is plain Node: the Node build, which opens a database", () => {
    expect(sqliteBindingForThisProcess()).toEqual({ kind: "node" });
    const db = openDatabase(":memory:");
    expect(db.prepare("SELECT sqlite_version() AS v").get()).toMatchObject({ v: expect.any(String) });
    db.close();
  });
});
