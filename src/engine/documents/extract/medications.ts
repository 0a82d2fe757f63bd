/**
 * Medication lists, exactly as written: "Lisinopril 10 mg tablet — 1 tab by mouth once daily — Dr. Patel",
 * "2. Metformina 850 mg comprimido, 1 con el desayuno y la cena (Dra. López)", a directions line under its
 * medicine, text tables and CSV tables. Nothing is normalized: a strength or a frequency is the printed
 * text, never a dose we worked out, so nothing here can read as advice.
 */
import { z } from "zod";
import { cells, cleanChars, columnOf, fold, has, headerFields, phraseRegex, strip } from "./text";
import { sourceOf, tableRows } from "./logs";
import { citationsOf, SourceSchema, UnreadableSchema, type Line, type Source, type Table, type Unreadable } from "./types";
import { DOCTOR_TITLES, MED_FORMS, MED_SKIP_SECTIONS, MED_HEADERS, MED_PROSE_WORDS, MED_SECTIONS, MED_TITLES, PRESCRIBER_LABELS, STRENGTH_PER, STRENGTH_UNITS } from "./vocab";

export const MedicationSchema = z.object({
  name: z.string().min(1),
  /** As printed ("10 mg", "5/325 mg", "100 units/mL"); null when the list gives none. */
  strength: z.string().min(1).nullable(),
  form: z.string().min(1).optional(),
  /** As printed ("twice daily", "1 tab at bedtime"); null when the list gives none. */
  frequency: z.string().min(1).nullable(),
  prescriber: z.string().min(1).optional(),
  /** The list's section heading as printed ("Stopped medications"), so a stopped medicine never reads as current. */
  section: z.string().min(1).optional(),
  source: SourceSchema,
});
export type Medication = z.infer<typeof MedicationSchema>;

export const MedicationListSchema = z.object({
  kind: z.literal("medication_list"),
  medications: z.array(MedicationSchema),
  unreadable: z.array(UnreadableSchema),
  citations: z.array(z.string()),
});
export type MedicationList = z.infer<typeof MedicationListSchema>;

const alt = (xs: readonly string[]) => [...xs].sort((a, b) => b.length - a.length).map((x) => x.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/ /g, "\\s?")).join("|");
const STRENGTH = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(\\d+(?:[.,]\\d+)?(?:\\s?[/-]\\s?\\d+(?:[.,]\\d+)?)?)\\s?(?:${alt(STRENGTH_UNITS)})(?:\\s?\\/\\s?(?:\\d+\\s?)?(?:${alt(STRENGTH_PER)}))?(?![\\p{L}\\p{N}/])`,
  "iu",
);
const FORM = phraseRegex(MED_FORMS, "iu");
const FORM_AT_END = new RegExp(`${FORM.source}\\s*$`, "iu");
const LABEL = new RegExp(`(?<![\\p{L}])(?:${alt(PRESCRIBER_LABELS)})\\s{0,2}:?\\s{0,2}`, "iu");
const TITLE = new RegExp(`(?<![\\p{L}])(?:${alt(DOCTOR_TITLES)})\\.?\\s{1,2}(?=\\p{Lu})`, "iu");
const NAME_AFTER = /^\p{Lu}[\p{L}.'-]*(?:\s{1,2}\p{Lu}[\p{L}.'-]*){0,2}/u;
const BULLET = /^(?:[\s\-*•·◦▪☐□✓✔]+|\d{1,2}[.)]\s+|\[[ xX]?\]\s*)/u;
const DIRECTIONS = phraseRegex(["take", "tome", "tomar", "apply", "aplicar", "inject", "inyectar", "inhale", "inhalar", "use", "usar", "once", "twice", "every", "daily", "una vez", "dos veces", "cada", "al día", "diario"], "iu");
const ALLERGY = phraseRegex(MED_SKIP_SECTIONS, "iu");
const PROSE = phraseRegex(MED_PROSE_WORDS, "iu");
const SECTIONS = new Set(MED_SECTIONS.map(fold));
const TITLES = new Set(MED_TITLES.map(fold));
const HEADER_WORDS = new Set(Object.values(MED_HEADERS).flat().map(fold));

/** The prescriber as printed ("Dr. Patel", "Dra. López"), and where that part of the line starts. */
function prescriberOf(s: string): { name: string; index: number } | null {
  const label = LABEL.exec(s);
  if (label) {
    const rest = s.slice(label.index + label[0].length);
    const title = TITLE.exec(rest);
    const from = title && title.index === 0 ? title[0].length : 0;
    const name = NAME_AFTER.exec(rest.slice(from));
    if (name) return { name: (rest.slice(0, from) + name[0]).trim(), index: label.index };
  }
  const title = TITLE.exec(s);
  if (!title) return null;
  const name = NAME_AFTER.exec(s.slice(title.index + title[0].length));
  return name ? { name: (title[0] + name[0]).trim(), index: title.index } : null;
}

const trimSeparators = (s: string) => {
  const t = strip(strip(s, ",;:|()-–—", "start"), ",;:|(-–—", "end");
  return t.startsWith("(") && t.endsWith(")") ? t.slice(1, -1).trim() : t;
};

/** One medicine from a line (or a table cell holding name and strength together). */
export function medicationOf(text: string, source: Source, section: string | undefined): Medication | null {
  // Match on the cleaned copy (same length), slice the text as printed.
  const s = STRENGTH.exec(cleanChars(text));
  if (!s) return null;
  let name = text.slice(0, s.index);
  for (let prev = ""; prev !== name; ) {
    prev = name;
    name = name.replace(BULLET, "");
  }
  name = trimSeparators(name);
  let form: string | undefined;
  const formInName = FORM_AT_END.exec(name);
  if (formInName && formInName.index > 0) {
    form = formInName[0].trim();
    name = trimSeparators(name.slice(0, formInName.index));
  }
  if (!/^\p{L}/u.test(name) || name.length > 80 || name.split(/\s+/).length > 8 || HEADER_WORDS.has(fold(name)) || has(PROSE, name)) return null;
  let after = text.slice(s.index + s[0].length);
  const prescriber = prescriberOf(after);
  if (prescriber) after = after.slice(0, prescriber.index).trimEnd().replace(/\s(?:by|por)$/i, "");
  const f = FORM.exec(after);
  if (f && !form && after.slice(0, f.index).trim().split(/\s+/).filter(Boolean).length <= 2) {
    form = f[0];
    after = after.slice(f.index + f[0].length);
  }
  const frequency = trimSeparators(after);
  return {
    name,
    strength: s[0].trim(),
    ...(form ? { form } : {}),
    frequency: frequency || null,
    ...(prescriber ? { prescriber: prescriber.name } : {}),
    ...(section ? { section } : {}),
    source,
  };
}

type Field = keyof typeof MED_HEADERS;

function fromRow(fields: (Field | null)[], values: string[], source: Source, section: string | undefined): Medication | null {
  const cell = (f: Field) => {
    const i = fields.indexOf(f);
    return i >= 0 ? values[i]?.trim() || undefined : undefined;
  };
  const name = cell("name");
  if (!name) return null;
  if (!cell("strength")) {
    const parsed = medicationOf(name, source, section);
    if (parsed) return { ...parsed, ...(cell("form") ? { form: cell("form") } : {}), frequency: cell("frequency") ?? parsed.frequency, ...(cell("prescriber") ? { prescriber: cell("prescriber") } : {}) };
  }
  return {
    name,
    strength: cell("strength") ?? null,
    ...(cell("form") ? { form: cell("form") } : {}),
    frequency: cell("frequency") ?? null,
    ...(cell("prescriber") ? { prescriber: cell("prescriber") } : {}),
    ...(section ? { section } : {}),
    source,
  };
}

export function extractMedications(lines: readonly Line[], table?: Table): MedicationList {
  const medications: Medication[] = [];
  const skipped: Unreadable[] = [];
  if (table) {
    const { fields, rows } = tableRows(table, MED_HEADERS);
    for (const r of rows) {
      const m = fromRow(fields, r.values, r.source, undefined);
      if (m) medications.push(m);
    }
  }
  let section: string | undefined;
  let header: (Field | null)[] | null = null;
  let last: { med: Medication; line: Line } | null = null;
  let skipping = false;
  for (const line of lines) {
    const heading = trimSeparators(line.clean.replace(BULLET, ""));
    const folded = fold(heading).replace(/\s+/g, " ");
    if (SECTIONS.has(folded) || TITLES.has(folded)) {
      section = SECTIONS.has(folded) ? heading : undefined;
      skipping = false;
      last = null;
      continue;
    }
    // An allergy list names medicines the person must not take: never read them as a medication.
    if (has(ALLERGY, line.clean.slice(0, 40)) && /^\W*\p{L}+(?:\s\p{L}+)?\s*(?::|$)/u.test(line.clean)) {
      skipping = !line.clean.includes(":") || !line.clean.split(":")[1]!.trim() ? true : skipping;
      last = null;
      continue;
    }
    const h = headerFields(line.clean, MED_HEADERS);
    if (h && h.some((x) => x.field === "name")) {
      header = h.map((x) => x.field);
      continue;
    }
    const cs = header ? cells(line.clean) : [];
    const fromTable = header && cs.length === header.length ? fromRow(header, cs.map((c) => c.text), sourceOf(line), section) : null;
    const med = fromTable ?? (skipping ? null : medicationOf(line.text, sourceOf(line), section));
    if (med) {
      const i = medications.push({ ...med, source: sourceOf(line) }) - 1;
      last = { med: medications[i]!, line };
      continue;
    }
    // A directions line under a medicine that had none ("Take 1 tablet by mouth every morning").
    if (last && !last.med.frequency && last.line.page === line.page && has(DIRECTIONS, line.clean) && !columnOf(line.clean, MED_HEADERS)) {
      last.med.frequency = trimSeparators(line.clean.replace(BULLET, ""));
      last.med.source = { page: line.page, text: `${last.line.text}\n${line.text}` };
      last = null;
      continue;
    }
    last = null;
  }
  return buildMedicationList(medications, skipped);
}

export function buildMedicationList(medications: Medication[], skipped: Unreadable[]): MedicationList {
  return { kind: "medication_list", medications, unreadable: skipped, citations: citationsOf(medications.map((m) => m.source)) };
}
