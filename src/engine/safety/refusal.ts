/**
 * The refusal gate (safety.md §2), for user input and for model output. Deterministic: normalized
 * text, anchored patterns, sentence-scoped allow rules for legitimate navigation. A refusal is kind and
 * says what Carefold can do instead.
 */
import { originalSpan, type TextSpan } from "./normalize";
import { anchorsOf, compilePattern, compileSource } from "./pattern";
import { ALLOW_RULES } from "./refusalAllow";
import { REFUSAL_RULES, type Direction, type RefusalCategory } from "./refusalRules";
import { matchAnchored, prepare, registerAnchor } from "./prepare";
import { rangeIndex } from "./segment";

export type { Direction, RefusalCategory } from "./refusalRules";

export interface RefusalDecision {
  refuse: boolean;
  category: RefusalCategory | null;
  rule: string | null;
  /** Offsets into the original text. */
  span: TextSpan | null;
  message: string | null;
}

export interface RefusalOptions {
  direction: Direction;
  /** Language of the refusal message; defaults to the language of the matched words. */
  language?: "en" | "es";
  /**
   * Output only: the text already shown before this piece (the output guard's released text). It is read
   * for quotes, quoted list intros and table headers; a refused phrase wholly inside it is not reported.
   */
  context?: string;
}

export const NO_REFUSAL: RefusalDecision = Object.freeze({ refuse: false, category: null, rule: null, span: null, message: null });

export const REFUSAL_MESSAGES: Readonly<Record<"en" | "es", Readonly<Record<RefusalCategory, string>>>> = {
  en: {
    diagnose:
      "I can't tell you whether you have a condition. Only a clinician who can examine you can do that, and you deserve a real answer. What I can do is help you write down your symptoms, when they started and what you want to ask, so you get the most out of your visit.",
    prescribe:
      "I can't choose a medicine for you. Your doctor or pharmacist can, because they know your health history. I can help you list your symptoms and the medicines you already take, and write questions to ask them about your options.",
    dose:
      "I can't tell you how much of a medicine to take or give. Your prescriber or pharmacist can answer that, often the same day. I can help you write down the question, the doses you were told to take and what happened, or make a log to bring with you.",
    instruct_stop_medication:
      "I can't tell you to stop, skip, change or double a medicine. That decision needs your prescriber, who knows why it was prescribed, and some medicines are risky to stop suddenly. I can help you write down what worries you about it and questions to ask them soon.",
    replace_emergency_care:
      "I can't tell you whether it is safe to wait or skip emergency care. If you think this might be an emergency, call your local emergency number now. I can help you get ready for a follow-up visit afterwards.",
  },
  es: {
    diagnose:
      "No puedo decirle si tiene una enfermedad. Solo un profesional de salud que pueda examinarle puede hacerlo, y usted merece una respuesta real. Lo que sí puedo hacer es ayudarle a anotar sus síntomas, cuándo empezaron y lo que quiere preguntar, para aprovechar su cita.",
    prescribe:
      "No puedo elegir un medicamento por usted. Su médico o farmacéutico sí puede, porque conoce su historial. Puedo ayudarle a anotar sus síntomas y los medicamentos que ya toma, y a escribir preguntas sobre sus opciones.",
    dose:
      "No puedo decirle cuánto medicamento tomar o dar. Quien se lo recetó o su farmacéutico pueden responderle, muchas veces el mismo día. Puedo ayudarle a escribir la pregunta, las dosis que le indicaron y lo que pasó, o hacer un registro para llevar.",
    instruct_stop_medication:
      "No puedo decirle que deje, se salte, cambie o duplique un medicamento. Esa decisión es de quien se lo recetó, que sabe por qué lo necesita, y algunos medicamentos son peligrosos de suspender de golpe. Puedo ayudarle a anotar lo que le preocupa y preguntas para hacerle pronto.",
    replace_emergency_care:
      "No puedo decirle si es seguro esperar o no ir a emergencias. Si cree que puede ser una emergencia, llame ahora a su número local de emergencias. Puedo ayudarle a prepararse para una cita de seguimiento después.",
  },
};

/** Most serious first: when several categories match, the gravest is the one reported. */
const CATEGORY_RANK: Record<RefusalCategory, number> = {
  replace_emergency_care: 5,
  instruct_stop_medication: 4,
  dose: 3,
  prescribe: 2,
  diagnose: 1,
};

interface Matcher {
  rule: string;
  category: RefusalCategory;
  language: "en" | "es";
  re: RegExp;
}

/** Channels of the shared anchor index (./prepare); the emergency gate is 0. */
const GATES: Record<Direction, number> = { input: 1, output: 2 };

function build(direction: Direction): { matchers: Matcher[] } {
  const matchers: Matcher[] = [];
  for (const rule of REFUSAL_RULES) {
    if (rule.direction !== direction) continue;
    for (const language of ["en", "es"] as const) {
      for (const pattern of rule[language] ?? []) {
        const id = matchers.length;
        matchers.push({ rule: rule.id, category: rule.category, language, re: compilePattern(pattern) });
        for (const anchor of anchorsOf(pattern)) registerAnchor(GATES[direction], anchor, id);
      }
    }
  }
  return { matchers };
}

const COMPILED: Record<Direction, ReturnType<typeof build>> = { input: build("input"), output: build("output") };

/** Allow patterns match anywhere (not anchored), starting at a word boundary. */
function allowRegex(patterns: readonly string[]): RegExp | null {
  if (patterns.length === 0) return null;
  return new RegExp(`(?<![a-z0-9'])(?:${patterns.map(compileSource).join("|")})`);
}

/** One compiled allow test: where it looks, how far it reaches, and whether it needs a question. */
interface AllowTest {
  where: "before" | "after";
  scope: "sentence" | "clause";
  question: boolean;
  re: RegExp;
}

/** Per direction and category, the allow tests that may excuse a refused phrase of that category. */
function buildAllow(direction: Direction): Record<RefusalCategory, AllowTest[]> {
  const out: Record<RefusalCategory, AllowTest[]> = { diagnose: [], prescribe: [], dose: [], instruct_stop_medication: [], replace_emergency_care: [] };
  for (const rule of ALLOW_RULES[direction]) {
    const re = allowRegex([...(rule.en ?? []), ...(rule.es ?? [])]);
    if (!re) continue;
    for (const category of rule.only) out[category].push({ where: rule.where, scope: rule.scope, question: rule.question === true, re });
  }
  return out;
}

const ALLOW: Record<Direction, Record<RefusalCategory, AllowTest[]>> = { input: buildAllow("input"), output: buildAllow("output") };

/** The sentence ends with a question mark (after its last word, before the next sentence). */
function endsWithQuestion(t: string, sEnd: number): boolean {
  let i = sEnd - 1;
  while (i >= 0 && !/[a-z0-9']/.test(t[i])) {
    if (t[i] === "?") return true;
    i--;
  }
  return false;
}

interface Hit {
  m: Matcher;
  start: number;
  end: number;
}

/** List items, checkboxes, numbered steps and table rows: lines that an intro line above can frame. */
const ITEM_LINE = /^[ \t]*([-*+\u2022][ \t]|\d{1,2}[.)][ \t]|\|)/;
/** A line set in bold ("**Take 1 tablet…**", "**Directions:** …"): part of the block an intro above frames. */
const BOLD_LINE = /^[ \t]*\*\*/;
/** An intro that announces quoted material: a label, a list, a clinician's instructions, what the user said. */
const SOURCE_INTRO =
  /(?<![a-z])(says|said|reads|read|shows|lists|wrote|written|instructions?|directions|label|bottle|box|prescription|rx|discharge|handout|sheet|portal|letter|(your|the|my|his|her) (list|med list|medication list|medicine list)|you (told|shared|said|listed|wrote|gave|sent)|dice|dijo|pone|indica|escribio|anoto|anotaste|etiqueta|receta|indicaciones|instrucciones|hoja|informe|pauta|(tu|su|la) lista|segun|me contaste|me dijiste|tal como)(?![a-z])/;
/** An intro to questions the user will ask: its items are theirs, when they read as questions or first person. */
const QUESTION_INTRO = /(?<![a-z])(questions?|ask|asking|preguntas?|preguntar|preguntarle|preguntarles|preguntale|preguntele|pregunte|pregunta)(?![a-z])/;
const FIRST_PERSON_ITEM = /^[ \t]*([-*+\u2022]|\d{1,2}[.)])?[ \t*"]*(i|i'm|i've|my|we|yo|mi|mis|tengo|tomo|estoy|uso|me)(?![a-z'])/;
/** A table whose header names questions or what the user said holds their words. */
const TABLE_HEADER_FRAME = /(?<![a-z])(questions?|preguntas?|you said|you told me|label|etiqueta|segun (tu|su))(?![a-z])/;
/** Questions that are suggestions in disguise: "why not try…", "¿por qué no pruebas…?". */
const SUGGESTION_QUESTION =
  /^[^a-z0-9]*(why not|why don't you|how about|what about|have you (tried|considered|thought)|would you (consider|like to)|do you want to|want to|por que no|que tal|has (probado|pensado|considerado)|quieres (probar|tomar|usar)|y si)(?![a-z])/;
/** A question for the clinician speaks in the first person: "Can I take…", "¿Sigo con…?", "…since I take X?". */
const FIRST_PERSON = /(?<![a-z'])(i|i'm|i've|my|me|we|our|us|yo|mi|mis|tengo|tomo|puedo|debo|sigo|necesito|estoy|uso|hago)(?![a-z'])/;

const SINGLE_OPEN = /(?<![a-z0-9'])'(?=[a-z0-9])/g;
const SINGLE_CLOSE = /(?<=[a-z0-9.!?,;:%)])'(?![a-z0-9])/g;

function lineAt(t: string, pos: number): { start: number; end: number } {
  const start = t.lastIndexOf("\n", pos - 1) + 1;
  const nl = t.indexOf("\n", pos);
  return { start, end: nl < 0 ? t.length : nl };
}

/**
 * Output only: the phrase stands inside quoted material — a blockquote line, an open double quote in its
 * paragraph, or a list item or table row under an intro that quotes a label, a list, a clinician's
 * instructions or the user's own questions.
 */
function quoted(t: string, pos: number): boolean {
  const line = lineAt(t, pos);
  const head = t.slice(line.start, pos);
  if (/^[ \t]*(([-*+\u2022]|\d{1,2}[.)])[ \t]*)?>/.test(head)) return true;
  const para = t.lastIndexOf("\n\n", pos - 1);
  const before = t.slice(para < 0 ? 0 : para, pos);
  if ((before.split('"').length - 1) % 2 === 1) return true;
  // A single-quoted passage still open: "the bottle says: 'Give 5 mL by mouth…'" (an apostrophe inside
  // or at the end of a word opens nothing).
  if ((before.match(SINGLE_OPEN) ?? []).length > (before.match(SINGLE_CLOSE) ?? []).length) return true;
  const lineText = t.slice(line.start, line.end);
  if (!ITEM_LINE.test(lineText) && !BOLD_LINE.test(lineText)) return false;
  // "- **Medications on her list:** …": the item names its own source.
  const label = /:[ \t*_]*[^:]*$/.exec(head);
  if (label && SOURCE_INTRO.test(head.slice(0, label.index))) return true;
  const isRow = /^[ \t]*\|/.test(lineText);
  let end = line.start - 1;
  let header: string | null = null;
  let blanks = 0;
  for (let n = 0; n < 40 && end > 0; n++) {
    const start = t.lastIndexOf("\n", end - 1) + 1;
    const prev = t.slice(start, end);
    end = start - 1;
    if (prev.trim() === "") {
      if (++blanks > 1) break;
      continue;
    }
    blanks = 0;
    if (/^[ \t]*\|/.test(prev)) {
      header = prev;
      continue;
    }
    if (ITEM_LINE.test(prev) || (BOLD_LINE.test(prev) && !/:[ \t*_]*$/.test(prev))) continue;
    if (SOURCE_INTRO.test(prev)) return true;
    if (QUESTION_INTRO.test(prev)) return lineText.includes("?") || FIRST_PERSON_ITEM.test(lineText);
    if (!/:[ \t*_]*$/.test(prev)) break;
  }
  return isRow && header !== null && TABLE_HEADER_FRAME.test(header);
}

export function checkRefusal(text: string, options: RefusalOptions): RefusalDecision {
  if (typeof text !== "string" || text.length === 0) return NO_REFUSAL;
  const direction: Direction = options.direction === "output" ? "output" : "input";
  const { matchers } = COMPILED[direction];
  const context = direction === "output" && typeof options.context === "string" ? options.context : "";
  const full = context + text;
  const prepared = prepare(full);
  const { norm, seg } = prepared;
  const t = norm.text;
  const hits: Hit[] = [];
  matchAnchored(prepared, GATES[direction], matchers, t, (m, start, matched) => hits.push({ m, start, end: start + matched.length }));
  if (hits.length === 0) return NO_REFUSAL;
  hits.sort((a, b) => CATEGORY_RANK[b.m.category] - CATEGORY_RANK[a.m.category] || a.start - b.start);
  const allow = ALLOW[direction];
  for (const h of hits) {
    const si = rangeIndex(seg.sentenceStarts, h.start);
    const sStart = seg.sentenceStarts[si];
    const sEnd = si + 1 < seg.sentenceStarts.length ? seg.sentenceStarts[si + 1] : t.length;
    const ci = rangeIndex(seg.clauseStarts, h.start);
    const cStart = Math.max(sStart, seg.clauseStarts[ci]);
    const cEnd = Math.min(sEnd, ci + 1 < seg.clauseStarts.length ? seg.clauseStarts[ci + 1] : t.length);
    let question: boolean | null = null;
    const excused = allow[h.m.category].some((a) => {
      if (a.question && !(question ??= endsWithQuestion(t, sEnd))) return false;
      const text = a.where === "before" ? t.slice(a.scope === "clause" ? cStart : sStart, h.start) : t.slice(h.end, Math.max(h.end, a.scope === "clause" ? cEnd : sEnd));
      return a.re.test(text);
    });
    if (excused) continue;
    const span = originalSpan(full, norm, h.start, h.end);
    if (span.end <= context.length) continue; // already shown and checked
    if (direction === "output") {
      if (h.m.category !== "replace_emergency_care") {
        if (quoted(t, h.start)) continue;
        if ((question ??= endsWithQuestion(t, sEnd)) && !SUGGESTION_QUESTION.test(t.slice(sStart, h.start)) && FIRST_PERSON.test(t.slice(sStart, sEnd))) continue;
      }
      // "tomé", "dejó", "suspendió": a past tense the accent tells apart from the imperative "tome", "deje".
      if (h.m.language === "es" && /^[a-z\u00f1]{2,}[\u00e9\u00f3](?![a-z\u00e1-\u00fa])/i.test(span.text)) continue;
    }
    const language = options.language ?? h.m.language;
    const shift = context.length;
    return {
      refuse: true,
      category: h.m.category,
      rule: h.m.rule,
      span: shift === 0 ? span : { start: Math.max(0, span.start - shift), end: span.end - shift, text: full.slice(Math.max(shift, span.start), span.end) },
      message: REFUSAL_MESSAGES[language][h.m.category],
    };
  }
  return NO_REFUSAL;
}
