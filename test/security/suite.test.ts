/**
 * The security suite as a whole: at least 150 distinct named attacks across every family, each saying
 * its surface, payload and safe outcome. The per-family test files run them; this prints the count.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FAMILIES, type Family, type FamilyTable } from "./attack";

async function allTables(): Promise<FamilyTable<unknown>[]> {
  const dir = join(__dirname, "families");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
  const modules = await Promise.all(files.map((f) => import(join(dir, f)) as Promise<{ tables?: FamilyTable<unknown>[] }>));
  return modules.flatMap((m) => m.tables ?? []);
}

describe("the security suite", () => {
  it("has at least 150 distinct named attacks, every family covered, each with surface, payload and expected outcome", async () => {
    const tables = await allTables();
    const attacks = tables.flatMap((t) => t.attacks.map((a) => ({ ...a, family: t.family })));
    const names = attacks.map((a) => a.name);
    expect(new Set(names).size, "attack names are unique").toBe(names.length);
    for (const a of attacks) {
      expect(a.name, "kebab-case name").toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.surface.length, `${a.name}: surface`).toBeGreaterThan(2);
      expect(a.payload.length, `${a.name}: payload`).toBeGreaterThan(2);
      expect(a.expected.length, `${a.name}: expected`).toBeGreaterThan(5);
    }
    const counts = Object.fromEntries(Object.keys(FAMILIES).map((f) => [f, 0])) as Record<Family, number>;
    for (const a of attacks) counts[a.family]++;
    const width = Math.max(...Object.keys(counts).map((f) => f.length));
    const table = Object.entries(counts).map(([f, n]) => `  ${f.padEnd(width)}  ${String(n).padStart(3)}`);
    console.log(`Security suite: ${attacks.length} attacks\n${table.join("\n")}`);
    for (const [f, n] of Object.entries(counts)) expect(n, `family ${f} has attacks`).toBeGreaterThan(0);
    expect(attacks.length).toBeGreaterThanOrEqual(150);
  });
});
