/**
 * `npm run bench:holdout [-- --split dev|holdout|train]`: the gate, the input refusal gate and the
 * output guard scored on one split of the writers' corpora (test/safety/writers). Prints figures only,
 * never the texts it missed: reading holdout misses would turn the holdout into tuning data.
 */
import { resolve } from "node:path";
import { loadOutputClassifier, loadRefusalClassifier, loadSemanticGate } from "../src/engine/safety/index";
import { manifest, type Split } from "../scripts/gate/corpus";
import { scoreGate, scoreOutput, scoreRefusal } from "../scripts/gate/score";

const args = process.argv.slice(2);
const split = (args.includes("--split") ? args[args.indexOf("--split") + 1] : "holdout") as Split;
if (!["train", "dev", "holdout"].includes(split)) {
  console.error("--split must be train, dev or holdout");
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..");
const semantic = loadSemanticGate(root);
const refusal = loadRefusalClassifier(root);
const writers = manifest();
const started = performance.now();
const out = {
  split,
  writers: { gate: writers.gate[split], refusal: writers.refusal[split], output: writers.output[split] },
  gate: scoreGate(split, semantic),
  refusal: writers.refusal[split].length ? scoreRefusal(split, refusal) : null,
  output: writers.output[split].length ? scoreOutput(split, loadOutputClassifier(root)) : null,
  seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
};
console.log(JSON.stringify(out, null, 1));
