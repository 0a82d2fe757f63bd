/**
 * The words for the keys in structured data (columns, series, summary entries), in the user's
 * language; a key the app has no word for is shown as it came, never dropped.
 */
type T = (key: string, options?: Record<string, unknown>) => string;

export const columnLabel = (t: T, key: string) => t(`documents.column.${key}`, { defaultValue: key });
export const seriesLabel = (t: T, key: string) => t(`chart.series.${key}`, { defaultValue: columnLabel(t, key) });
export const summaryLabel = (t: T, key: string) => t(`documents.summary.${key}`, { defaultValue: key });
export const kindLabel = (t: T, kind: string) => t(`documents.kind.${kind}`, { defaultValue: kind });

/** Cell values the engine writes as keys (a reading's time of day, a glucose reading's context). */
const VALUE_COLUMNS = new Set(["period", "context"]);
export const cellText = (t: T, column: string, value: string) => (VALUE_COLUMNS.has(column) && value ? t(`documents.value.${value}`, { defaultValue: value }) : value);

/** Where a value was read: "p.2" or "row 5", in the user's language; anything else as it came. */
export function sourceLabel(t: T, source: string): string {
  const page = /^p\.\s?(\d+)$/.exec(source);
  if (page) return t("documents.source.page", { n: Number(page[1]) });
  const row = /^row (\d+)$/.exec(source);
  if (row) return t("documents.source.row", { n: Number(row[1]) });
  return source;
}
