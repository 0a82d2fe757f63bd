/**
 * The shape of one answer. Several specialists → a master agenda: a title, one section per specialist in
 * task order, the questions for the doctors, then a plain note for any specialist that failed (never
 * dropped). One specialist → its text alone, with the same questions and notes after it.
 */
import { engineText } from "../i18n";

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

/** The agenda's own words, from the engine catalog (src/engine/i18n). */
const word = (language: "en" | "es", key: string, options?: Record<string, string>) => engineText(language, `agenda.${key}`, options);

const MAX_REASON = 120;

/** One short line: error texts can be stack traces or provider dumps. */
export function shortReason(error: string | null, language: "en" | "es"): string {
  const first = (error ?? "").split("\n").find((l) => l.trim()) ?? "";
  const line = first.replace(/\s+/g, " ").trim().replace(/[.:;,\s]+$/, "");
  if (!line) return word(language, "noDetails");
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
  const parts: string[] = [];
  if (section.text) parts.push(section.text);
  else if (!section.awaitingApproval) parts.push(word(language, "empty", { title: section.title }));
  if (section.awaitingApproval) parts.push(word(language, "waiting"));
  return parts.join("\n\n");
}

export function renderAgenda(input: AgendaInput, language: "en" | "es"): string {
  const parts: string[] = [];
  if (input.agenda) {
    if (input.sections.length > 0) parts.push(word(language, "title"));
    for (const s of input.sections) parts.push(`## ${s.title}\n\n${demoteHeadings(sectionBody(s, language))}`);
  } else {
    for (const s of input.sections) parts.push(sectionBody(s, language));
  }
  if (input.questions.length > 0) parts.push(`${word(language, "questions")}\n\n${input.questions.map((q) => `- ${q}`).join("\n")}`);
  if (input.failures.length > 0) {
    const lines = input.failures.map((f) => word(language, "failure", { title: f.title, reason: shortReason(f.error, language) }));
    parts.push(`${word(language, "failed")}\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}
