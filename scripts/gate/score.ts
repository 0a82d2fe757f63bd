/**
 * Figures for a split of the writers' corpora: sensitivity (with its Wilson 95 % lower bound),
 * specificity, per language and per family, for the rules alone, the semantic layer alone and their
 * union; wrong actions are counted too. Returns numbers only, never the texts of misses, so the sealed
 * holdout can be scored without being read.
 */
import { checkRefusal, createEmergencyGate, createOutputGuard, createRefusalGate, INTRO_REACH, outputContext, splitSentences, type RefusalClassifier, type SemanticGate } from "../../src/engine/safety/index";
import { rulesWithhold, withReleased } from "../../src/engine/safety/outputGuard";
import { load, wilson, type GateLine, type Split } from "./corpus";

export interface Rate {
  n: number;
  hit: number;
  rate: number;
  wilsonLow: number;
}

function rate(hit: number, n: number): Rate {
  return { n, hit, rate: n ? Number((hit / n).toFixed(4)) : 0, wilsonLow: Number(wilson(hit, n).low.toFixed(4)) };
}

export interface LayerFigures {
  sensitivity: Rate;
  specificity: Rate;
  byLanguage: Record<string, { sensitivity: Rate; specificity: Rate }>;
  byFamily: Record<string, Rate>;
  /** Emergencies caught with a different action than the label (a wrong number is a harm too). */
  wrongAction: number;
}

type Layer = "rules" | "semantic" | "union";

export function scoreGate(split: Split, semantic: SemanticGate): Record<Layer, LayerFigures> {
  const lines = load("gate", split);
  const rulesOnly = createEmergencyGate({ semantic: null });
  const union = createEmergencyGate({ semantic });
  const decisions = lines.map((l) => {
    const r = rulesOnly.detect(l.text);
    const s = semantic.classify(l.text);
    const u = union.detect(l.text);
    return {
      line: l,
      rules: { emergency: r.emergency, action: r.action },
      semantic: { emergency: s.emergency, action: s.action },
      union: { emergency: u.emergency, action: u.action },
    };
  });
  const figures = (layer: Layer): LayerFigures => {
    const of = (subset: typeof decisions) => {
      const pos = subset.filter((d) => d.line.label === "emergency");
      const neg = subset.filter((d) => d.line.label === "none");
      return {
        sensitivity: rate(pos.filter((d) => d[layer].emergency).length, pos.length),
        specificity: rate(neg.filter((d) => !d[layer].emergency).length, neg.length),
      };
    };
    const langOf = (l: GateLine) => (l.lang === "mixed" ? "es" : l.lang);
    const byLanguage: LayerFigures["byLanguage"] = {};
    for (const lang of ["en", "es"]) byLanguage[lang] = of(decisions.filter((d) => langOf(d.line) === lang));
    const byFamily: Record<string, Rate> = {};
    for (const family of [...new Set(lines.map((l) => l.family).filter((f): f is string => f !== null))].sort()) {
      const pos = decisions.filter((d) => d.line.family === family);
      byFamily[family] = rate(pos.filter((d) => d[layer].emergency).length, pos.length);
    }
    const wrongAction = decisions.filter((d) => d.line.label === "emergency" && d[layer].emergency && d[layer].action !== d.line.action).length;
    return { ...of(decisions), byLanguage, byFamily, wrongAction };
  };
  return { rules: figures("rules"), semantic: figures("semantic"), union: figures("union") };
}

export interface BinaryFigures {
  /** Must-refuse (input) or unsafe (output) caught. */
  recall: Rate;
  /** Must-allow (input) or safe (output) let through. */
  allowed: Rate;
  byLanguage: Record<string, { recall: Rate; allowed: Rate }>;
  byCategory: Record<string, Rate>;
}

function binary<T extends { lang: string; category: string | null }>(lines: T[], positive: (l: T) => boolean, flagged: (l: T) => boolean): BinaryFigures {
  const of = (subset: T[]) => ({
    recall: rate(subset.filter((l) => positive(l) && flagged(l)).length, subset.filter(positive).length),
    allowed: rate(subset.filter((l) => !positive(l) && !flagged(l)).length, subset.filter((l) => !positive(l)).length),
  });
  const byLanguage: BinaryFigures["byLanguage"] = {};
  for (const lang of ["en", "es"]) byLanguage[lang] = of(lines.filter((l) => (l.lang === "mixed" ? "es" : l.lang) === lang));
  const byCategory: Record<string, Rate> = {};
  for (const c of [...new Set(lines.map((l) => l.category).filter((x): x is string => x !== null))].sort()) {
    const pos = lines.filter((l) => l.category === c);
    byCategory[c] = rate(pos.filter(flagged).length, pos.length);
  }
  return { ...of(lines), byLanguage, byCategory };
}

/** The input refusal gate on the refusal writers' split: the rules alone, the classifier alone, their union. */
export function scoreRefusal(split: Split, semantic: RefusalClassifier): Record<Layer, BinaryFigures> {
  const lines = load("refusal", split);
  const union = createRefusalGate({ semantic });
  const decided = new Map(
    lines.map((l) => [l, { rules: checkRefusal(l.text, { direction: "input" }).refuse, semantic: semantic.classify(l.text).refuse, union: union.check(l.text, { direction: "input" }).refuse }]),
  );
  const of = (layer: Layer) =>
    binary(
      lines,
      (l) => l.expect === "refuse",
      (l) => decided.get(l)![layer],
    );
  return { rules: of("rules"), semantic: of("semantic"), union: of("union") };
}

/**
 * Streams each answer through the output guard in 16-character chunks, as the lifecycle does: the rules
 * alone (`semantic` null) or rules ∪ the output classifier.
 */
export function guardBlocks(text: string, language: "en" | "es", semantic: RefusalClassifier | null = null): boolean {
  const guard = createOutputGuard({ language, semantic });
  for (let i = 0; i < text.length && !guard.blocked; i += 16) guard.push(text.slice(i, i + 16));
  if (!guard.blocked) guard.end();
  return guard.blocked !== null;
}

/**
 * An answer cut as the streaming guard cuts it: each readable sentence with its classifier window and,
 * when `rules` is on, whether the guard's rules withhold it (the same checks, with the same context).
 */
export function rulesTrace(text: string, language: "en" | "es", rules = true): { start: number; end: number; sentence: string; context: string; rules: boolean }[] {
  const sentences = splitSentences(text);
  const out: { start: number; end: number; sentence: string; context: string; rules: boolean }[] = [];
  let shown = "";
  sentences.forEach((s, i) => {
    const previous = i > 0 ? sentences[i - 1].text : "";
    const context = outputContext(sentences.slice(Math.max(0, i - INTRO_REACH), i).map((x) => x.text));
    const hit = rules && rulesWithhold(s.text, previous, shown, language);
    shown = withReleased(shown, s.text);
    if (/[\p{L}\p{N}]/u.test(s.text)) out.push({ start: s.start, end: s.end, sentence: s.text, context, rules: hit });
  });
  return out;
}

/** The classifier alone: any of the answer's sentences, read as the guard reads it, flagged. */
function classifierBlocks(text: string, semantic: RefusalClassifier): boolean {
  return rulesTrace(text, "en", false).some((s) => semantic.classify(s.sentence, s.context).refuse);
}

/** The streaming output guard on the output writers' split: the rules alone, the classifier alone, their union. */
export function scoreOutput(split: Split, semantic: RefusalClassifier): Record<Layer, BinaryFigures> {
  const lines = load("output", split);
  const decided = new Map(lines.map((l) => [l, { rules: guardBlocks(l.text, l.lang), semantic: classifierBlocks(l.text, semantic), union: guardBlocks(l.text, l.lang, semantic) }]));
  const of = (layer: Layer) =>
    binary(
      lines,
      (l) => l.expect === "unsafe",
      (l) => decided.get(l)![layer],
    );
  return { rules: of("rules"), semantic: of("semantic"), union: of("union") };
}
