/**
 * The printed agenda's "Medicines" list (issue 18, item 6): the medicines the user listed in the
 * conversation (bulleted or numbered lines the medication-list reader reads) and those read from
 * medication lists they attached, each as written. Nothing is interpreted, normalized or dosed here: a
 * line is the user's own words, an attached one the cells as printed. Questions ("- Should I stop
 * aspirin 81 mg?") are not medicines and are left out.
 */
import type { StructuredData } from "../../shared/contract";
import { extractStructured } from "../documents/extract";
import { engineText, type EngineLanguage } from "../i18n";

/** One page long at large print: more than this is the patient's own full list, which they bring. */
export const MAX_AGENDA_MEDICINES = 20;

const LIST_LINE = /^\s*(?:[-*+•·]|\d{1,2}[.)])\s+(.+?)\s*$/u;
const QUESTION = /[?¿]/u;

/** A line of a message that is an item of a list the user wrote, without its bullet. */
function listItems(text: string): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const item = LIST_LINE.exec(line)?.[1];
    return item && !QUESTION.test(item) ? [item] : [];
  });
}

/** The user's listed lines the medication-list reader reads as a medicine, in their words. */
function fromMessages(questions: readonly string[]): string[] {
  return questions.flatMap((q) => {
    const items = listItems(q);
    if (!items.length) return [];
    const read = extractStructured("medication_list", items.map((text, i) => ({ n: i + 1, text })));
    const pages = new Set(read.medications.map((m) => m.source.page));
    return items.filter((_, i) => pages.has(i + 1));
  });
}

/** An attached medication list's rows, as printed: name, strength, how often, and its section ("Stopped"). */
function fromAttachments(structured: readonly (StructuredData | null | undefined)[]): string[] {
  return structured.flatMap((s) => {
    if (s?.kind !== "medication_list") return [];
    const at = (name: string) => s.columns.indexOf(name);
    return s.rows.map((r) => {
      const part = (name: string) => (at(name) >= 0 ? (r.cells[at(name)] ?? "").trim() : "");
      const line = [part("name"), part("strength"), part("frequency")].filter(Boolean).join(" ");
      return part("section") ? `${line} (${part("section")})` : line;
    });
  });
}

export function agendaMedicines(input: { questions: readonly string[]; attachments: readonly (StructuredData | null | undefined)[] }): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of [...fromMessages(input.questions), ...fromAttachments(input.attachments)]) {
    const key = line.toLocaleLowerCase().replace(/\s+/g, " ");
    if (!line || seen.has(key)) continue;
    seen.add(key);
    out.push(line);
  }
  return out.slice(0, MAX_AGENDA_MEDICINES);
}

/** Lines to write on: with none listed, a blank list; with some, room to add one or two. */
const BLANK_LINE = "- ______________________________";

/** The "Medicines" section of an agenda in Markdown (the command line's export and the text file). */
export function medicinesMarkdown(medicines: readonly string[], language: EngineLanguage): string {
  const lines = medicines.length ? [engineText(language, "agenda.medicinesNote"), "", ...medicines.map((m) => `- ${m}`), BLANK_LINE] : [engineText(language, "agenda.medicinesBlank"), "", ...Array(5).fill(BLANK_LINE)];
  return [engineText(language, "agenda.medicinesTitle"), "", ...lines].join("\n") + "\n";
}

/** The agenda with its medicines right under its title (or on top when it has none), as on paper. */
export function withMedicines(markdown: string, section: string): string {
  const title = /^# [^\n]*\n+/.exec(markdown)?.[0];
  return title ? `${title}${section}\n${markdown.slice(title.length)}` : `${section}\n${markdown}`;
}
