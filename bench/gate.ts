/**
 * Safety gate benchmark (`npm run bench:gate`): the full deterministic decision a user message gets
 * (normalization + emergency gate + input refusal gate) for short messages (the labeled corpus, each
 * ≤ 300 characters), 2 KB messages and 200 KB messages (corpus sentences buried in routine pasted
 * text), plus throughput and a set of pathological inputs. Also the output side: the output refusal
 * check on every skill template line (what a model repeats), and whole ~2 KB answers streamed through
 * the output guard in 16-character chunks. Prints one JSON object.
 * Targets: p99 < 1 ms at 2 KB, < 30 ms at 200 KB (rules input decision). `layers` times the rules, the
 * semantic layer and their union (the engine's decision) alone; targets p99 ≤ 25 ms at 2 KB and
 * ≤ 150 ms at 200 KB, load < 1.5 s, ≤ 200 MB extra memory.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { checkRefusal, createEmergencyGate, createOutputGuard, createRefusalGate, detectEmergency, loadOutputClassifier, loadRefusalClassifier, loadSemanticGate } from "../src/engine/safety/index";

const ROOT = resolve(import.meta.dirname, "..");

function corpus(file: string): string[] {
  return readFileSync(resolve(ROOT, "test/safety/corpus", file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { text: string }).text);
}

const ROUTINE = [
  "Hi, I'm organizing my mom's paperwork before her appointments next month.",
  "She sees a cardiologist, a kidney doctor and her primary care doctor, and I keep losing track of which lab results go where.",
  "Her insurance changed in January, so some claims from last year were processed twice.",
  "The explanation of benefits says we owe $1,500 even though the hospital says the balance is zero.",
  "She takes 500 mg of metformin twice a day, a blood pressure pill in the morning and a statin at night.",
  "Her last readings were 128/82 and 134/85, and her A1C was 6.8 %.",
  "I'd like a checklist for each visit and a short note to the billing office.",
  "Mi papá toma su pastilla de la presión por la mañana y quiero una lista de preguntas para su cita.",
];

/** Routine text of about `size` characters with `insert` placed at a fraction of the way through. */
function build(size: number, insert: string, at: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size - insert.length; i++) {
    const s = ROUTINE[i % ROUTINE.length] + " ";
    parts.push(s);
    length += s.length;
  }
  const cut = Math.floor(parts.length * at);
  parts.splice(cut, 0, insert + " ");
  return parts.join("");
}

function decide(text: string): boolean {
  const e = detectEmergency(text);
  if (e.emergency) return true;
  return checkRefusal(text, { direction: "input" }).refuse;
}

interface Stats {
  messages: number;
  meanChars: number;
  /** Wall time of every decision, as measured. */
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  messagesPerSecond: number;
  /** Process CPU time per decision (user + system; includes GC threads). */
  cpuMeanMs: number;
  /**
   * Per message, the fastest of its rounds, then the median / p99 over messages. On a shared machine
   * this filters out time the process spent descheduled; `p99Ms` above is the unfiltered figure.
   */
  bestOfRounds: { medianMs: number; p99Ms: number };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/** Every non-empty line of the skills' SKILL.md files and references: the text a model repeats. */
function skillLines(): string[] {
  const dir = resolve(ROOT, "skills");
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const skill of readdirSync(dir)) {
    if (existsSync(resolve(dir, skill, "SKILL.md"))) files.push(resolve(dir, skill, "SKILL.md"));
    const refs = resolve(dir, skill, "references");
    if (existsSync(refs)) for (const f of readdirSync(refs)) if (f.endsWith(".md")) files.push(resolve(refs, f));
  }
  return files.flatMap((f) => readFileSync(f, "utf8").split("\n")).filter((l) => l.trim().length > 0);
}

/** Lines joined into answers of about 2 KB, as a model would stream them. */
function answers(lines: string[], size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const l of lines) {
    current += l + "\n";
    if (current.length >= size) {
      out.push(current);
      current = "";
    }
  }
  return out;
}

function checkOutput(text: string): boolean {
  return checkRefusal(text, { direction: "output" }).refuse;
}

function streamAnswer(text: string): boolean {
  const guard = createOutputGuard({ semantic: outputClassifier });
  for (let i = 0; i < text.length; i += 16) guard.push(text.slice(i, i + 16));
  guard.end();
  return guard.blocked !== null;
}

function streamAnswerRules(text: string): boolean {
  const guard = createOutputGuard();
  for (let i = 0; i < text.length; i += 16) guard.push(text.slice(i, i + 16));
  guard.end();
  return guard.blocked !== null;
}

function measure(texts: string[], rounds: number, run: (text: string) => boolean = decide): Stats {
  for (const t of texts.slice(0, 50)) run(t); // warm-up: compile regexes, JIT
  const times: number[] = [];
  const best = new Array<number>(texts.length).fill(Infinity);
  let total = 0;
  const cpuBefore = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    texts.forEach((t, i) => {
      const started = process.hrtime.bigint();
      run(t);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      times.push(ms);
      best[i] = Math.min(best[i], ms);
      total += ms;
    });
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  best.sort((a, b) => a - b);
  return {
    messages: times.length,
    meanChars: Math.round(texts.reduce((s, t) => s + t.length, 0) / texts.length),
    medianMs: round3(percentile(times, 0.5)),
    p99Ms: round3(percentile(times, 0.99)),
    maxMs: round3(times[times.length - 1]),
    messagesPerSecond: Math.round((times.length / total) * 1000),
    cpuMeanMs: round3((cpu.user + cpu.system) / 1000 / times.length),
    bestOfRounds: { medianMs: round3(percentile(best, 0.5)), p99Ms: round3(percentile(best, 0.99)) },
  };
}

const all = [...corpus("emergency.en.jsonl"), ...corpus("emergency.es.jsonl"), ...corpus("negative.en.jsonl"), ...corpus("negative.es.jsonl")];
const short = all.filter((t) => t.length <= 300);
const kb2 = short.map((t, i) => build(2_048, t, (i % 5) / 4));
const kb200 = short.filter((_, i) => i % 8 === 0).map((t, i) => build(200 * 1024, t, (i % 5) / 4));
const outputLines = skillLines();
const outputAnswers = answers(outputLines, 2_048);

const pathological: Record<string, string> = {
  repeatedLetter: "a".repeat(200_000),
  repeatedAnchorWord: "chest ".repeat(34_000),
  negationFlood: "no ".repeat(68_000) + "throat closing",
  spacedLetters: "s u i c i d e ".repeat(14_600),
  digits: "1".repeat(200_000),
  punctuation: "!!!???...".repeat(22_000),
  zeroWidth: "\u200b".repeat(200_000) + "can't breathe",
  nearMisses: "bleeding won't won't won't ".repeat(7_500),
  oneLongWord: "x".repeat(100_000) + " " + "y".repeat(100_000),
};

function time(text: string): number {
  const started = process.hrtime.bigint();
  decide(text);
  return round3(Number(process.hrtime.bigint() - started) / 1e6);
}

// The semantic layer: load time and memory, then each layer alone and the union the engine runs.
const rssBefore = process.memoryUsage().rss;
const loadStarted = performance.now();
const semantic = loadSemanticGate(ROOT);
const refusalClassifier = loadRefusalClassifier(ROOT);
const outputClassifier = loadOutputClassifier(ROOT);
const loadMs = round3(performance.now() - loadStarted);
semantic.classify("warm up");
refusalClassifier.classify("warm up");
const extraRssMb = Math.round((process.memoryUsage().rss - rssBefore) / 1024 / 1024);
const union = createEmergencyGate({ semantic });
const refusals = createRefusalGate({ semantic: refusalClassifier });
const engineDecision = (t: string) => union.detect(t).emergency || refusals.check(t, { direction: "input" }).refuse;
const layers = {
  loadMs,
  extraRssMb,
  rules: { short: measure(short, 10, (t) => detectEmergency(t).emergency), kb2: measure(kb2, 5, (t) => detectEmergency(t).emergency), kb200: measure(kb200, 3, (t) => detectEmergency(t).emergency) },
  semantic: { short: measure(short, 10, (t) => semantic.classify(t).emergency), kb2: measure(kb2, 5, (t) => semantic.classify(t).emergency), kb200: measure(kb200, 3, (t) => semantic.classify(t).emergency) },
  refusalClassifier: {
    short: measure(short, 10, (t) => refusalClassifier.classify(t).refuse),
    kb2: measure(kb2, 5, (t) => refusalClassifier.classify(t).refuse),
    kb200: measure(kb200, 3, (t) => refusalClassifier.classify(t).refuse),
  },
  union: {
    decision: "emergency rules ∪ semantic, then input refusal rules ∪ refusal classifier (what the gate phase runs)",
    short: measure(short, 10, engineDecision),
    kb2: measure(kb2, 5, engineDecision),
    kb200: measure(kb200, 3, engineDecision),
  },
  targets: { loadMs: 1500, extraRssMb: 200, kb2P99Ms: 25, kb200P99Ms: 150 },
};

const result = {
  machine: { cpus: cpus().length, parallelism: availableParallelism(), model: cpus()[0]?.model ?? "?", load1: loadavg()[0] },
  decision: "normalize + detectEmergency + checkRefusal(input)",
  short: measure(short, 20),
  kb2: measure(kb2, 10),
  kb200: measure(kb200, 5),
  pathologicalMs: Object.fromEntries(Object.entries(pathological).map(([k, v]) => [k, time(v)])),
  output: {
    decision: "checkRefusal(output) per skill line; createOutputGuard (rules ∪ output classifier, and rules only) over ~2 KB answers in 16-char chunks",
    skillLine: outputLines.length > 0 ? measure(outputLines, 5, checkOutput) : null,
    skillLinesStopped: outputLines.filter(checkOutput).length,
    answer2kb: outputAnswers.length > 0 ? measure(outputAnswers, 5, streamAnswer) : null,
    answer2kbRulesOnly: outputAnswers.length > 0 ? measure(outputAnswers, 5, streamAnswerRules) : null,
  },
  targets: { kb2P99Ms: 1, kb200P99Ms: 30 },
  layers,
};
const verdict = {
  kb2P99Met: result.kb2.p99Ms < 1,
  kb200P99Met: result.kb200.p99Ms < 30,
  kb2BestOfRoundsP99Met: result.kb2.bestOfRounds.p99Ms < 1,
  kb200BestOfRoundsP99Met: result.kb200.bestOfRounds.p99Ms < 30,
  unionKb2P99Met: layers.union.kb2.p99Ms <= 25,
  unionKb200P99Met: layers.union.kb200.p99Ms <= 150,
  loadMet: loadMs < 1500,
  memoryMet: extraRssMb <= 200,
};
console.log(JSON.stringify({ ...result, verdict }, null, 2));
