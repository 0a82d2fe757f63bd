/** Lab results: test, value, unit, reference range and flag as printed, with the collection date and its line. */
import { describe, expect, it } from "vitest";
import { extractStructured, LabResultsSchema, type LabResult } from "../../../../src/engine/documents/extract";
import { LABS_EN, LABS_ES } from "./fixtures";

const brief = ({ source: _s, dateSource: _d, ...r }: LabResult) => r;

describe("lab results", () => {
  it("reads a two-page report: columns, single-spaced lines, flags before units, comparators, words", () => {
    const labs = extractStructured("lab_results", LABS_EN.pages);
    expect(LabResultsSchema.parse(labs)).toEqual(labs);
    const d = { date: "2026-03-01" };
    expect(labs.results.map(brief)).toEqual([
      { test: "Hemoglobin A1c", value: "7.2", numeric: 7.2, unit: "%", referenceRange: "4.0-5.6", flag: "H", ...d },
      { test: "Glucose, fasting", value: "105", numeric: 105, unit: "mg/dL", referenceRange: "70-99", flag: "H", ...d },
      { test: "Creatinine", value: "1.1", numeric: 1.1, unit: "mg/dL", referenceRange: "0.6-1.3", ...d },
      { test: "eGFR", value: ">60", unit: "mL/min/1.73m2", referenceRange: ">59", ...d },
      { test: "Potassium", value: "5.6", numeric: 5.6, unit: "mmol/L", referenceRange: "3.5-5.1", flag: "H", ...d },
      { test: "LDL Cholesterol", value: "162", numeric: 162, unit: "mg/dL", referenceRange: "<100", flag: "High", ...d },
      { test: "HDL Cholesterol", value: "38", numeric: 38, unit: "mg/dL", referenceRange: ">39", flag: "Low", ...d },
      { test: "Triglycerides", value: "210", numeric: 210, unit: "mg/dL", referenceRange: "0-149", flag: "H", ...d },
      { test: "TSH", value: "2.10", numeric: 2.1, unit: "uIU/mL", referenceRange: "0.45-4.50", ...d },
      { test: "HIV 1/2 Antibody", value: "Non-reactive", referenceRange: "Non-reactive", ...d },
    ]);
    // The date is the collection date (not the report date), cited with the line that gives it, per page.
    expect(labs.results[0]!.dateSource).toEqual({ page: 1, text: "Collected: 03/01/2026 08:15   Reported: 03/02/2026" });
    expect(labs.results[5]!.dateSource).toEqual({ page: 2, text: "Lipid Panel          Collected: 03/01/2026" });
    expect(labs.results[5]!.source).toEqual({ page: 2, text: "LDL Cholesterol 162 mg/dL <100 High" });
    expect(labs.citations).toEqual(["p.1", "p.2"]);
    expect(labs.unreadable).toEqual([{ page: 2, text: "Vitamin B12  l85  pg/mL  232-1245", why: "unclear_characters" }]);
  });

  it("reads Spanish: decimal commas, thousands dots, Alto/Bajo", () => {
    const labs = extractStructured("lab_results", LABS_ES.pages);
    const d = { date: "2026-03-02" };
    expect(labs.results.map(brief)).toEqual([
      { test: "Hemoglobina glicosilada (HbA1c)", value: "7,2", numeric: 7.2, unit: "%", referenceRange: "4,0 - 5,6", flag: "H", ...d },
      { test: "Glucosa en ayunas", value: "118", numeric: 118, unit: "mg/dL", referenceRange: "70 - 100", flag: "Alto", ...d },
      { test: "Colesterol LDL", value: "162", numeric: 162, unit: "mg/dL", referenceRange: "< 100", flag: "Alto", ...d },
      { test: "Plaquetas", value: "250.000", numeric: 250000, unit: "/mm3", referenceRange: "150.000 - 450.000", ...d },
      { test: "Hemoglobina", value: "11,9", numeric: 11.9, unit: "g/dL", referenceRange: "12,0-16,0", flag: "Bajo", ...d },
    ]);
  });

  it("keeps the printed dash and spacing of a range", () => {
    const labs = extractStructured("lab_results", [{ n: 1, text: "WBC 6.1 x10^3/uL 4.0 – 11.0\nSodium  139  mmol/L  136–145" }]);
    expect(labs.results.map((r) => [r.test, r.value, r.unit, r.referenceRange])).toEqual([
      ["WBC", "6.1", "x10^3/uL", "4.0 – 11.0"],
      ["Sodium", "139", "mmol/L", "136–145"],
    ]);
  });

  it("does not read patient details, page numbers or addresses as results", () => {
    const text = "Patient: Ana Ruiz   Age: 66   MRN 00123456\nOrdering: Dr. Lee, 100 Main St Suite 4\nPage 1 of 3\nPhone (555) 123-4567";
    expect(extractStructured("lab_results", [{ n: 1, text }]).results).toEqual([]);
  });

  it("reads a CSV of results", () => {
    const table = { columns: ["Component", "Your Value", "Standard Range", "Units", "Flag"], rows: [["Hemoglobin", "13.1", "13.5 - 17.5", "g/dL", "L"], ["Platelets", "250", "150 - 400", "K/uL", ""]] };
    const labs = extractStructured("lab_results", [], table);
    expect(labs.results.map(brief)).toEqual([
      { test: "Hemoglobin", value: "13.1", numeric: 13.1, unit: "g/dL", referenceRange: "13.5 - 17.5", flag: "L" },
      { test: "Platelets", value: "250", numeric: 250, unit: "K/uL", referenceRange: "150 - 400" },
    ]);
  });
});
