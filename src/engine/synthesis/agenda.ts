/**
 * The shape of one answer. Several specialists → a master agenda: a title, one section per specialist in
 * task order, the questions for the doctors, then a plain note for any specialist that failed (never
 * dropped). One specialist → its text alone, with the same questions and notes after it.
 */

export interface AgendaSection {
  title: string;
  /** Cleaned specialist text; empty when nothing was left to show. */
  text: string;
  awaitingApproval: boolean;
}

export interface AgendaFailure {
  title: string;
  error: string | null;
}

export interface AgendaInput {
  /** Wrap the sections in a titled agenda (several specialists, or a multi-specialist plan). */
  agenda: boolean;
  sections: readonly AgendaSection[];
  questions: readonly string[];
  failures: readonly AgendaFailure[];
}

const WORDS = {
  en: {
    title: "# Your visit agenda",
    questions: "## Questions for your doctors",
    failed: "**Not everything finished:**",
    failure: (title: string, reason: string) => `- The ${title} could not answer (${reason}). You can try again.`,
    noDetails: "no details",
    waiting: "_Waiting for your OK: this part asked to save a change. Review it to continue._",
    empty: (title: string) => `The ${title} had nothing to add this time.`,
  },
  es: {
    title: "# Su agenda para la visita",
    questions: "## Preguntas para sus médicos",
    failed: "**No se completó todo:**",
    failure: (title: string, reason: string) => `- ${title} no pudo responder (${reason}). Puede intentarlo de nuevo.`,
    noDetails: "sin detalles",
    waiting: "_Esperando su aprobación: esta parte pidió guardar un cambio. Revíselo para continuar._",
    empty: (title: string) => `${title} no tuvo nada que agregar esta vez.`,
  },
} as const;

const MAX_REASON = 120;

/** One short line: error texts can be stack traces or provider dumps. */
export function shortReason(error: string | null, language: "en" | "es"): string {
  const first = (error ?? "").split("\n").find((l) => l.trim()) ?? "";
  const line = first.replace(/\s+/g, " ").trim().replace(/[.:;,\s]+$/, "");
  if (!line) return WORDS[language].noDetails;
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1).trimEnd()}…` : line;
}

/** Inside the agenda the specialist's own headings sit below its section heading. */
export function demoteHeadings(text: string, levels = 2): string {
  let inFence = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence) return line;
      const m = /^(\s{0,3})(#{1,6})(\s)/.exec(line);
      if (!m) return line;
      const depth = Math.min(6, m[2]!.length + levels);
      return m[1] + "#".repeat(depth) + line.slice(m[1]!.length + m[2]!.length);
    })
    .join("\n");
}

function sectionBody(section: AgendaSection, language: "en" | "es"): string {
  const w = WORDS[language];
  const parts: string[] = [];
  if (section.text) parts.push(section.text);
  else if (!section.awaitingApproval) parts.push(w.empty(section.title));
  if (section.awaitingApproval) parts.push(w.waiting);
  return parts.join("\n\n");
}

export function renderAgenda(input: AgendaInput, language: "en" | "es"): string {
  const w = WORDS[language];
  const parts: string[] = [];
  if (input.agenda) {
    if (input.sections.length > 0) parts.push(w.title);
    for (const s of input.sections) parts.push(`## ${s.title}\n\n${demoteHeadings(sectionBody(s, language))}`);
  } else {
    for (const s of input.sections) parts.push(sectionBody(s, language));
  }
  if (input.questions.length > 0) parts.push(`${w.questions}\n\n${input.questions.map((q) => `- ${q}`).join("\n")}`);
  if (input.failures.length > 0) {
    parts.push(`${w.failed}\n${input.failures.map((f) => w.failure(f.title, shortReason(f.error, language))).join("\n")}`);
  }
  return parts.join("\n\n");
}
