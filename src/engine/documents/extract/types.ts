/**
 * Shapes shared by every structured extractor. Each value carries where it came from (page and the exact
 * line or table row) so that grounding can check it against the document and the UI can cite it.
 */
import { z } from "zod";

export const DOCUMENT_KINDS = ["bp_log", "glucose_log", "medication_list", "lab_results", "eob"] as const;
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKindSchema>;

/** One page of extracted text, 1-based. */
export const PageSchema = z.object({ n: z.number().int().positive(), text: z.string() });
export type Page = z.infer<typeof PageSchema>;

/** A parsed CSV/TSV: header cells and data rows. `page` is the page its rows are cited on (default 1). */
export const TableSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  page: z.number().int().positive().optional(),
});
export type Table = z.infer<typeof TableSchema>;

/** Where a value was read: the page and the exact line (or, for a table, the row's cells joined by " | "). */
export const SourceSchema = z.object({
  page: z.number().int().positive(),
  text: z.string().min(1),
  /** 1-based data row, for values read from a table. */
  row: z.number().int().positive().optional(),
});
export type Source = z.infer<typeof SourceSchema>;

/**
 * A line that looks like data but was not read, and why. OCR look-alikes ("l42/9l") are never repaired:
 * guessing "1" for "l" is inventing a number.
 */
export const UNREADABLE_REASONS = ["unclear_characters", "no_unit", "ambiguous_numbers", "out_of_range"] as const;
export const UnreadableSchema = z.object({ page: z.number().int().positive(), text: z.string(), why: z.enum(UNREADABLE_REASONS) });
export type Unreadable = z.infer<typeof UnreadableSchema>;

/** How numeric dates such as 03/02/2026 were read: month first (US) or day first (Spanish, most of the world). */
export const DateOrderSchema = z.enum(["mdy", "dmy"]);
export type DateOrder = z.infer<typeof DateOrderSchema>;

export const StatsSchema = z.object({ count: z.number().int(), min: z.number(), mean: z.number(), max: z.number() });
export type Stats = z.infer<typeof StatsSchema>;

/** What every extractor knows about the whole document before reading a line. */
export interface DocContext {
  order: DateOrder;
  /** Numbers like "7,2" use a decimal comma (Spanish documents). */
  decimalComma: boolean;
  /** Times without AM/PM are on a 24-hour clock (some time in the document is 13:00 or later). */
  clock24: boolean;
}

/** A line of a page, trimmed; `clean` has the same length with look-alike spaces and dashes unified. */
export interface Line {
  page: number;
  text: string;
  clean: string;
}

export function stats(values: number[], digits = 1): Stats | null {
  if (!values.length) return null;
  const round = (x: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  const sum = values.reduce((a, b) => a + b, 0);
  const min = values.reduce((a, b) => (b < a ? b : a));
  const max = values.reduce((a, b) => (b > a ? b : a));
  return { count: values.length, min, mean: round(sum / values.length), max };
}

/** "p.1", "p.2" … for every page any source (or date source) cites. */
export function citationsOf(sources: (Source | undefined)[]): string[] {
  const pages = new Set(sources.filter((s): s is Source => !!s).map((s) => s.page));
  return [...pages].sort((a, b) => a - b).map((p) => `p.${p}`);
}

/** First and last date: ISO dates sorted when there are any, else the first and last as written. */
export function dateSpan(dates: (string | null | undefined)[]): { firstDate: string | null; lastDate: string | null } {
  const all = dates.filter((d): d is string => !!d);
  const iso = all.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  const list = iso.length ? iso : all;
  return { firstDate: list[0] ?? null, lastDate: list[list.length - 1] ?? null };
}
