/**
 * Dates and times as printed. A date becomes ISO only when the text gives day, month and a four-digit
 * year; "3/2" or "03/02/26" stay as written (the century would be our guess). Numeric dates are read
 * month-first or day-first for the whole document (inferDateOrder), never line by line.
 */
import type { DateOrder, Line } from "./types";
import type { Span } from "./text";
import { fold, has, isSpanish, phraseRegex } from "./text";
import { BIRTH_WORDS, MONTHS, PERIOD_WORDS, type Period } from "./vocab";

export interface FoundDate extends Span {
  text: string;
  iso: string | null;
}

const MONTH_ALT = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join("|");
const ISO = /(?<![\p{L}\p{N}/.-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\p{N}]|(?!T)\p{L})/gu;
const NUMERIC = /(?<![\p{L}\p{N}/.,:-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\p{L}\p{N}]|[.,:/]\d)/gu;
const MONTH_FIRST = new RegExp(`(?<![\\p{L}])(${MONTH_ALT})\\.?\\s{1,3}(\\d{1,2})(?:st|nd|rd|th)?,?\\s{1,3}(\\d{4})(?!\\d)`, "giu");
const DAY_FIRST = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,2})(?:\\s{1,3}de)?[\\s-]{1,3}(${MONTH_ALT})\\.?(?:\\s{1,3}del?)?[\\s,-]{1,3}(\\d{4})(?!\\d)`, "giu");
const PARTIAL = /(?<![\p{L}\p{N}/.,:-])(\d{1,2})\/(\d{1,2})(?![\p{L}\p{N}/]|[.,:]\d)/gu;
const PARTIAL_MONTH = new RegExp(`(?<![\\p{L}\\p{N}])(?:(${MONTH_ALT})\\.?\\s{1,3}(\\d{1,2})|(\\d{1,2})(?:\\s{1,3}de)?\\s{1,3}(${MONTH_ALT}))(?![\\p{L}\\p{N}]|[.,:]\\d)`, "giu");

const DAYS_IN = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isoOf(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > DAYS_IN[m - 1]! || y < 1900 || y > 2100) return null;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
const monthOf = (s: string) => MONTHS[fold(s).replace(/\.$/, "")];
const validDay = (m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= DAYS_IN[m - 1]!;

/**
 * Dates in a line, left to right, without overlaps. `partial` also finds dates without a year ("3/2",
 * "Mar 2") — only logs ask for them, where a short date starts a reading's line.
 */
export function findDates(line: string, order: DateOrder, partial = false): FoundDate[] {
  const found: FoundDate[] = [];
  const add = (m: RegExpMatchArray, iso: string | null, ok = true) => {
    if (ok) found.push({ index: m.index!, end: m.index! + m[0].length, text: m[0], iso });
  };
  for (const m of line.matchAll(ISO)) add(m, isoOf(+m[1]!, +m[3]!, +m[4]!), isoOf(+m[1]!, +m[3]!, +m[4]!) !== null);
  for (const m of line.matchAll(NUMERIC)) {
    const [a, b] = [+m[1]!, +m[3]!];
    const [mo, d] = order === "mdy" ? [a, b] : [b, a];
    if (!validDay(mo, d)) continue;
    add(m, m[4]!.length === 4 ? isoOf(+m[4]!, mo, d) : null, m[4]!.length === 2 || isoOf(+m[4]!, mo, d) !== null);
  }
  for (const m of line.matchAll(MONTH_FIRST)) add(m, isoOf(+m[3]!, monthOf(m[1]!)!, +m[2]!));
  for (const m of line.matchAll(DAY_FIRST)) add(m, isoOf(+m[3]!, monthOf(m[2]!)!, +m[1]!));
  if (partial) {
    for (const m of line.matchAll(PARTIAL)) {
      const [a, b] = [+m[1]!, +m[2]!];
      const [mo, d] = order === "mdy" ? [a, b] : [b, a];
      add(m, null, validDay(mo, d));
    }
    for (const m of line.matchAll(PARTIAL_MONTH)) {
      const mo = monthOf(m[1] ?? m[4]!)!;
      // "may" and "mar" are also words; a year-less month name counts only when capitalised.
      add(m, null, validDay(mo, +(m[2] ?? m[3]!)) && /^\p{Lu}/u.test(m[1] ?? m[4]!));
    }
  }
  found.sort((x, y) => x.index - y.index || y.end - x.end);
  const out: FoundDate[] = [];
  for (const f of found) if (!out.length || f.index >= out[out.length - 1]!.end) out.push(f);
  return out;
}

/** Month-first unless the document's own dates show day-first (a first part over 12), or it is Spanish. */
export function inferDateOrder(lines: readonly Line[]): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const { clean } of lines) {
    for (const re of [NUMERIC, PARTIAL]) {
      for (const m of clean.matchAll(re)) {
        const a = +m[1]!;
        const b = +(re === NUMERIC ? m[3]! : m[2]!);
        if (a > 12 && b <= 12) dmy++;
        else if (b > 12 && a <= 12) mdy++;
      }
    }
  }
  if (dmy !== mdy) return dmy > mdy ? "dmy" : "mdy";
  return isSpanish(lines.map((l) => l.clean).join("\n")) ? "dmy" : "mdy";
}

export interface FoundTime extends Span {
  text: string;
  /** Hour on a 24-hour clock when the text makes it certain (AM/PM, or 13:00 and later). */
  hour: number | null;
  clock: "ampm" | "24h" | "unknown";
}

const TIME = /(?<![\d:.,/])(\d{1,2}):(\d{2})(?::\d{2})?(?:\s?([ap])\.?\s?m\b\.?|\s?h(?:rs)?\b)?/giu;
const HOUR_ONLY = /(?<![\d:.,/])(\d{1,2})\s?([ap])\.?\s?m\b\.?/giu;

export function findTimes(line: string): FoundTime[] {
  const found: FoundTime[] = [];
  for (const re of [TIME, HOUR_ONLY]) {
    for (const m of line.matchAll(re)) {
      const h = +m[1]!;
      const min = re === TIME ? +m[2]! : 0;
      const ap = (re === TIME ? m[3] : m[2])?.toLowerCase();
      if (min > 59 || h > 23 || (ap && (h < 1 || h > 12))) continue;
      const hour = ap ? (h % 12) + (ap === "p" ? 12 : 0) : h >= 13 || h === 0 ? h : null;
      found.push({ index: m.index, end: m.index + m[0].length, text: m[0].trim(), hour, clock: ap ? "ampm" : hour !== null ? "24h" : "unknown" });
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  const out: FoundTime[] = [];
  for (const t of found) if (!out.length || t.index >= out[out.length - 1]!.end) out.push(t);
  return out;
}

/** Morning 4–11 h, evening 17–23 h, otherwise "other". */
export function periodOfHour(hour: number): Period {
  if (hour >= 4 && hour < 12) return "morning";
  if (hour >= 17) return "evening";
  return "other";
}

/** The hour a time means, using the document's clock: "7:10" is 07:10 only when the document is on 24 hours. */
export function hourOf(t: FoundTime, clock24: boolean): number | null {
  if (t.hour !== null) return t.hour;
  return clock24 ? Number(t.text.split(/[:\s]/)[0]) : null;
}

const PERIOD_RES = (Object.keys(PERIOD_WORDS) as Period[]).map((p) => [p, phraseRegex(PERIOD_WORDS[p])] as const);
/** Time-of-day words in a (masked) text, in order. */
export function periodWords(s: string): { period: Period; index: number }[] {
  const out: { period: Period; index: number }[] = [];
  for (const [period, re] of PERIOD_RES) for (const m of s.matchAll(re)) out.push({ period, index: m.index });
  return out.sort((a, b) => a.index - b.index);
}

const BIRTH = phraseRegex(BIRTH_WORDS);
export const isBirthLine = (s: string) => has(BIRTH, s);

/** A cell or phrase as a date: ISO when it is a full date, else as written; null when it has no date. */
export function dateValue(s: string, order: DateOrder): string | null {
  const d = findDates(s, order, true)[0];
  return d ? (d.iso ?? d.text) : null;
}
