/**
 * The geometry of a trend chart (blood-pressure or glucose readings over time), pure and unit-tested:
 * readings evenly spaced left to right in the order of the log, a value axis with a few round ticks,
 * one line per series that breaks where a reading has no value, and the figures a summary needs.
 */
import type { StructuredData } from "../../shared/contract";

export type Trend = NonNullable<StructuredData["trend"]>;

export interface ChartPoint {
  x: number;
  y: number;
  value: number;
  index: number;
}

export interface ChartSeries {
  key: string;
  points: ChartPoint[];
  /** SVG path data; a missing value starts a new segment. */
  path: string;
  min: number | null;
  max: number | null;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  yTicks: { value: number; y: number }[];
  /** A reading's label, on one or two lines ("2026-03-01" over "07:10"). */
  xTicks: { label: string; lines: string[]; x: number; anchor: "start" | "middle" | "end" }[];
  series: ChartSeries[];
}

export const CHART_SIZE = { width: 640, height: 280 };
const MARGIN = { left: 56, right: 16, top: 28, bottom: 52 };
const MAX_X_TICKS = 5;
/** About how wide one character of a 12 px label is, to keep labels from running into each other. */
const CHAR_PX = 7;

/** A long label on two lines, broken at its last space (date over time). */
export function labelLines(label: string): string[] {
  const cut = label.lastIndexOf(" ");
  return label.length > 10 && cut > 0 ? [label.slice(0, cut), label.slice(cut + 1)] : [label];
}

/** Round steps (1, 2, 2.5, 5 × 10ⁿ) so the value axis reads 80, 100, 120 … */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max - min < 1e-9 * Math.max(1, Math.abs(min), Math.abs(max))) {
    const pad = Math.max(1, Math.abs(min) * 0.1);
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let k = 0; k < 100; k++) {
    const v = Number((start + k * step).toFixed(10));
    ticks.push(v);
    if (v >= max) break;
  }
  return ticks;
}

/** At most `max` indices, spread evenly, always the first and the last. */
export function tickIndices(n: number, max = MAX_X_TICKS): number[] {
  if (n <= 0) return [];
  if (n <= max) return [...Array(n).keys()];
  const out = new Set<number>();
  for (let i = 0; i < max; i++) out.add(Math.round((i * (n - 1)) / (max - 1)));
  return [...out];
}

const round = (n: number) => Math.round(n * 10) / 10;

export function chartGeometry(trend: Trend, size = CHART_SIZE): ChartGeometry {
  const plot = { left: MARGIN.left, top: MARGIN.top, right: size.width - MARGIN.right, bottom: size.height - MARGIN.bottom };
  const values = trend.points.flatMap((p) => p.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const ticks = values.length ? niceTicks(Math.min(...values), Math.max(...values)) : [];
  const lo = ticks[0] ?? 0;
  const hi = ticks.at(-1) ?? 1;
  const n = trend.points.length;
  const xOf = (i: number) => round(n <= 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * i) / (n - 1));
  const yOf = (v: number) => round(plot.bottom - ((plot.bottom - plot.top) * (v - lo)) / (hi - lo || 1));
  const series = trend.series.map((key, s) => {
    const points: ChartPoint[] = [];
    let path = "";
    let pen = false;
    trend.points.forEach((p, i) => {
      const v = p.values[s];
      if (v === null || v === undefined || !Number.isFinite(v)) {
        pen = false;
        return;
      }
      const point = { x: xOf(i), y: yOf(v), value: v, index: i };
      points.push(point);
      path += `${pen ? "L" : "M"}${point.x} ${point.y} `;
      pen = true;
    });
    const own = points.map((p) => p.value);
    return { key, points, path: path.trim(), min: own.length ? Math.min(...own) : null, max: own.length ? Math.max(...own) : null };
  });
  const widest = Math.max(1, ...trend.points.map((p) => Math.max(...labelLines(p.label).map((l) => l.length))));
  const fit = Math.floor((plot.right - plot.left) / (widest * CHAR_PX + 16)) + 1;
  const indices = tickIndices(n, Math.max(2, Math.min(MAX_X_TICKS, fit)));
  const xTicks = indices.map((i, k) => ({
    label: trend.points[i]!.label,
    lines: labelLines(trend.points[i]!.label),
    x: xOf(i),
    anchor: (indices.length === 1 ? "middle" : k === 0 ? "start" : k === indices.length - 1 ? "end" : "middle") as "start" | "middle" | "end",
  }));
  return { width: size.width, height: size.height, plot, yTicks: ticks.map((value) => ({ value, y: yOf(value) })), xTicks, series };
}

/** The first and last reading's labels (their dates when the log gives them). */
export function span(trend: Trend): { from: string; to: string } {
  const first = trend.points[0];
  const last = trend.points.at(-1);
  return { from: first ? (first.date ?? first.label) : "", to: last ? (last.date ?? last.label) : "" };
}
