/** The trend chart's geometry: round ticks that cover the values, readings in order, lines that break at a gap. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chartGeometry, labelLines, niceTicks, span, tickIndices, type Trend } from "../../src/renderer/lib/trend";
import { bpLog } from "./fixtures/documents";

describe("trend chart geometry", () => {
  it("picks round ticks that cover every value", () => {
    expect(niceTicks(84, 142)).toEqual([80, 100, 120, 140, 160]);
    expect(niceTicks(5.2, 7.9)).toEqual([5, 6, 7, 8]);
    expect(niceTicks(100, 100).length).toBeGreaterThan(1);
    fc.assert(
      // Readings as logs print them: whole numbers or one decimal (mmol/L).
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const [lo, hi] = [a / 10, (a + b) / 10];
        const ticks = niceTicks(lo, hi);
        expect(ticks[0]!).toBeLessThanOrEqual(lo);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(hi);
        expect(ticks.length).toBeLessThanOrEqual(12);
      }),
      { numRuns: 300 },
    );
  });

  it("labels at most five readings, always the first and the last", () => {
    expect(tickIndices(3)).toEqual([0, 1, 2]);
    expect(tickIndices(30)).toEqual([0, 7, 15, 22, 29]);
    expect(tickIndices(0)).toEqual([]);
    // Long labels go on two lines, and fewer of them fit.
    expect(labelLines("2026-03-01 07:10")).toEqual(["2026-03-01", "07:10"]);
    expect(labelLines("Mar 1")).toEqual(["Mar 1"]);
    const long = (n: number): Trend => ({ unit: "mmHg", series: ["systolic"], points: Array.from({ length: n }, (_, i) => ({ label: `A very long label number ${i}`, date: null, values: [120 + i], source: "p.1" })) });
    expect(chartGeometry(long(20)).xTicks.length).toBeLessThan(5);
    expect(chartGeometry(long(20)).xTicks.length).toBeGreaterThanOrEqual(2);
  });

  it("draws one line per series, left to right, higher values higher up", () => {
    const g = chartGeometry(bpLog.trend!);
    expect(g.series.map((s) => s.key)).toEqual(["systolic", "diastolic"]);
    const [sys, dia] = g.series as [(typeof g.series)[0], (typeof g.series)[0]];
    expect(sys.points.map((p) => p.value)).toEqual([142, 138, 129]);
    expect(sys.points[0]!.x).toBeLessThan(sys.points[2]!.x);
    expect(sys.points[0]!.y).toBeLessThan(dia.points[0]!.y);
    expect(sys.path.startsWith("M")).toBe(true);
    expect([sys.min, sys.max]).toEqual([129, 142]);
    expect(g.xTicks.map((t) => t.label)).toEqual(["Mar 1 07:10", "Mar 2 07:05", "Mar 3 19:30"]);
    expect(g.xTicks.map((t) => t.anchor)).toEqual(["start", "middle", "end"]);
    for (const tick of g.yTicks) expect(tick.y).toBeGreaterThanOrEqual(g.plot.top - 0.1);
  });

  it("breaks a line where a reading has no value, and says the span by date", () => {
    const trend: Trend = {
      unit: "mg/dL",
      series: ["value"],
      points: [
        { label: "a", date: "2026-01-01", values: [100], source: "p.1" },
        { label: "b", date: null, values: [null], source: "p.1" },
        { label: "c", date: "2026-01-03", values: [120], source: "p.1" },
      ],
    };
    const g = chartGeometry(trend);
    expect(g.series[0]!.path.match(/M/g)).toHaveLength(2);
    expect(g.series[0]!.path).not.toContain("L");
    expect(span(trend)).toEqual({ from: "2026-01-01", to: "2026-01-03" });
    expect(chartGeometry({ unit: "mg/dL", series: ["value"], points: [] }).series[0]!.path).toBe("");
  });
});
