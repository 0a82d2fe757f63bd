/** Glucose logs: values with their unit and context as written, summaries per unit, and no guessed units. */
import { describe, expect, it } from "vitest";
import { extractStructured, GlucoseLogSchema, type GlucoseReading } from "../../../../src/engine/documents/extract";
import { GLUCOSE_EN, GLUCOSE_ES } from "./fixtures";

const brief = (r: GlucoseReading) => [r.date, r.time ?? "", r.context, r.value, r.unit, r.source.page];

describe("glucose logs", () => {
  it("reads a wide meter table (one column per context) and dated note lines", () => {
    const log = extractStructured("glucose_log", GLUCOSE_EN.pages);
    expect(GlucoseLogSchema.parse(log)).toEqual(log);
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-02", "", "fasting", 112, "mg/dL", 1],
      ["2026-03-02", "", "after_meal", 168, "mg/dL", 1],
      ["2026-03-02", "", "before_meal", 121, "mg/dL", 1],
      ["2026-03-02", "", "bedtime", 140, "mg/dL", 1],
      ["2026-03-03", "", "fasting", 105, "mg/dL", 1],
      ["2026-03-03", "", "before_meal", 118, "mg/dL", 1],
      ["2026-03-03", "", "bedtime", 135, "mg/dL", 1],
      ["2026-03-04", "", "after_meal", 155, "mg/dL", 1],
      ["2026-03-04", "", "bedtime", 142, "mg/dL", 1],
      ["2026-03-05", "7:05 am", "fasting", 98, "mg/dL", 2],
      ["2026-03-05", "9:30 am", "after_meal", 176, "mg/dL", 2],
      ["2026-03-05", "10:15 pm", "bedtime", 131, "mg/dL", 2],
    ]);
    expect(log.citations).toEqual(["p.1", "p.2"]);
    // The target range is not a reading; "l09" is reported, not read as 109.
    expect(log.readings.some((r) => r.value === 80 || r.value === 130 || r.value === 109)).toBe(false);
    expect(log.unreadable).toEqual([{ page: 1, text: "03/04/2026  l09       155               -               142", why: "unclear_characters" }]);
  });

  it("summarizes per unit with the fasting mean", () => {
    const { summary } = extractStructured("glucose_log", GLUCOSE_EN.pages);
    expect(summary).toEqual({
      count: 12,
      byUnit: [{ unit: "mg/dL", count: 12, min: 98, mean: 133.4, max: 176, fasting: { count: 3, mean: 105 } }],
      firstDate: "2026-03-02",
      lastDate: "2026-03-05",
    });
  });

  it("reads Spanish mmol/L with decimal commas, contexts and dated headings", () => {
    const log = extractStructured("glucose_log", GLUCOSE_ES.pages);
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-02", "", "fasting", 6.2, "mmol/L", 1],
      ["2026-03-02", "", "after_meal", 8.9, "mmol/L", 1],
      ["2026-03-02", "", "before_meal", 5.8, "mmol/L", 1],
      ["2026-03-03", "", "fasting", 6.5, "mmol/L", 1],
      ["2026-03-03", "", "bedtime", 7.1, "mmol/L", 1],
    ]);
    expect(log.readings[0]!.dateSource).toEqual({ page: 1, text: "Fecha: 02/03/2026" });
    expect(log.summary.byUnit).toEqual([{ unit: "mmol/L", count: 5, min: 5.8, mean: 6.9, max: 8.9, fasting: { count: 2, mean: 6.35 } }]);
  });

  it("never guesses a unit: a bare number in a log naming no unit (or both) is reported", () => {
    const none = extractStructured("glucose_log", [{ n: 1, text: "2026-03-02 fasting 112\n2026-03-03 fasting 6.1" }]);
    expect(none.readings).toEqual([]);
    expect(none.unreadable.map((u) => u.why)).toEqual(["no_unit", "no_unit"]);
    const both = extractStructured("glucose_log", [{ n: 1, text: "Meter shows mg/dL (mmol/L in settings)\n2026-03-02 fasting 112\n2026-03-03 fasting 5.9 mmol/L" }]);
    expect(both.readings.map(brief)).toEqual([["2026-03-03", "", "fasting", 5.9, "mmol/L", 1]]);
    // Units are never mixed into one mean.
    const mixed = extractStructured("glucose_log", [{ n: 1, text: "2026-03-02 fasting 112 mg/dL\n2026-03-03 fasting 6.1 mmol/L" }]);
    expect(mixed.summary.byUnit.map((u) => [u.unit, u.mean])).toEqual([["mg/dL", 112], ["mmol/L", 6.1]]);
  });

  it("reads a CSV with a unit in the header and a context column", () => {
    const table = { columns: ["Date", "Time", "Glucose (mg/dL)", "Meal"], rows: [["2026-03-02", "07:00", "104", "Before breakfast"], ["2026-03-02", "21:30", "151", "2h after dinner"], ["2026-03-03", "07:10", "99", ""]] };
    const log = extractStructured("glucose_log", [], table);
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-02", "07:00", "before_meal", 104, "mg/dL", 1],
      ["2026-03-02", "21:30", "after_meal", 151, "mg/dL", 1],
      ["2026-03-03", "07:10", null, 99, "mg/dL", 1],
    ]);
    expect(log.readings[1]!.source).toEqual({ page: 1, text: "2026-03-02 | 21:30 | 151 | 2h after dinner", row: 2 });
  });

  it("keeps 'before breakfast' as before_meal: calling it fasting would be a guess", () => {
    const log = extractStructured("glucose_log", [{ n: 1, text: "2026-03-02 before breakfast 101 mg/dL" }]);
    expect(log.readings[0]!.context).toBe("before_meal");
    expect(log.summary.byUnit[0]!.fasting).toBeNull();
  });
});
