/** Medication lists: name, strength, form, frequency and prescriber exactly as printed; never a worked-out dose. */
import { describe, expect, it } from "vitest";
import { extractStructured, MedicationListSchema, type Medication } from "../../../../src/engine/documents/extract";
import { MEDS_CSV, MEDS_EN, MEDS_ES } from "./fixtures";

const brief = ({ source: _source, ...m }: Medication) => m;

describe("medication lists", () => {
  it("reads a numbered clinic list, a directions line under its medicine, and the sections", () => {
    const list = extractStructured("medication_list", MEDS_EN.pages);
    expect(MedicationListSchema.parse(list)).toEqual(list);
    const current = { section: "Current medications" };
    expect(list.medications.map(brief)).toEqual([
      { name: "Lisinopril", strength: "10 mg", form: "tablet", frequency: "1 tab by mouth once daily", prescriber: "Dr. Patel", ...current },
      { name: "Metformin", strength: "500mg", form: "tablet", frequency: "twice daily with meals", prescriber: "Dr. Patel", ...current },
      { name: "Atorvastatin", strength: "40 mg", frequency: "at bedtime", prescriber: "Dr. Chen", ...current },
      { name: "Levothyroxine", strength: "75 mcg", frequency: "Take 1 tablet every morning on an empty stomach", ...current },
      { name: "Insulin glargine", strength: "100 units/mL", form: "pen", frequency: "20 units at bedtime", ...current },
      { name: "Vitamin D3", strength: "2000 IU", frequency: "daily", ...current },
      { name: "Amlodipine", strength: "5 mg", frequency: "daily (stopped 01/2026: ankle swelling)", section: "Stopped medications" },
    ]);
    expect(list.medications[0]!.source).toEqual({ page: 1, text: "1. Lisinopril 10 mg tablet — 1 tab by mouth once daily — Dr. Patel" });
    // The directions line is cited with the medicine's line.
    expect(list.medications[3]!.source.text).toBe("4. Levothyroxine 75 mcg\nTake 1 tablet every morning on an empty stomach");
    expect(list.citations).toEqual(["p.1"]);
  });

  it("never reads an allergy as a medication", () => {
    const list = extractStructured("medication_list", [{ n: 1, text: "Medications\nLosartan 50 mg daily\nAllergies:\nPenicillin 500 mg (hives)\nCurrent medications\nAspirin 81 mg daily" }]);
    expect(list.medications.map((m) => m.name)).toEqual(["Losartan", "Aspirin"]);
  });

  it("leaves a sentence to the free-text reader instead of reading its words as a medicine's name", () => {
    const text = "Dr. Alvarez increased your lisinopril to 20 mg once daily.\nLa doctora le aumentó la metformina a 850 mg.\nLosartan 50 mg daily";
    const list = extractStructured("medication_list", [{ n: 1, text }]);
    expect(list.medications.map((m) => m.name)).toEqual(["Losartan"]);
  });

  it("reads a Spanish text table by its columns, and a row short of cells as a line", () => {
    const list = extractStructured("medication_list", MEDS_ES.pages);
    expect(list.medications.map(brief)).toEqual([
      { name: "Enalapril", strength: "10 mg", frequency: "1 comprimido cada 12 horas", prescriber: "Dra. López" },
      { name: "Metformina", strength: "850 mg", frequency: "con el desayuno y la cena", prescriber: "Dra. López" },
      { name: "Omeprazol", strength: "20 mg", frequency: "en ayunas", prescriber: "Dr. Ruiz" },
      { name: "Paracetamol", strength: "1 g", frequency: "si dolor, máximo 3 al día" },
    ]);
  });

  it("reads a CSV, a missing strength staying null", () => {
    const list = extractStructured("medication_list", MEDS_CSV.pages, MEDS_CSV.table);
    expect(list.medications.map(brief)).toEqual([
      { name: "Losartan", strength: "50 mg", form: "tablet", frequency: "once daily", prescriber: "Dr. Patel" },
      { name: "Albuterol HFA", strength: "90 mcg/actuation", form: "inhaler", frequency: "2 puffs every 4-6 hours as needed", prescriber: "Dr. Kim" },
      { name: "Sertraline", strength: null, form: "tablet", frequency: "1 at bedtime" },
    ]);
  });

  it("keeps combination strengths and leaves lab units alone", () => {
    const list = extractStructured("medication_list", [{ n: 1, text: "Hydrocodone/acetaminophen 5/325 mg tab q6h prn\nLosartan-HCTZ 50-12.5 mg daily\nGlucose 105 mg/dL" }]);
    expect(list.medications.map((m) => [m.name, m.strength, m.form ?? null, m.frequency])).toEqual([
      ["Hydrocodone/acetaminophen", "5/325 mg", "tab", "q6h prn"],
      ["Losartan-HCTZ", "50-12.5 mg", null, "daily"],
    ]);
  });
});
