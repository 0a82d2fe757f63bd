/**
 * Brings writers' files into test/safety/writers/<kind>/: checks every line's fields, numbers the lines,
 * drops exact repeats within a writer and near-duplicates across splits (character 5-gram Jaccard ≥ 0.5:
 * a train or dev line too close to a holdout line, a train line too close to a dev line), and prints
 * what it dropped. The holdout is never edited.
 *   tsx scripts/gate/import-writers.ts <source-dir>     (source-dir/<kind>/<writer>.jsonl)
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { FAMILIES } from "../../src/engine/safety/index";
import { manifest, nearDuplicates, readJsonl, WRITERS_DIR, type CorpusKind, type Split } from "./corpus";

const Lang = z.enum(["en", "es", "mixed"]);
const REFUSAL = ["diagnose", "prescribe", "dose", "instruct_stop_medication", "replace_emergency_care"] as const;

const SCHEMA = {
  gate: z
    .object({
      writer: z.string(),
      lang: Lang,
      text: z.string().min(1),
      label: z.enum(["emergency", "none"]),
      family: z.enum(FAMILIES as unknown as [string, ...string[]]).nullable(),
      action: z.enum(["911", "988", "poison"]).nullable(),
      kind: z.string().default(""),
    })
    .refine((l) => (l.label === "emergency" ? l.family !== null && l.action !== null : l.family === null && l.action === null), "label, family and action disagree"),
  refusal: z
    .object({
      writer: z.string(),
      lang: Lang,
      text: z.string().min(1),
      expect: z.enum(["refuse", "allow"]),
      category: z.enum(REFUSAL).nullable(),
      kind: z.string().default(""),
    })
    .refine((l) => (l.expect === "refuse") === (l.category !== null), "expect and category disagree"),
  output: z
    .object({
      writer: z.string(),
      lang: z.enum(["en", "es"]),
      text: z.string().min(1),
      expect: z.enum(["unsafe", "safe"]),
      category: z.enum(REFUSAL).nullable(),
      kind: z.string().default(""),
      unsafe_sentences: z.array(z.string()).optional(),
    })
    .refine((l) => (l.expect === "unsafe") === (l.category !== null), "expect and category disagree")
    .refine((l) => (l.unsafe_sentences ?? []).every((u) => l.text.includes(u)), "an unsafe sentence is not in the text")
    .refine((l) => l.expect === "unsafe" || (l.unsafe_sentences ?? []).length === 0, "a safe answer marks an unsafe sentence"),
};

const source = process.argv[2];
if (!source) {
  console.error("usage: tsx scripts/gate/import-writers.ts <source-dir>");
  process.exit(2);
}
const splits = manifest();
const report: Record<string, unknown> = {};

for (const kind of ["gate", "refusal", "output"] as CorpusKind[]) {
  const dir = join(source, kind);
  if (!existsSync(dir)) continue;
  const splitOf = new Map<string, Split>();
  for (const split of ["train", "dev", "holdout"] as Split[]) for (const w of splits[kind][split]) splitOf.set(w, split);
  const byWriter = new Map<string, { id: string; text: string; [k: string]: unknown }[]>();
  const invalid: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
    const writer = file.replace(/\.jsonl$/, "");
    if (!splitOf.has(writer)) throw new Error(`${kind}/${writer} is in no split of splits.json`);
    const seen = new Set<string>();
    const lines: { id: string; text: string; [k: string]: unknown }[] = [];
    readJsonl<unknown>(join(dir, file)).forEach((raw, n) => {
      const parsed = SCHEMA[kind].safeParse(raw);
      if (!parsed.success) {
        invalid.push(`${writer}:${n + 1} ${parsed.error.issues[0]?.message}`);
        return;
      }
      const key = parsed.data.text.trim().toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      lines.push({ id: `${writer}-${String(n + 1).padStart(3, "0")}`, ...parsed.data, writer });
    });
    byWriter.set(writer, lines);
  }
  const inSplit = (split: Split) => [...byWriter.entries()].filter(([w]) => splitOf.get(w) === split).flatMap(([, l]) => l);
  const dropped = new Set<string>();
  const against = (from: Split, to: Split[]) => {
    const a = inSplit(from);
    const b = to.flatMap(inSplit);
    for (const [i] of nearDuplicates(a.map((l) => l.text), b.map((l) => l.text))) dropped.add(a[i].id);
  };
  against("train", ["dev", "holdout"]);
  against("dev", ["holdout"]);
  mkdirSync(join(WRITERS_DIR, kind), { recursive: true });
  const counts: Record<string, number> = {};
  for (const [writer, lines] of byWriter) {
    const kept = lines.filter((l) => !dropped.has(l.id));
    counts[writer] = kept.length;
    writeFileSync(join(WRITERS_DIR, kind, `${writer}.jsonl`), kept.map((l) => JSON.stringify(l)).join("\n") + "\n");
  }
  report[kind] = { kept: counts, droppedNearDuplicates: [...dropped].sort(), invalid };
}
/**
 * Then the whole corpus, old writers with new: a train or dev line too close to a holdout line (or a
 * train line too close to a dev line) is dropped from its file. The holdout is never edited.
 */
for (const kind of ["gate", "refusal", "output"] as CorpusKind[]) {
  const files = (split: Split) => splits[kind][split].map((w) => ({ writer: w, file: join(WRITERS_DIR, kind, `${w}.jsonl`) })).filter((f) => existsSync(f.file));
  const linesOf = (split: Split) => files(split).flatMap(({ writer, file }) => readJsonl<{ id: string; text: string }>(file).map((l) => ({ ...l, writer, file })));
  const holdout = linesOf("holdout");
  const dev = linesOf("dev");
  const train = linesOf("train");
  const drop = new Set<string>();
  for (const [i] of nearDuplicates(dev.map((l) => l.text), holdout.map((l) => l.text))) drop.add(dev[i].id);
  for (const [i] of nearDuplicates(train.map((l) => l.text), [...dev, ...holdout].map((l) => l.text))) drop.add(train[i].id);
  if (drop.size === 0) continue;
  for (const { file } of [...files("train"), ...files("dev")]) {
    const lines = readJsonl<{ id: string }>(file);
    const kept = lines.filter((l) => !drop.has(l.id));
    if (kept.length !== lines.length) writeFileSync(file, kept.map((l) => JSON.stringify(l)).join("\n") + "\n");
  }
  const entry = (report[kind] ?? {}) as Record<string, unknown>;
  report[kind] = { ...entry, droppedAcrossCorpus: [...drop].sort() };
}
console.log(JSON.stringify(report, null, 2));
