/**
 * The writers' corpora (test/safety/writers): messages written by independent writers who were given a
 * voice brief and the family or category list, never the rules, the code or each other's output.
 * Split by writer in `splits.json`, decided before any tuning: train, dev (thresholds) and a sealed
 * holdout that only the scoring test and bench read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const WRITERS_DIR = resolve(import.meta.dirname, "../../test/safety/writers");

export type Split = "train" | "dev" | "holdout";
export type CorpusKind = "gate" | "refusal" | "output";

export interface GateLine {
  id: string;
  writer: string;
  lang: "en" | "es" | "mixed";
  text: string;
  label: "emergency" | "none";
  family: string | null;
  action: "911" | "988" | "poison" | null;
  kind: string;
}

export interface RefusalLine {
  id: string;
  writer: string;
  lang: "en" | "es" | "mixed";
  text: string;
  expect: "refuse" | "allow";
  category: string | null;
  kind: string;
}

export interface OutputLine {
  id: string;
  writer: string;
  lang: "en" | "es";
  text: string;
  expect: "unsafe" | "safe";
  category: string | null;
  kind: string;
  /** The unsafe sentences, copied by the writer from `text` (writers from output round 2 on). */
  unsafe_sentences?: string[];
}

interface LineOf {
  gate: GateLine;
  refusal: RefusalLine;
  output: OutputLine;
}

export interface SplitManifest {
  note: string;
  gate: Record<Split, string[]>;
  refusal: Record<Split, string[]>;
  output: Record<Split, string[]>;
}

export function manifest(): SplitManifest {
  return JSON.parse(readFileSync(join(WRITERS_DIR, "splits.json"), "utf8")) as SplitManifest;
}

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as T);
}

/** The lines of one corpus kind and split, writer by writer in manifest order. */
export function load<K extends CorpusKind>(kind: K, split: Split): LineOf[K][] {
  return manifest()[kind][split].flatMap((writer) => readJsonl<LineOf[K]>(join(WRITERS_DIR, kind, `${writer}.jsonl`)));
}

/** "family:action" for an emergency, "none" otherwise: the classifier's class. */
export function gateClass(line: Pick<GateLine, "label" | "family" | "action">): string {
  return line.label === "emergency" && line.family && line.action ? `${line.family}:${line.action}` : "none";
}

// ---------- leakage ----------

function grams(text: string, n = 5): Set<string> {
  const s = ` ${text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim()} `;
  const out = new Set<string>();
  for (let i = 0; i + n <= s.length; i++) out.add(s.slice(i, i + n));
  return out;
}

/**
 * Pairs (a, b) with character 5-gram Jaccard ≥ `threshold`, found through an inverted index that skips
 * grams shared by very many texts (they cannot make two texts near-duplicates on their own).
 */
export function nearDuplicates(a: readonly string[], b: readonly string[], threshold = 0.5): [number, number, number][] {
  const gb = b.map((t) => grams(t));
  const index = new Map<string, number[]>();
  gb.forEach((set, j) => {
    for (const g of set) {
      const list = index.get(g);
      if (list) list.push(j);
      else index.set(g, [j]);
    }
  });
  const common = Math.max(50, Math.floor(b.length / 10));
  const pairs: [number, number, number][] = [];
  a.forEach((text, i) => {
    const ga = grams(text);
    const shared = new Map<number, number>();
    for (const g of ga) {
      const list = index.get(g);
      if (!list || list.length > common) continue;
      for (const j of list) shared.set(j, (shared.get(j) ?? 0) + 1);
    }
    for (const [j, rare] of shared) {
      if (rare < 0.3 * Math.min(ga.size, gb[j].size)) continue;
      let inter = 0;
      for (const g of ga) if (gb[j].has(g)) inter++;
      const jaccard = inter / (ga.size + gb[j].size - inter);
      if (jaccard >= threshold) pairs.push([i, j, jaccard]);
    }
  });
  return pairs;
}

// ---------- figures ----------

/** Wilson score interval, 95 %. */
export function wilson(successes: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const denom = 1 + (z * z) / n;
  const centre = p + (z * z) / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { low: (centre - margin) / denom, high: (centre + margin) / denom };
}

/** The markdown files under `dir`, depth first, in a fixed (code-unit) order. */
export function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(path));
    else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out;
}
