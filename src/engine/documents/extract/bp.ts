/**
 * Blood-pressure logs: "03/02/2026 7:10 AM 142/91 pulse 78", "2026-03-02 morning 138/88 72", a date
 * heading with "Mañana 142/91 78" lines under it, text tables ("Date  Time  Sys  Dia  Pulse", or
 * "Fecha  Mañana  Noche" with a reading per cell) and CSV tables with those columns in any order.
 */
import { z } from "zod";
import { dateValue, findTimes, hourOf, periodOfHour, periodWords } from "./dates";
import { dateText, fits, rowTime, intCell, misread, type CellKind, readLogLine, rowValues, sourceOf, tableRows, unreadable, type DateHeading, type LogLine } from "./logs";
import { fold, has, headerFields, phraseRegex } from "./text";
import { citationsOf, dateSpan, DateOrderSchema, SourceSchema, stats, StatsSchema, UnreadableSchema, type DocContext, type Line, type Source, type Table, type Unreadable } from "./types";
import { BP_HEADERS, TARGET_WORDS, type Period } from "./vocab";

export const PeriodSchema = z.enum(["morning", "evening", "other"]).nullable();

export const BpReadingSchema = z.object({
  /** ISO when the text gives a full date, else as written; null when the log gives none. */
  date: z.string().min(1).nullable(),
  /** The heading line the date came from, when it is not on the reading's own line. */
  dateSource: SourceSchema.optional(),
  time: z.string().min(1).optional(),
  period: PeriodSchema,
  systolic: z.number().int(),
  diastolic: z.number().int(),
  pulse: z.number().int().optional(),
  source: SourceSchema,
});
export type BpReading = z.infer<typeof BpReadingSchema>;

const PeriodMeans = z.object({ count: z.number().int(), systolic: z.number(), diastolic: z.number() }).nullable();
export const BpSummarySchema = z.object({
  count: z.number().int(),
  systolic: StatsSchema.nullable(),
  diastolic: StatsSchema.nullable(),
  pulse: StatsSchema.nullable(),
  morning: PeriodMeans,
  evening: PeriodMeans,
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});
export type BpSummary = z.infer<typeof BpSummarySchema>;

export const BpLogSchema = z.object({
  kind: z.literal("bp_log"),
  readings: z.array(BpReadingSchema),
  summary: BpSummarySchema,
  dateOrder: DateOrderSchema,
  unreadable: z.array(UnreadableSchema),
  citations: z.array(z.string()),
});
export type BpLog = z.infer<typeof BpLogSchema>;

type Field = keyof typeof BP_HEADERS;
const WIDE: Partial<Record<Field, Period>> = { bp_morning: "morning", bp_evening: "evening", bp_other: "other" };

/** 142/91, 142 / 91, 142/91/78 (the third part is the pulse); never inside a date or a decimal. */
const BP = /(?<![\p{L}\p{N}.,/])(\d{2,3})\s{0,2}\/\s{0,2}(\d{2,3})(?:\/(\d{2,3}))?(?![\p{N}]|[.,/]\d)/gu;
const MISREAD = /(?<![\p{L}\p{N}])[0-9lIoOS]{2,3}\s?\/\s?[0-9lIoOS]{2,3}(?![\p{L}\p{N}])/gu;
const PULSE_WORDS = ["pulse", "pulso", "pul", "p", "hr", "heart rate", "fc", "frecuencia cardiaca", "frecuencia cardíaca"];
const PULSE_LABEL = new RegExp(`${phraseRegex(PULSE_WORDS, "iu").source}\\s{0,2}[:=]?\\s{0,2}(\\d{2,3})(?![\\p{N}.,])`, "iu");
const PULSE_UNIT = /(?<![\p{N}.,])(\d{2,3})\s?(?:bpm|lpm|ppm|latidos)(?![\p{L}])/iu;
const BARE_NEXT = /^\s{0,3}(?:mm\s?hg)?[\s,;]{0,3}(\d{2,3})(?![\p{N}.,:/]|\s?(?:mg|%))/iu;
const TARGET = phraseRegex(TARGET_WORDS, "iu");

const plausible = (s: number, d: number) => s >= 60 && s <= 300 && d >= 30 && d <= 200 && s > d;
const plausiblePulse = (p: number | null | undefined): p is number => typeof p === "number" && p >= 30 && p <= 250;

function periodOf(word: Period | undefined, time: string | undefined, ctx: DocContext): Period | null {
  if (word) return word;
  if (!time) return null;
  const t = findTimes(time)[0];
  const hour = t ? hourOf(t, ctx.clock24) : null;
  return hour === null ? null : periodOfHour(hour);
}

/** The "S/D" pressures a text prints, as "S/D" keys. */
export const bpPairsIn = (text: string): Set<string> => new Set([...text.matchAll(BP)].map((m) => `${+m[1]!}/${+m[2]!}`));

/**
 * Grounding's check of a whole reading: a plausible pair (systolic above diastolic), and where the cited
 * text prints pressures as "S/D", one of them — two numbers of the line in another pairing (the pulse as
 * diastolic, or one number twice) are not a reading the document gives.
 */
export function bpPairGrounded(systolic: unknown, diastolic: unknown, citedPairs: ReadonlySet<string>): boolean {
  if (typeof systolic !== "number" || typeof diastolic !== "number" || !plausible(systolic, diastolic)) return false;
  return !citedPairs.size || citedPairs.has(`${systolic}/${diastolic}`);
}

/** Readings in one row of a table (CSV or text), by its columns. */
function fromRow(fields: (Field | null)[], values: string[], source: Source, ctx: DocContext, heading: DateHeading | null, skipped: Unreadable[]): BpReading[] {
  const cell = (f: Field) => {
    const i = fields.indexOf(f);
    return i >= 0 ? values[i]?.trim() : undefined;
  };
  const own = cell("date") ? dateValue(cell("date")!, ctx.order) : null;
  const date = own ?? heading?.date ?? null;
  const time = rowTime(cell("time") || undefined, cell("date"), ctx);
  const word = cell("period") ? periodWords(cell("period")!)[0]?.period : undefined;
  const base = { date, ...(date && !own && heading ? { dateSource: heading.source } : {}), ...(time ? { time } : {}), source };
  const out: BpReading[] = [];
  const push = (sys: number, dia: number, pulse: number | null | undefined, period: Period | null) => {
    if (!plausible(sys, dia)) return skipped.push({ page: source.page, text: source.text, why: "out_of_range" });
    out.push({ ...base, period, systolic: sys, diastolic: dia, ...(plausiblePulse(pulse) ? { pulse } : {}) });
  };
  const sys = intCell(cell("systolic"));
  const dia = intCell(cell("diastolic"));
  if (sys !== null && dia !== null) push(sys, dia, intCell(cell("pulse")), periodOf(word, time, ctx));
  else if (cell("systolic") || cell("diastolic")) skipped.push({ page: source.page, text: source.text, why: /[lIoOS]/.test(`${cell("systolic")}${cell("diastolic")}`) ? "unclear_characters" : "out_of_range" });
  const pairs: [string | undefined, Period | null][] = [[cell("bp"), periodOf(word, time, ctx)]];
  fields.forEach((f, i) => f && WIDE[f] && pairs.push([values[i]?.trim(), WIDE[f]!]));
  for (const [text, period] of pairs) {
    if (!text) continue;
    const m = [...text.matchAll(BP)][0];
    if (!m) {
      if (misread(text, MISREAD)) skipped.push({ page: source.page, text: source.text, why: "unclear_characters" });
      continue;
    }
    const next = BARE_NEXT.exec(text.slice(m.index + m[0].length));
    push(+m[1]!, +m[2]!, m[3] ? +m[3] : next ? +next[1]! : intCell(cell("pulse")), period);
  }
  return out;
}

const CELLS: Partial<Record<Field, CellKind>> = {
  date: "date",
  time: "time",
  systolic: /^[\dlIoOS]{2,3}$/,
  diastolic: /^[\dlIoOS]{2,3}$/,
  pulse: /^[\dlIoOS]{2,3}$/,
  bp: /\//,
  bp_morning: /\//,
  bp_evening: /\//,
  bp_other: /\//,
};

/** "dia" is Spanish "día" (the date) unless the table also has a systolic column. */
function fixDia(fields: (Field | null)[], headers: string[]): (Field | null)[] {
  if (fields.includes("systolic")) return fields;
  return fields.map((f, i) => (f === "diastolic" && fold(headers[i] ?? "").trim() === "dia" ? "date" : f));
}

/** Readings on a free-text line: each pressure with the period word, time and pulse around it. */
function fromLine(l: LogLine, ctx: DocContext, heading: DateHeading | null, headerPeriods: Period[] | null): BpReading[] {
  const found = [...l.masked.matchAll(BP)].filter((m) => plausible(+m[1]!, +m[2]!));
  const out: BpReading[] = [];
  const own = l.dates[0] ? dateText(l.dates[0]) : null;
  found.forEach((m, k) => {
    const start = k ? found[k - 1]!.index! + found[k - 1]![0].length : 0;
    const end = m.index! + m[0].length;
    const before = l.masked.slice(start, m.index);
    const after = l.masked.slice(end, found[k + 1]?.index ?? l.masked.length);
    if (/[<>≤≥]/.test(before.trimEnd().slice(-1)) || has(TARGET, before)) return;
    const words = periodWords(before);
    const word = words[words.length - 1]?.period ?? (found.length === 1 ? periodWords(after)[0]?.period : undefined) ?? headerPeriods?.[k];
    const times = l.times.filter((t) => t.index >= start && t.index < m.index!);
    const time = (times[times.length - 1] ?? (found.length === 1 ? l.times[0] : undefined))?.text;
    const label = PULSE_LABEL.exec(after) ?? PULSE_UNIT.exec(after);
    const pulse = m[3] ? +m[3] : label ? +label[1]! : BARE_NEXT.exec(after) ? +BARE_NEXT.exec(after)![1]! : null;
    const date = own ?? heading?.date ?? null;
    out.push({
      date,
      ...(date && !own && heading ? { dateSource: heading.source } : {}),
      ...(time ? { time } : {}),
      period: periodOf(word, time, ctx),
      systolic: +m[1]!,
      diastolic: +m[2]!,
      ...(plausiblePulse(pulse) ? { pulse } : {}),
      source: sourceOf(l.line),
    });
  });
  return out;
}

export function extractBp(lines: readonly Line[], ctx: DocContext, table?: Table): BpLog {
  const readings: BpReading[] = [];
  const skipped: Unreadable[] = [];
  if (table) {
    const { fields, rows } = tableRows(table, BP_HEADERS);
    const fixed = fixDia(fields, table.columns);
    for (const r of rows) readings.push(...fromRow(fixed, r.values, r.source, ctx, null, skipped));
  }
  let heading: DateHeading | null = null;
  let header: (Field | null)[] | null = null;
  let headerPeriods: Period[] | null = null;
  for (const line of lines) {
    const l = readLogLine(line, ctx);
    const h = headerFields(line.clean, BP_HEADERS);
    if (h && !l.dates.length) {
      const fields = fixDia(h.map((x) => x.field), h.map((x) => line.clean.slice(x.start).split(/\s/)[0]!));
      if (fields.some((f) => f === "systolic" || f === "bp" || (f && WIDE[f]))) {
        header = fields;
        const wide = fields.flatMap((f) => (f && WIDE[f] ? [WIDE[f]!] : []));
        headerPeriods = wide.length ? wide : headerPeriods;
        continue;
      }
    }
    const values = header ? rowValues(l, header.length) : null;
    const row = values && fits(header!, values, CELLS, ctx) ? fromRow(header!, values, sourceOf(line), ctx, heading, []) : [];
    const got = row.length ? row : fromLine(l, ctx, heading, headerPeriods);
    if (misread(l.masked, MISREAD)) skipped.push(unreadable(line, "unclear_characters"));
    if (got.length) {
      readings.push(...got);
      continue;
    }
    const periods = periodWords(l.masked).map((p) => p.period);
    if (periods.length >= 2 && !l.dates.length) headerPeriods = periods;
    else if (l.dates[0]) heading = { date: dateText(l.dates[0]), source: sourceOf(line) };
  }
  return buildBpLog(readings, ctx.order, skipped);
}

/** The log with its summary and citations, from readings (extracted, or kept by grounding). */
export function buildBpLog(readings: BpReading[], dateOrder: BpLog["dateOrder"], skipped: Unreadable[]): BpLog {
  const means = (period: Period) => {
    const rs = readings.filter((r) => r.period === period);
    if (!rs.length) return null;
    return { count: rs.length, systolic: stats(rs.map((r) => r.systolic))!.mean, diastolic: stats(rs.map((r) => r.diastolic))!.mean };
  };
  const summary: BpSummary = {
    count: readings.length,
    systolic: stats(readings.map((r) => r.systolic)),
    diastolic: stats(readings.map((r) => r.diastolic)),
    pulse: stats(readings.flatMap((r) => (r.pulse === undefined ? [] : [r.pulse]))),
    morning: means("morning"),
    evening: means("evening"),
    ...dateSpan(readings.map((r) => r.date)),
  };
  return { kind: "bp_log", readings, summary, dateOrder, unreadable: skipped, citations: citationsOf(readings.flatMap((r) => [r.source, r.dateSource])) };
}
