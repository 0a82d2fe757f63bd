/**
 * Disclaimer de-duplication (ADR-0001 phase 5): specialists' own disclaimers, "As an AI…" persona lines,
 * "Based on the provided reference document…" preambles and chatty openers are removed, so the answer ends
 * with exactly one canonical footer (appended by the lifecycle, never here). Conservative by design:
 * patterns only match generic boilerplate, and a sentence that points to emergency help ("call 911 now")
 * is never dropped.
 */
import { fold, foldWithSource } from "./fold";

// ---------- patterns, on folded text (lower case, no accents) ----------

/** Chatty openers: cut, keep what follows. */
const OPENER =
  /^(?:sure|certainly|of course|absolutely|great question|good question|(?:i'd|i would|i'm|i am) (?:be )?happy to help|claro(?: que si)?|por supuesto|desde luego|con gusto|excelente pregunta|buena pregunta)\s*[!.,:]+\s*/;

const REF_NOUN = "(?:documents?|docs?|materials?|files?|guides?|references?|information|info|context|texts?|sources?)";
/** "Based on the provided reference document, …": cut the preamble, keep the content. */
const REF_PREAMBLE_EN = new RegExp(
  `^(?:based (?:up)?on|according to|drawing (?:on|from)|using|per|after reviewing|having reviewed|from) (?:the |my |these |this )?` +
    `(?:(?:provided|given|attached|supplied|available|shared) )?(?:(?:reference|skill|source) )?${REF_NOUN}` +
    `(?: (?:provided|given|above|available|i have|i was given|you shared|you provided|in (?:my|the) context|i have access to))?\\s*[,:]\\s*`,
);
const REF_NOUN_ES = "(?:documentos?|materiales?|archivos?|guias?|referencias?|informacion|contexto|textos?|fuentes?)";
const REF_PREAMBLE_ES = new RegExp(
  `^(?:segun|con base en|basad[oa] en|basandome en|de acuerdo con|a partir de|tras revisar|despues de revisar) (?:el |la |los |las |mi |mis |este |esta |estos |estas )?` +
    `${REF_NOUN_ES}(?: de referencia)?(?: (?:proporcionad|suministrad|dad|adjunt|disponible)[oa]?s?)?\\s*[,:]\\s*`,
);
/** A preamble only counts when it is about the material the model was given, not the user's own notes. */
const REF_QUALIFIER = /provided|given|attached|supplied|available|shared|reference|skill|source|context|proporcion|suministr|dad[oa]s?\b|adjunt|disponible|referencia|contexto/;

/** "As an AI…", "I am not a doctor…": dropped, or cut up to a "but …" that carries real content. */
const PERSONA = [
  /^as an? (?:ai|a\.i\.|artificial intelligence|(?:large )?language model|ai (?:language )?model|ai assistant|virtual assistant|chatbot)\b/,
  /^i(?:'m| am) (?:just |only )?an? (?:ai|artificial intelligence|(?:large )?language model|ai (?:language )?model|ai assistant|virtual assistant|chatbot)\b/,
  /^i(?:'m| am) not an? (?:doctor|physician|medical (?:doctor|professional|provider)|health ?care (?:provider|professional)|licensed|nurse|clinician|substitute)\b/,
  /^i (?:cannot|can't|can not|am unable to|am not able to|'m unable to|'m not able to|do not|don't) (?:provide|give|offer) (?:you )?(?:(?:personali[sz]ed )?medical advice|a (?:medical )?diagnosis|diagnoses)/,
  /^como (?:una? )?(?:ia|inteligencia artificial|modelo de (?:lenguaje|ia)|asistente (?:virtual|de ia)|chatbot)\b/,
  /^soy (?:solo |solamente )?(?:una? )?(?:ia|inteligencia artificial|modelo de lenguaje|asistente virtual|chatbot)\b/,
  /^no soy (?:una? )?(?:medic[oa]|doctora?|profesional (?:de la salud|medic[oa]|sanitari[oa])|enfermer[oa])\b/,
  /^no puedo (?:dar|ofrecer|proporcionar|brindar)(?:le)? (?:consejos? medicos?|asesoramiento medico|asesoria medica|un diagnostico|diagnosticos)/,
];
const CONTINUATION = /[,;:]?\s+(?:but|however|though|pero|sin embargo)\s*,?\s+/;
const LEADING_CONJUNCTION = /^(?:but|however|pero|sin embargo)\s*,?\s+/;
const SELF_LIMIT = /\b(?:not|can't|cannot|unable|don't|no puedo|no es|no soy|no)\b/;

/** Generic boilerplate sentences: dropped. */
const BOILERPLATE = [
  /^(?:medical |important )?disclaimers?\b/,
  /^(?:this|the|my|these|all|all of) (?:above )?(?:information|guidance|content|response|answer|advice|agenda|list|checklist|suggestions?|tips?)(?: above| here| provided| below| i (?:have )?(?:shared|provided|gave))? (?:is|are) (?:(?:not|n't) (?:(?:a |meant |intended )?(?:substitute|replacement|to replace|to be (?:used as|a substitute))|(?:professional |personali[sz]ed )?medical advice|a (?:medical )?diagnosis)|(?:only )?for (?:general )?(?:informational|educational) purposes)/,
  /^this (?:is|does) not (?:constitute )?(?:(?:professional |personali[sz]ed )?medical advice|a (?:medical )?diagnosis|a substitute)/,
  /^(?:the )?information (?:provided |given |shared |here |above )?is (?:only )?(?:for|meant for|intended for) (?:general )?(?:informational|educational)/,
  /^(?:please |always |be sure to )*(?:consult|check with|talk (?:to|with)|speak (?:to|with)|seek (?:the )?advice (?:of|from)) (?:with )?(?:your|a|an) (?:(?:qualified|licensed|own) )?(?:(?:health ?care|medical) )?(?:doctor|physician|provider|professional|clinician|care team)s?\b[^.!?]*\b(?:personali[sz]ed|medical advice|(?:any|making) (?:medical |health )?(?:changes|decisions)|specific (?:situation|needs|concerns)|diagnosis and treatment)/,
  /^(?:carefold|this (?:app|assistant|tool|chatbot)) (?:is not|isn't) (?:a |an )?(?:doctor|physician|substitute|replacement|licensed)/,
  /^(?:descargo de responsabilidad|aviso legal|aviso medico|exencion de responsabilidad)\b/,
  /^(?:esta|la|estas|las|este|el|estos|los) (?:informacion|guia|respuesta|agenda|lista|contenido|consejos?|sugerencias?)(?: anterior| proporcionada| de arriba)? no (?:es|son|sustituyen?|reemplazan?|constituyen?|pretende) (?:un |una |el |la )?(?:consejo|asesoramiento|diagnostico|sustitut|reemplazo|atencion|sustituir|reemplazar)/,
  /^esto no (?:es|constituye|sustituye|reemplaza) (?:un |una |el |la )?(?:consejo|asesoramiento|diagnostico|atencion|sustituto)/,
  /^(?:la )?informacion (?:proporcionada |aqui |anterior )?(?:es )?(?:solo |solamente |unicamente )?(?:con fines|para fines) (?:informativos|educativos)/,
  /^(?:por favor,? )?(?:siempre )?(?:consulte|hable con|pregunte a) (?:siempre )?(?:a |con )?(?:su|un) (?:propio )?(?:medico|doctor|profesional (?:de (?:la )?salud|medico|sanitario)|proveedor de (?:atencion medica|salud))\b[^.!?]*\b(?:consejo|asesoramiento|personalizad|cualquier cambio|decision|situacion (?:particular|especifica|personal)|diagnostico y tratamiento)/,
  /^carefold no es\b/,
];

/** Copies of the canonical footer: the lifecycle adds the one real footer. Checked before the red-flag guard. */
const FOOTER_COPY = [
  /^carefold helps you prepare and organize\b/,
  /^it is not a doctor and not emergency care\b/,
  /^never start, stop or change a medicine without talking to the clinician who prescribed it\b/,
  /^carefold le ayuda a prepararse y organizarse\b/,
  /^no es un medico ni un servicio de emergencias\b/,
  /^nunca empiece, deje ni cambie un medicamento sin hablar con quien se lo receto\b/,
];

/** A sentence pointing to urgent help is content, whatever else it says. */
const RED_FLAG =
  /(?<![\p{L}\p{N}])(?:911|988|999|112|000|emergenc\w*|ambulanc\w*|poison\w*|urgencias|toxicolog\w*|right away|immediately|de inmediato|inmediatamente|call your doctor|llame a su medico)(?![\p{L}\p{N}])/u;

const LABEL = /^(?:please note(?: that)?|note(?: that)?|important|keep in mind(?: that)?|nota|importante|recuerde(?: que)?|tenga en cuenta(?: que)?)\s*[:,]?\s*/;
const DISCLAIMER_HEADING =
  /^(?:#{1,6}\s*)?[*_]*\s*(?:medical |important )?(?:disclaimers?|descargo de responsabilidad|aviso legal|aviso medico|exencion de responsabilidad)\s*:?\s*[*_]*\s*$/;
/** Emphasis, quotes and opening marks before a sentence's first word. */
const LEAD = /^[\s*_"'¡¿(]*/;

// ---------- sentences ----------

interface Sentence {
  /** Whitespace before the sentence (kept when the sentence is). */
  gap: string;
  text: string;
}

function splitSentences(line: string): Sentence[] {
  const out: Sentence[] = [];
  let i = 0;
  while (i < line.length) {
    const gapStart = i;
    while (i < line.length && /\s/.test(line[i]!)) i++;
    const start = i;
    while (i < line.length) {
      if (/[.!?]/.test(line[i]!)) {
        let j = i;
        while (j < line.length && /[.!?*_"')\]]/.test(line[j]!)) j++;
        i = j;
        if (j >= line.length || /\s/.test(line[j]!)) break;
        continue;
      }
      i++;
    }
    if (i > start) out.push({ gap: line.slice(gapStart, start), text: line.slice(start, i) });
  }
  return out;
}

function capitalizeFirst(s: string): string {
  const lead = LEAD.exec(s)?.[0].length ?? 0;
  return s.slice(0, lead) + s.charAt(lead).toUpperCase() + s.slice(lead + 1);
}

/** Keep the original emphasis/quote lead, drop `cut` folded units after it. */
function cutAfterLead(original: string, source: number[], leadFolded: number, cutFolded: number): string {
  const from = source[leadFolded]!;
  const to = source[leadFolded + cutFolded]!;
  const rest = original.slice(to);
  return rest.trim() ? capitalizeFirst(original.slice(0, from) + rest) : "";
}

type Verdict = { kind: "keep"; text: string; personaDropped?: boolean } | { kind: "drop"; persona: boolean };

function judgeSentence(sentence: string, afterPersona: boolean): Verdict {
  const { text: folded, source } = foldWithSource(sentence);
  const lead = LEAD.exec(folded)?.[0].length ?? 0;
  let body = folded.slice(lead);
  if (FOOTER_COPY.some((re) => re.test(body))) return { kind: "drop", persona: false };

  let current = sentence;
  let offset = 0;
  const opener = OPENER.exec(body);
  if (opener) {
    current = cutAfterLead(sentence, source, lead, opener[0].length);
    if (!current) return { kind: "drop", persona: false };
    return judgeSentence(current, afterPersona);
  }
  if (afterPersona) {
    const conj = LEADING_CONJUNCTION.exec(body);
    if (conj) return judgeSentence(cutAfterLead(sentence, source, lead, conj[0].length), false);
  }
  const pre = REF_PREAMBLE_EN.exec(body) ?? REF_PREAMBLE_ES.exec(body);
  if (pre && REF_QUALIFIER.test(pre[0])) {
    current = cutAfterLead(sentence, source, lead, pre[0].length);
    return current ? judgeSentence(current, false) : { kind: "drop", persona: false };
  }

  const label = LABEL.exec(body);
  if (label && label[0].length < body.length) {
    offset = label[0].length;
    body = body.slice(offset);
  }
  const persona = PERSONA.find((re) => re.test(body));
  if (persona) {
    const match = persona.exec(body)!;
    const rest = body.slice(match[0].length);
    const cont = CONTINUATION.exec(rest);
    if (cont) {
      const kept = cutAfterLead(sentence, source, lead, offset + match[0].length + cont.index + cont[0].length);
      if (kept) return judgeSentence(kept, false);
    }
    // "As an AI, here is your checklist": only the persona phrase goes when the rest is not a self-limitation.
    const comma = /^\s*,\s*/.exec(rest);
    if (comma && /^(?:as|como)\b/.test(body) && !SELF_LIMIT.test(rest)) {
      const kept = cutAfterLead(sentence, source, lead, offset + match[0].length + comma[0].length);
      if (kept) return judgeSentence(kept, false);
    }
    if (RED_FLAG.test(folded)) return { kind: "keep", text: sentence };
    return { kind: "drop", persona: true };
  }
  if (BOILERPLATE.some((re) => re.test(body)) && !RED_FLAG.test(folded)) return { kind: "drop", persona: false };
  return { kind: "keep", text: sentence };
}

// ---------- lines ----------

const FENCE = /^\s*(```|~~~)/;
const PREFIX = /^(\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?)/;
const RULE_LINE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const HEADING = /^\s*#{1,6}\s/;

const DISCLAIMER_LABEL =
  /^[\s*_"'(]*(?:medical |important )?(?:disclaimers?|descargo de responsabilidad|aviso legal|aviso medico|exencion de responsabilidad)\s*[*_]*\s*[:-]\s*[*_]*\s*/;

function cleanLine(line: string): string | null {
  const prefix = PREFIX.exec(line)?.[1] ?? "";
  const content = line.slice(prefix.length);
  if (!content.trim()) return line;
  const sentences = splitSentences(content);
  const label = foldWithSource(content);
  const labelMatch = DISCLAIMER_LABEL.exec(label.text);
  if (labelMatch) {
    // "Disclaimer: …" — the whole line is boilerplate, except a sentence that points to urgent help.
    const rest = content.slice(label.source[labelMatch[0].length]!);
    const urgent = splitSentences(rest).filter((s) => RED_FLAG.test(fold(s.text)));
    return urgent.length ? prefix + urgent.map((s, i) => (i ? s.gap : "") + capitalizeFirst(s.text)).join("") : null;
  }
  const kept: string[] = [];
  let afterPersona = false;
  for (const s of sentences) {
    const verdict = judgeSentence(s.text, afterPersona);
    if (verdict.kind === "drop") {
      afterPersona = verdict.persona;
      continue;
    }
    afterPersona = false;
    kept.push((kept.length ? s.gap : "") + verdict.text);
  }
  if (kept.length === 0) return null;
  return prefix + kept.join("");
}

/** A specialist's text without its own disclaimers, persona lines and preambles. Pure. */
export function stripBoilerplate(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let inFence = false;
  let skipping: "none" | "await" | "paragraph" = "none";
  for (const line of lines) {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || FENCE.test(line) || line.trimStart().startsWith("|")) {
      skipping = "none";
      out.push(line);
      continue;
    }
    const folded = fold(line.trim());
    if (DISCLAIMER_HEADING.test(folded)) {
      skipping = "await";
      continue;
    }
    if (skipping !== "none") {
      if (!line.trim()) {
        if (skipping === "paragraph") skipping = "none";
        continue;
      }
      if (HEADING.test(line)) skipping = "none";
      else {
        skipping = "paragraph";
        // The disclaimer section's paragraph goes, except a line that points to urgent help.
        if (RED_FLAG.test(folded)) out.push(line);
        continue;
      }
    }
    const cleaned = cleanLine(line);
    if (cleaned !== null) out.push(cleaned);
  }
  return tidy(out);
}

/** No leading/trailing blank lines or horizontal rules, no runs of blank lines. */
function tidy(lines: string[]): string {
  const trimmed = [...lines];
  const isEdge = (l: string | undefined) => l !== undefined && (!l.trim() || RULE_LINE.test(l));
  while (isEdge(trimmed[0])) trimmed.shift();
  while (isEdge(trimmed[trimmed.length - 1])) trimmed.pop();
  return trimmed
    .map((l) => l.replace(/\s+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}
