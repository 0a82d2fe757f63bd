/** Locale-aware formatting for sizes, dates and progress, kept pure so it is unit-tested. */

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** 1536 → "1.5 KB" (binary multiples, the way file managers show sizes). */
export function formatBytes(bytes: number, language: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** A date people read easily ("March 4, 2025" / "4 de marzo de 2025"); the raw value when unparseable. */
export function formatDate(iso: string | Date, language: string): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(date);
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** Whole percent of a download, or null when the total is unknown (an indeterminate bar). */
export function percentOf(received: number, total: number | null): number | null {
  if (!total || total <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((received / total) * 100)));
}
