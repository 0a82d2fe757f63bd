/** Blood-pressure logs: readings with dates, periods and pulse, the summary, and lines refused rather than guessed. */
import { describe, expect, it } from "vitest";
import { BpLogSchema, extractStructured, type BpReading } from "../../../../src/engine/documents/extract";
import { BP_CSV, BP_EN, BP_ES } from "./fixtures";

const brief = (r: BpReading) => [r.date, r.time ?? "", r.period, r.systolic, r.diastolic, r.pulse ?? null, r.source.page];

describe("blood-pressure logs", () => {
  it("reads a typed table and a phone-app export, English, with dates, times, periods and pulse", () => {
    const log = extractStructured("bp_log", BP_EN.pages);
    expect(BpLogSchema.parse(log)).toEqual(log);
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-02", "7:10 AM", "morning", 142, 91, 78, 1],
      ["2026-03-02", "9:05 PM", "evening", 135, 85, 72, 1],
      ["2026-03-03", "6:55 AM", "morning", 138, 88, 74, 1],
      ["2026-03-03", "8:40 PM", "evening", 131, 83, 70, 1],
      ["3/4", "", "morning", 140, 90, 80, 2],
      ["3/4", "", "evening", 133, 84, 71, 2],
      ["3/5", "", "evening", 129, 82, 69, 2],
      ["2026-03-06", "", "morning", 137, 86, 75, 2],
      ["2026-03-06", "", "evening", 128, 80, 68, 2],
    ]);
    // Each reading cites the exact line it came from.
    expect(log.readings[0]!.source).toEqual({ page: 1, text: "03/02/2026  7:10 AM   142/91     78      before meds" });
    expect(log.readings[4]!.source.text).toBe("Mon 3/4   AM 140/90 P 80    PM 133/84 P 71");
    expect(log.citations).toEqual(["p.1", "p.2"]);
    expect(log.dateOrder).toBe("mdy");
  });

  it("never reads a goal, an average or a birth date as a reading", () => {
    const log = extractStructured("bp_log", BP_EN.pages);
    expect(log.readings.some((r) => r.systolic === 130 && r.diastolic === 80)).toBe(false);
    expect(log.readings.some((r) => r.systolic === 135 && r.diastolic === 85 && r.source.page === 2)).toBe(false);
    expect(log.readings.every((r) => r.date !== "1958-04-12")).toBe(true);
  });

  it("reports the OCR-damaged reading instead of repairing it", () => {
    const log = extractStructured("bp_log", BP_EN.pages);
    expect(log.unreadable).toEqual([{ page: 2, text: "Tue 3/5   AM l42/9l P 7G    PM 129/82 P 69", why: "unclear_characters" }]);
    expect(log.readings.some((r) => r.systolic === 142 && r.date === "3/5")).toBe(false);
  });

  it("summarizes: count, min/mean/max, morning vs evening, first and last date", () => {
    const { summary } = extractStructured("bp_log", BP_EN.pages);
    expect(summary).toEqual({
      count: 9,
      systolic: { count: 9, min: 128, mean: 134.8, max: 142 },
      diastolic: { count: 9, min: 80, mean: 85.4, max: 91 },
      pulse: { count: 9, min: 68, mean: 73, max: 80 },
      morning: { count: 4, systolic: 139.3, diastolic: 88.8 },
      evening: { count: 5, systolic: 131.2, diastolic: 82.8 },
      firstDate: "2026-03-02",
      lastDate: "2026-03-06",
    });
  });

  it("reads Spanish: day-first dates, Mañana/Noche columns, a dated heading, and 'tarde' as other", () => {
    const log = extractStructured("bp_log", BP_ES.pages);
    expect(log.dateOrder).toBe("dmy");
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-02", "", "morning", 142, 91, 78, 1],
      ["2026-03-02", "", "evening", 135, 85, 70, 1],
      ["2026-03-03", "", "morning", 138, 88, 74, 1],
      ["2026-03-03", "", "evening", 131, 83, 69, 1],
      ["2026-03-04", "", "morning", 140, 90, null, 1],
      ["2026-03-05", "", "morning", 139, 87, 72, 1],
      ["2026-03-05", "", "other", 134, 84, 70, 1],
    ]);
    // The heading's date is cited with its own line.
    expect(log.readings[5]!.dateSource).toEqual({ page: 1, text: "lunes 5 de marzo de 2026" });
    expect(log.readings[5]!.source.text).toBe("mañana 139/87 pulso 72");
    expect(log.readings.some((r) => r.date === "1961-07-15")).toBe(false);
    expect(log.summary.morning).toEqual({ count: 4, systolic: 139.8, diastolic: 89 });
    expect(log.summary.evening).toEqual({ count: 2, systolic: 133, diastolic: 84 });
  });

  it("reads a CSV with Spanish headers in any order; a misread cell skips its row and says so", () => {
    const log = extractStructured("bp_log", BP_CSV.pages, BP_CSV.table);
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-01", "07:30", "morning", 141, 90, 77, 1],
      ["2026-03-01", "21:15", "evening", 133, 84, 70, 1],
      ["2026-03-02", "21:05", "evening", 130, 82, 68, 1],
    ]);
    expect(log.readings[0]!.source).toEqual({ page: 1, text: "01/03/2026 | 07:30 | 141 | 90 | 77", row: 1 });
    expect(log.unreadable).toEqual([{ page: 1, text: "02/03/2026 | 07:20 | l39 | 88 | 75", why: "unclear_characters" }]);
    const shuffled = { columns: ["PULSE", "dia", "Sys", "date"], rows: [["70", "84", "133", "2026-03-01"]] };
    expect(extractStructured("bp_log", [], shuffled).readings.map(brief)).toEqual([["2026-03-01", "", null, 133, 84, 70, 1]]);
  });

  it("reads the common line formats", () => {
    const lines = [
      "03/02/2026 7:10 AM 142/91 pulse 78",
      "2026-03-02 morning 138/88 72",
      "March 3, 2026 8:15 pm BP 128/79 HR 66",
      "3/4/2026 evening 131/84/70",
      "2026-03-05 19:40 126 / 81 mmHg 64 bpm",
    ];
    const log = extractStructured("bp_log", [{ n: 1, text: lines.join("\n") }]);
    expect(log.readings.map(brief)).toEqual([
      ["2026-03-02", "7:10 AM", "morning", 142, 91, 78, 1],
      ["2026-03-02", "", "morning", 138, 88, 72, 1],
      ["2026-03-03", "8:15 pm", "evening", 128, 79, 66, 1],
      ["2026-03-04", "", "evening", 131, 84, 70, 1],
      ["2026-03-05", "19:40", "evening", 126, 81, 64, 1],
    ]);
  });

  it("leaves the period unknown when a time could be either clock", () => {
    const log = extractStructured("bp_log", [{ n: 1, text: "2026-03-02 7:10 142/91\n2026-03-02 8:30 135/85" }]);
    expect(log.readings.map((r) => r.period)).toEqual([null, null]);
    expect(log.summary.morning).toBeNull();
  });
});
