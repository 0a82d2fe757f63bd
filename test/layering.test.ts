/**
 * Guards the layers: shared ← engine ← main/cli, renderer only through the contract.
 * Fails on any import that crosses a boundary upward or into the wrong runtime.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
const src = join(root, "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Every module specifier in a file: static imports, re-exports, dynamic imports, import types. */
export function importsOf(code: string): string[] {
  const specs: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']/g,
    /\bexport\s+(?:type\s+)?[^'"`;]*?\s+from\s+["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const p of patterns) for (const m of code.matchAll(p)) specs.push(m[1]!);
  return specs;
}

function layerOf(file: string): string | null {
  const rel = relative(src, file);
  if (rel.startsWith("..")) return null;
  return rel.split(/[\\/]/)[0]!;
}

const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isNodeBuiltin = (spec: string) => nodeBuiltins.has(spec) || spec.startsWith("node:");

/** Which layers each layer may import (relative imports resolved to their layer). */
const ALLOWED: Record<string, string[]> = {
  shared: ["shared"],
  engine: ["shared", "engine"],
  main: ["shared", "engine", "main"],
  cli: ["shared", "engine", "cli"],
  preload: ["shared", "preload"],
  renderer: ["shared", "renderer"],
};

/** Packages that pull in Node, Electron or the engine's runtime and so may not reach the renderer. */
const NODE_ONLY_PACKAGES = /^(electron|better-sqlite3|node-llama-cpp|ws|deepagents|langchain|@langchain\/|gray-matter|yaml|tsx)(\/|$)/;

export function violations(file: string, code: string): string[] {
  const layer = layerOf(file);
  if (!layer || !ALLOWED[layer]) return [];
  const problems: string[] = [];
  for (const spec of importsOf(code)) {
    if (spec.startsWith(".")) {
      const target = layerOf(resolve(dirname(file), spec));
      if (target && !ALLOWED[layer]!.includes(target)) problems.push(`${layer} imports ${target} (${spec})`);
      continue;
    }
    if (spec === "electron" || spec.startsWith("electron/")) {
      if (layer !== "main" && layer !== "preload") problems.push(`${layer} imports electron`);
      continue;
    }
    if (layer === "renderer" || layer === "shared") {
      if (isNodeBuiltin(spec)) problems.push(`${layer} imports Node built-in ${spec}`);
      if (NODE_ONLY_PACKAGES.test(spec)) problems.push(`${layer} imports Node-only package ${spec}`);
    }
    if (layer === "preload" && spec !== "electron") problems.push(`preload imports package ${spec} (must stay dependency-free)`);
  }
  return problems;
}

describe("layering", () => {
  it("finds imports of every form", () => {
    expect(importsOf(`import a from "x"; import type { B } from './y'; export * from "z"; const m = await import("w"); require("v");`)).toEqual(["x", "./y", "z", "w", "v"]);
  });

  it("rejects upward and cross-runtime imports (the checker itself works)", () => {
    expect(violations(join(src, "engine/x.ts"), `import { app } from "electron";`)).toHaveLength(1);
    expect(violations(join(src, "engine/x.ts"), `import { App } from "../renderer/App";`)).toHaveLength(1);
    expect(violations(join(src, "shared/x.ts"), `import { readFileSync } from "node:fs";`)).toHaveLength(1);
    expect(violations(join(src, "renderer/x.ts"), `import { createEngine } from "../engine/engine";`)).toHaveLength(1);
    expect(violations(join(src, "renderer/x.ts"), `import { join } from "path";`)).toHaveLength(1);
    expect(violations(join(src, "renderer/x.ts"), `import Database from "better-sqlite3";`)).toHaveLength(1);
    expect(violations(join(src, "engine/x.ts"), `import { main } from "../main/index";`)).toHaveLength(1);
    expect(violations(join(src, "engine/x.ts"), `import { z } from "zod"; import { x } from "../shared/contract";`)).toHaveLength(0);
  });

  it("holds for every source file", () => {
    const all = files(src).flatMap((f) => violations(f, readFileSync(f, "utf8")).map((v) => `${relative(root, f)}: ${v}`));
    expect(all).toEqual([]);
  });
});
