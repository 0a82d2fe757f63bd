/**
 * Lab results, every field as printed: "Hemoglobin A1c 7.2 % 4.0-5.6 H", "LDL Cholesterol 162 mg/dL <100
 * High", "Glucose, fasting  105  mg/dL  70-99  H", "Potasio 5,6 H mmol/L 3,5 - 5,1", qualitative results
 * ("HIV 1/2 Ab  Non-reactive  Non-reactive"), and CSV tables. After the value, unit, range and flag are
 * read in any order. The result date is the report's collection date (else its service or report date).
 */
import { z } from "zod";
import { findDates } from "./dates";
import { misread, sourceOf, tableRows, unreadable } from "./logs";
import { parseNumber } from "./numbers";
import { cells, cleanChars, fold, headerFields, phraseRegex, strip } from "./text";
import { citationsOf, SourceSchema, UnreadableSchema, type DocContext, type Line, type Source, type Table, type Unreadable } from "./types";
import { LAB_DATE_LABELS, LAB_FLAGS, LAB_HEADERS, LAB_QUALITATIVE } from "./vocab";

export const LabResultSchema = z.object({
  test: z.string().min(1),
  /** As printed: "7.2", "7,2", "<0.5", "Non-reactive". */
  value: z.string().min(1),
  /** The value as a number, when it is a plain number (not "<0.5", not a word). */
  numeric: z.number().optional(),
  unit: z.string().min(1).optional(),
  referenceRange: z.string().min(1).optional(),
  /** As printed: H, L, HIGH, A, *, Alto… */
  flag: z.string().min(1).optional(),
  date: z.string().min(1).optional(),
  dateSource: SourceSchema.optional(),
  source: SourceSchema,
});
export type LabResult = z.infer<typeof LabResultSchema>;

export const LabResultsSchema = z.object({
  kind: z.literal("lab_results"),
  results: z.array(LabResultSchema),
  unreadable: z.array(UnreadableSchema),
  citations: z.array(z.string()),
});
export type LabResults = z.infer<typeof LabResultsSchema>;

const NUM = String.raw`\d+(?:[.,]\d+)?`;
const VALUE = new RegExp(String.raw`(?<=^|[\s:])([<>≤≥]\s?)?(${NUM})(?=\s|$|%)`, "gu");
const QUALITATIVE = phraseRegex(LAB_QUALITATIVE, "giu");
const QUALITATIVE_AT = new RegExp(QUALITATIVE.source, "iuy");
const RANGE = new RegExp(String.raw`(?:[<>≤≥]=?\s?${NUM}|(?:up to|hasta)\s${NUM}|\(?${NUM}\s{0,2}-\s{0,2}${NUM}\)?)(?=\s|$|[,;]|\p{L})`, "iuy");
const FLAG = new RegExp(String.raw`(?:${[...LAB_FLAGS].sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})(?=\s|$)`, "iuy");
const UNIT = new RegExp(
  String.raw`(?:%|(?:x\s?)?10\^?[Ee]?\d{1,2}\/[µμu]?[Ll]|[KkMm]\/[µμu][Ll]|[\p{L}µμ]{1,10}\/[\p{L}\d.µμ]{1,10}(?:\/[\p{L}\d.]{1,10})?|\/(?:mm3|[µμu][Ll]|hpf|lpf)|fL|fl|pg|sec|seg|ratio|mmHg|U|IU|UI)(?=\s|$|[,;)])`,
  "uy",
);
const DATE_LABELS = LAB_DATE_LABELS.map((labels) => phraseRegex(labels, "iu"));
const HEADER_WORDS = new Set(Object.values(LAB_HEADERS).flat().map(fold));

type Part = "unit" | "referenceRange" | "flag";
const STICKY: [Part, RegExp][] = [["referenceRange", RANGE], ["flag", FLAG], ["unit", UNIT], ["referenceRange", QUALITATIVE_AT]];

/** Unit, reference range and flag after the value, in whatever order the lab prints them: spans into `s`. */
function tail(s: string): Partial<Record<Part, [number, number]>> {
  const out: Partial<Record<Part, [number, number]>> = {};
  let at = 0;
  for (let guard = 0; guard < 6; guard++) {
    while (at < s.length && /\s/.test(s[at]!)) at++;
    const hit = STICKY.find(([part, re]) => {
      if (out[part]) return false;
      re.lastIndex = at;
      const m = re.exec(s);
      if (m) out[part] = [at, at + m[0].length];
      return !!m;
    });
    if (!hit || at >= s.length) break;
    at = out[hit[0]]![1];
  }
  return out;
}

const trimName = (s: string) => strip(strip(s, ".:_…-", "end"), "*•-", "start");
const goodName = (s: string) => /^\p{L}/u.test(s) && s.length >= 2 && s.length <= 80 && !HEADER_WORDS.has(fold(s));
const VALUE_AT = new RegExp(String.raw`^([<>≤≥]\s?)?(${NUM})(?=\s|$|%)`, "u");
const QUALITATIVE_START = new RegExp(String.raw`^(?:${QUALITATIVE.source})`, "iu");
/** A value OCR may have misread ("l05 mg/dL", "7.O %"): reported, never repaired. */
const MISREAD = /(?<=\s)[0-9lIoOS][0-9lIoOS.,]{0,6}(?=\s{1,3}(?:%|[\p{L}µμ]{1,6}\/))/gu;

/**
 * One result from a line: the test name, then the first value followed by a unit or a reference range (a
 * word result needs a reference or a flag, or its own column).
 */
export function resultOf(text: string, source: Source, ctx: DocContext): LabResult | null {
  const clean = cleanChars(text);
  const cs = cells(clean);
  // Columns split by wide gaps first: they let a test name carry digits ("CA 125", "Vitamin B12").
  const starts = cs.length >= 2 ? [cs[1]!.start] : [];
  for (const m of clean.matchAll(VALUE)) starts.push(m.index);
  for (const start of starts) {
    const test = trimName(text.slice(0, start));
    if (!goodName(test)) continue;
    const rest = clean.slice(start);
    const v = VALUE_AT.exec(rest);
    const q = v ? null : QUALITATIVE_START.exec(rest);
    const printed = v?.[0] ?? q?.[0];
    if (!printed) continue;
    const from = start + printed.length;
    const t = tail(clean.slice(from));
    const columnar = cs.length >= 2 && cs[1]!.start === start && cs[1]!.text === printed;
    if (v ? !t.unit && !t.referenceRange : !t.referenceRange && !t.flag && !columnar) continue;
    const part = (p: Part) => (t[p] ? { [p]: text.slice(from + t[p]![0], from + t[p]![1]).trim() } : {});
    const numeric = v && !v[1] ? parseNumber(v[2]!, ctx.decimalComma) : null;
    return { test, value: text.slice(start, from).trim(), ...(numeric !== null ? { numeric } : {}), ...part("unit"), ...part("referenceRange"), ...part("flag"), source };
  }
  return null;
}

type Field = keyof typeof LAB_HEADERS;

function fromRow(fields: (Field | null)[], values: string[], source: Source, ctx: DocContext): LabResult | null {
  const cell = (f: Field) => {
    const i = fields.indexOf(f);
    return i >= 0 ? values[i]?.trim() || undefined : undefined;
  };
  const test = cell("test");
  const value = cell("value");
  if (!test || !value) return null;
  const v = new RegExp(String.raw`^([<>≤≥]\s?)?(${NUM})$`, "u").exec(value);
  const numeric = v && !v[1] ? parseNumber(v[2]!, ctx.decimalComma) : null;
  const date = cell("date") ? findDates(cell("date")!, ctx.order)[0] : undefined;
  return {
    test,
    value,
    ...(numeric !== null ? { numeric } : {}),
    ...(cell("unit") ? { unit: cell("unit") } : {}),
    ...(cell("referenceRange") ? { referenceRange: cell("referenceRange") } : {}),
    ...(cell("flag") ? { flag: cell("flag") } : {}),
    ...(date ? { date: date.iso ?? date.text } : {}),
    source,
  };
}

/** The report's dates by kind of label (collected, service, reported), each with its line. */
function labelledDates(lines: readonly Line[], ctx: DocContext) {
  const found: { rank: number; at: number; date: string; source: Source }[] = [];
  lines.forEach((line, at) => {
    DATE_LABELS.forEach((re, rank) => {
      const m = re.exec(line.clean);
      if (!m) return;
      const d = findDates(line.clean.slice(m.index + m[0].length), ctx.order)[0];
      if (d) found.push({ rank, at, date: d.iso ?? d.text, source: sourceOf(line) });
    });
  });
  return found;
}

export function extractLabs(lines: readonly Line[], ctx: DocContext, table?: Table): LabResults {
  const results: LabResult[] = [];
  const skipped: Unreadable[] = [];
  if (table) {
    const { fields, rows } = tableRows(table, LAB_HEADERS);
    for (const r of rows) {
      const res = fromRow(fields, r.values, r.source, ctx);
      if (res) results.push(res);
    }
  }
  const dates = labelledDates(lines, ctx);
  const best = dates.length ? Math.min(...dates.map((d) => d.rank)) : -1;
  const ranked = dates.filter((d) => d.rank === best);
  lines.forEach((line, at) => {
    if (ranked.some((d) => d.at === at)) return;
    if (headerFields(line.clean, LAB_HEADERS)) return;
    const r = resultOf(line.text, sourceOf(line), ctx);
    if (!r) {
      if (misread(line.clean, MISREAD)) skipped.push(unreadable(line, "unclear_characters"));
      return;
    }
    // The latest labelled date above the result, else the report's first one.
    const d = [...ranked].reverse().find((x) => x.at < at) ?? ranked[0];
    results.push(d ? { ...r, date: d.date, ...(d.source.page !== line.page || d.source.text !== line.text ? { dateSource: d.source } : {}) } : r);
  });
  return buildLabResults(results, skipped);
}

export function buildLabResults(results: LabResult[], skipped: Unreadable[]): LabResults {
  return { kind: "lab_results", results, unreadable: skipped, citations: citationsOf(results.flatMap((r) => [r.source, r.dateSource])) };
}
