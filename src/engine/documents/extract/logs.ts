/**
 * What the blood-pressure and glucose logs share: a date heading that applies to the readings under it,
 * rows of a text table or of a CSV, and lines whose digits OCR may have misread.
 */
import { dateValue, findDates, findTimes, isBirthLine, type FoundDate, type FoundTime } from "./dates";
import { cells, columnOf, mask, rowText, tokens } from "./text";
import type { DocContext, Line, Source, Table, Unreadable } from "./types";

export const sourceOf = (line: Line): Source => ({ page: line.page, text: line.text });
export const dateText = (d: FoundDate) => d.iso ?? d.text;

/** A line read for a log: its dates (not birth dates) and times found, and the rest with them blanked. */
export interface LogLine {
  line: Line;
  dates: FoundDate[];
  times: FoundTime[];
  masked: string;
}
export function readLogLine(line: Line, ctx: DocContext): LogLine {
  const dates = isBirthLine(line.clean) ? [] : findDates(line.clean, ctx.order, true);
  const times = findTimes(mask(line.clean, dates));
  return { line, dates, times, masked: mask(line.clean, [...dates, ...times]) };
}

/** The date a heading line ("Monday, March 2, 2026") gives the readings that follow it. */
export interface DateHeading {
  date: string;
  source: Source;
}

/**
 * Digits with OCR look-alike letters ("l42/9l", "1O5 mg/dL"). Never repaired: reading "l" as "1" would be
 * a guess, so the line is reported instead.
 */
export function misread(masked: string, re: RegExp): boolean {
  for (const m of masked.matchAll(re)) if (/\d/.test(m[0]) && /[lIoOS]/.test(m[0])) return true;
  return false;
}

export function unreadable(line: Line, why: Unreadable["why"]): Unreadable {
  return { page: line.page, text: line.text, why };
}

/** A text-table row's values for `n` columns: its cells, else its tokens with each date and time kept whole. */
export function rowValues(l: LogLine, n: number): string[] | null {
  const cs = cells(l.line.clean);
  if (cs.length === n) return cs.map((c) => c.text);
  for (const sep of [";", ","]) {
    const parts = l.line.clean.split(sep);
    if (parts.length === n) return parts.map((p) => p.trim());
  }
  const ts = tokens(l.line.clean, [...l.dates, ...l.times]);
  return ts.length === n ? ts.map((t) => t.text) : null;
}

/** A CSV's columns mapped to fields, and its rows with the source each is cited by. */
export function tableRows<F extends string>(table: Table, vocab: Record<F, readonly string[]>) {
  const fields = table.columns.map((c) => columnOf(c, vocab));
  const page = table.page ?? 1;
  const rows = table.rows
    .map((values, i) => ({ values, source: { page, text: rowText(values), row: i + 1 } satisfies Source }))
    .filter((r) => r.values.some((v) => v.trim()));
  return { fields, rows };
}

/** Whether the one token is a whole number, optionally with a unit such as "mmHg" or "bpm". */
export function intCell(s: string | undefined, unit = /(?:mm\s?hg|bpm|lpm|ppm)?/i): number | null {
  if (s === undefined) return null;
  const m = new RegExp(`^\\s*(\\d{1,3})\\s*${unit.source}\\s*$`, "i").exec(s);
  return m ? Number(m[1]) : null;
}

export type CellKind = "date" | "time" | RegExp;
/**
 * Whether a text row's cells are what its columns say (a time is a time, a reading has digits), so a
 * free-text line that happens to have as many words is not read as a row. Empty and "-" cells fit.
 */
export function fits<F extends string>(fields: (F | null)[], values: string[], kinds: Partial<Record<F, CellKind>>, ctx: DocContext): boolean {
  return fields.every((f, i) => {
    const v = values[i]?.trim() ?? "";
    const kind = f ? kinds[f] : undefined;
    if (!v || v === "-" || !kind) return true;
    if (kind === "date") return dateValue(v, ctx.order) !== null;
    if (kind === "time") return findTimes(v).length === 1;
    return kind.test(v);
  });
}

/** The time in a row: its time column, else a time written in its date cell ("Mar 10, 2026 06:48"). */
export function rowTime(timeCell: string | undefined, dateCell: string | undefined, ctx: DocContext): string | undefined {
  if (timeCell) return timeCell;
  if (!dateCell) return undefined;
  return findTimes(mask(dateCell, findDates(dateCell, ctx.order, true)))[0]?.text;
}
