/**
 * Glucose logs: "03/02/2026 7:00 fasting 105 mg/dL", "2 mar 2026 antes del desayuno 6,2 mmol/L", a bare
 * "112" under a "Glucose (mg/dL)" header, wide tables ("Date  Fasting  After breakfast  Bedtime") and
 * CSV tables. A value without a unit is read only when the document names one unit and no other.
 */
import { z } from "zod";
import { dateValue, findTimes } from "./dates";
import { dateText, fits, rowTime, misread, type CellKind, readLogLine, rowValues, sourceOf, tableRows, unreadable, type DateHeading, type LogLine } from "./logs";
import { parseNumber } from "./numbers";
import { has, headerFields, phraseRegex } from "./text";
import { citationsOf, dateSpan, DateOrderSchema, SourceSchema, stats, UnreadableSchema, type DocContext, type Line, type Source, type Table, type Unreadable } from "./types";
import { GLUCOSE_CONTEXTS, GLUCOSE_HEADERS, GLUCOSE_RANGE, GLUCOSE_UNITS, TARGET_WORDS, type GlucoseContext, type GlucoseUnit } from "./vocab";

export const GlucoseUnitSchema = z.enum(["mg/dL", "mmol/L"]);
export const GlucoseContextSchema = z.enum(["fasting", "before_meal", "after_meal", "bedtime"]).nullable();

export const GlucoseReadingSchema = z.object({
  date: z.string().min(1).nullable(),
  dateSource: SourceSchema.optional(),
  time: z.string().min(1).optional(),
  context: GlucoseContextSchema,
  value: z.number().positive(),
  unit: GlucoseUnitSchema,
  source: SourceSchema,
});
export type GlucoseReading = z.infer<typeof GlucoseReadingSchema>;

export const GlucoseUnitSummarySchema = z.object({
  unit: GlucoseUnitSchema,
  count: z.number().int(),
  min: z.number(),
  mean: z.number(),
  max: z.number(),
  fasting: z.object({ count: z.number().int(), mean: z.number() }).nullable(),
});
export const GlucoseSummarySchema = z.object({
  count: z.number().int(),
  /** One entry per unit: mg/dL and mmol/L values are never mixed or converted. */
  byUnit: z.array(GlucoseUnitSummarySchema),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});

export const GlucoseLogSchema = z.object({
  kind: z.literal("glucose_log"),
  readings: z.array(GlucoseReadingSchema),
  summary: GlucoseSummarySchema,
  dateOrder: DateOrderSchema,
  unreadable: z.array(UnreadableSchema),
  citations: z.array(z.string()),
});
export type GlucoseLog = z.infer<typeof GlucoseLogSchema>;

type Field = keyof typeof GLUCOSE_HEADERS;
const WIDE: Partial<Record<Field, GlucoseContext>> = { ctx_fasting: "fasting", ctx_before_meal: "before_meal", ctx_after_meal: "after_meal", ctx_bedtime: "bedtime" };
const UNIT_RES = (Object.keys(GLUCOSE_UNITS) as GlucoseUnit[]).map((u) => [u, phraseRegex(GLUCOSE_UNITS[u])] as const);
const CONTEXT_RES = (Object.keys(GLUCOSE_CONTEXTS) as GlucoseContext[]).map((c) => [c, phraseRegex(GLUCOSE_CONTEXTS[c])] as const);
const VALUE_UNIT = /(?<![\p{L}\p{N}.,/<>-])(\d{1,3}(?:[.,]\d{1,2})?)\s{0,2}(mg\s?\/\s?dl|mg\s?\/\s?100\s?ml|mmol\s?\/\s?l|mmol)(?![\p{L}])/giu;
const BARE = /(?<![\p{L}\p{N}.,/:<>-])(\d{1,3}(?:[.,]\d{1,2})?)(?![\p{L}\p{N}/:%-]|[.,]\d)/gu;
const MISREAD = /(?<![\p{L}\p{N}])[0-9lIoOS]{2,3}(?:[.,][0-9lIoOS])?\s?(?:mg|mmol)/gu;
const TARGET = phraseRegex(TARGET_WORDS, "iu");
const VALUE_CELL = /^[\dlIoOS][\dlIoOS.,]{0,5}(?:\s*(?:mg|mmol)\S*)?$/i;
const CELLS: Partial<Record<Field, CellKind>> = { date: "date", time: "time", value: VALUE_CELL, ctx_fasting: VALUE_CELL, ctx_before_meal: VALUE_CELL, ctx_after_meal: VALUE_CELL, ctx_bedtime: VALUE_CELL };

export function unitOf(s: string): GlucoseUnit | null {
  const hits = UNIT_RES.filter(([, re]) => has(re, s)).map(([u]) => u);
  return hits.length === 1 ? hits[0]! : null;
}

function contexts(s: string): { context: GlucoseContext; index: number }[] {
  const out: { context: GlucoseContext; index: number }[] = [];
  for (const [context, re] of CONTEXT_RES) for (const m of s.matchAll(re)) out.push({ context, index: m.index });
  return out.sort((a, b) => a.index - b.index);
}

function reading(value: string, unit: GlucoseUnit | null, ctx: DocContext, rest: Omit<GlucoseReading, "value" | "unit">, skipped: Unreadable[]): GlucoseReading | null {
  const n = parseNumber(value, ctx.decimalComma);
  if (n === null) return null;
  if (!unit) {
    skipped.push({ page: rest.source.page, text: rest.source.text, why: "no_unit" });
    return null;
  }
  const [lo, hi] = GLUCOSE_RANGE[unit];
  if (n < lo || n > hi) {
    skipped.push({ page: rest.source.page, text: rest.source.text, why: "out_of_range" });
    return null;
  }
  return { ...rest, value: n, unit };
}

function fromRow(fields: (Field | null)[], headers: string[], values: string[], source: Source, ctx: DocContext, docUnit: GlucoseUnit | null, heading: DateHeading | null, skipped: Unreadable[]): GlucoseReading[] {
  const at = (f: Field) => fields.indexOf(f);
  const cell = (f: Field) => (at(f) >= 0 ? values[at(f)]?.trim() : undefined);
  const own = cell("date") ? dateValue(cell("date")!, ctx.order) : null;
  const date = own ?? heading?.date ?? null;
  const time = rowTime(cell("time") || undefined, cell("date"), ctx);
  const base = { date, ...(date && !own && heading ? { dateSource: heading.source } : {}), ...(time ? { time } : {}), source };
  const rowUnit = (cell("unit") && unitOf(cell("unit")!)) || docUnit;
  const out: GlucoseReading[] = [];
  const read = (i: number, context: GlucoseContext | null) => {
    const text = values[i]?.trim();
    if (!text) return;
    const m = /^(\d{1,3}(?:[.,]\d{1,2})?)\s*(.*)$/u.exec(text);
    if (!m) {
      if (/\d/.test(text) && /[lIoOS]/.test(text)) skipped.push({ page: source.page, text: source.text, why: "unclear_characters" });
      return;
    }
    const unit = (m[2] && unitOf(m[2])) || unitOf(headers[i] ?? "") || rowUnit;
    const r = reading(m[1]!, unit, ctx, { ...base, context }, skipped);
    if (r) out.push(r);
  };
  if (at("value") >= 0) read(at("value"), cell("context") ? (contexts(cell("context")!)[0]?.context ?? null) : null);
  fields.forEach((f, i) => f && WIDE[f] && read(i, WIDE[f]!));
  return out;
}

function fromLine(l: LogLine, ctx: DocContext, docUnit: GlucoseUnit | null, heading: DateHeading | null, headerContexts: GlucoseContext[] | null, skipped: Unreadable[]): GlucoseReading[] {
  let found = [...l.masked.matchAll(VALUE_UNIT)].map((m) => ({ index: m.index, end: m.index + m[0].length, value: m[1]!, unit: unitOf(m[2]!) }));
  const words = contexts(l.masked);
  if (!found.length) {
    // A bare number is a reading only on a dated or labelled line of a log that names its unit.
    if (!l.dates.length && !l.times.length && !words.length) return [];
    found = [...l.masked.matchAll(BARE)].map((m) => ({ index: m.index, end: m.index + m[0].length, value: m[1]!, unit: docUnit }));
    if (found.length > 1 && !headerContexts && words.length < found.length) {
      skipped.push(unreadable(l.line, "ambiguous_numbers"));
      return [];
    }
  }
  const own = l.dates[0] ? dateText(l.dates[0]) : null;
  const out: GlucoseReading[] = [];
  found.forEach((f, k) => {
    const start = k ? found[k - 1]!.end : 0;
    const before = l.masked.slice(start, f.index);
    if (/[<>≤≥]/.test(before.trimEnd().slice(-1)) || has(TARGET, before)) return;
    const inBefore = words.filter((w) => w.index >= start && w.index < f.index);
    const after = found.length === 1 ? words.find((w) => w.index >= f.end) : undefined;
    const context = inBefore[inBefore.length - 1]?.context ?? after?.context ?? headerContexts?.[k] ?? null;
    const times = l.times.filter((t) => t.index < f.index && t.index >= start);
    const time = (times[times.length - 1] ?? (found.length === 1 ? l.times[0] : undefined))?.text;
    const date = own ?? heading?.date ?? null;
    const rest = { date, ...(date && !own && heading ? { dateSource: heading.source } : {}), ...(time ? { time } : {}), context, source: sourceOf(l.line) };
    const r = reading(f.value, f.unit, ctx, rest, skipped);
    if (r) out.push(r);
  });
  return out;
}

export function extractGlucose(lines: readonly Line[], ctx: DocContext, table?: Table): GlucoseLog {
  const readings: GlucoseReading[] = [];
  const skipped: Unreadable[] = [];
  const docUnit = unitOf([...(table ? table.columns : []), ...lines.map((l) => l.clean)].join("\n"));
  if (table) {
    const { fields, rows } = tableRows(table, GLUCOSE_HEADERS);
    for (const r of rows) readings.push(...fromRow(fields, table.columns, r.values, r.source, ctx, docUnit, null, skipped));
  }
  let heading: DateHeading | null = null;
  let header: { fields: (Field | null)[]; names: string[] } | null = null;
  let headerContexts: GlucoseContext[] | null = null;
  for (const line of lines) {
    const l = readLogLine(line, ctx);
    const h = headerFields(line.clean, GLUCOSE_HEADERS);
    if (h && !l.dates.length && h.some((x) => x.field === "value" || WIDE[x.field])) {
      header = { fields: h.map((x) => x.field), names: h.map((x, i) => line.clean.slice(x.start, h[i + 1]?.start ?? line.clean.length)) };
      const wide = header.fields.flatMap((f) => (f && WIDE[f] ? [WIDE[f]!] : []));
      headerContexts = wide.length ? wide : null;
      continue;
    }
    const values = header ? rowValues(l, header.fields.length) : null;
    const fitting = values && fits(header!.fields, values, CELLS, ctx) ? values : null;
    const rowSkipped: Unreadable[] = [];
    const row = fitting ? fromRow(header!.fields, header!.names, fitting, sourceOf(line), ctx, docUnit, heading, rowSkipped) : [];
    const got = row.length ? row : fromLine(l, ctx, docUnit, heading, headerContexts, skipped);
    if (row.length) skipped.push(...rowSkipped);
    if (got.length) {
      readings.push(...got);
      continue;
    }
    if (l.dates[0] && !findTimes(l.masked).length && contexts(l.masked).length === 0) heading = { date: dateText(l.dates[0]), source: sourceOf(line) };
    if (misread(l.masked, MISREAD)) skipped.push(unreadable(line, "unclear_characters"));
  }
  return buildGlucoseLog(readings, ctx.order, dedupe(skipped));
}

const dedupe = (xs: Unreadable[]) => [...new Map(xs.map((x) => [`${x.page}|${x.text}|${x.why}`, x])).values()];

export function buildGlucoseLog(readings: GlucoseReading[], dateOrder: GlucoseLog["dateOrder"], skipped: Unreadable[]): GlucoseLog {
  const byUnit = (["mg/dL", "mmol/L"] as const).flatMap((unit) => {
    const rs = readings.filter((r) => r.unit === unit);
    const all = stats(rs.map((r) => r.value), unit === "mmol/L" ? 2 : 1);
    if (!all) return [];
    const fasting = stats(rs.filter((r) => r.context === "fasting").map((r) => r.value), unit === "mmol/L" ? 2 : 1);
    return [{ unit, count: all.count, min: all.min, mean: all.mean, max: all.max, fasting: fasting ? { count: fasting.count, mean: fasting.mean } : null }];
  });
  return {
    kind: "glucose_log",
    readings,
    summary: { count: readings.length, byUnit, ...dateSpan(readings.map((r) => r.date)) },
    dateOrder,
    unreadable: skipped,
    citations: citationsOf(readings.flatMap((r) => [r.source, r.dateSource])),
  };
}
