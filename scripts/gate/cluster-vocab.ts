/**
 * The vocabulary the word clusters are built over (scripts/gate/build-clusters.py), one folded word a
 * line, sorted: the words of the writers' train and dev text (never the holdout), the shipped skills and
 * agents, the word-class lexicon, and the lower-case words of SCOWL's American English list (Debian
 * package wamerican-large, /usr/share/dict/american-english-large), folded as the classifier folds text.
 *   npx tsx scripts/gate/cluster-vocab.ts [wordlist] > vocab.txt
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { prepareText } from "../../src/engine/safety/semantic/features";
import { load, markdownFiles } from "./corpus";

const ROOT = resolve(import.meta.dirname, "../..");
const wordlist = process.argv[2] ?? "/usr/share/dict/american-english-large";
const words = new Set<string>();
const add = (text: string): void => {
  for (const u of prepareText(text).units) for (const w of u.words) if (w.length > 1 && !/^\d+$/.test(w)) words.add(w);
};

for (const kind of ["output", "refusal", "gate"] as const) for (const split of ["train", "dev"] as const) for (const line of load(kind, split)) add(line.text);
for (const file of [...markdownFiles(join(ROOT, "skills")), ...markdownFiles(join(ROOT, "agents"))]) add(readFileSync(file, "utf8"));
add(readFileSync(join(ROOT, "src/engine/safety/semantic/lexicon.ts"), "utf8"));
for (const line of readFileSync(wordlist, "utf8").split("\n")) if (/^[a-z]+$/.test(line)) add(line);
process.stdout.write([...words].sort().join("\n") + "\n");
