/**
 * Grounding makes "never invent a number" enforceable: a value must be found where its record says it came
 * from. Tested on our own results and on objects shaped like a model's proposals.
 */
import { describe, expect, it } from "vitest";
import { extractStructured, validateGrounding } from "../../../../src/engine/documents/extract";
import { BP_CSV, BP_EN, EOB_EN, FIXTURES, GLUCOSE_ES, LABS_ES, MEDS_EN } from "./fixtures";

const BP_LINE = "03/02/2026  7:10 AM   142/91     78      before meds";
const reading = (over: Record<string, unknown> = {}) => ({ date: "2026-03-02", time: "7:10 AM", period: "morning", systolic: 142, diastolic: 91, pulse: 78, source: { page: 1, text: BP_LINE }, ...over });

describe("grounding", () => {
  it("keeps everything the parsers read from every fixture", () => {
    for (const f of FIXTURES) {
      const extracted = extractStructured(f.kind, f.pages, f.table);
      const { kept, dropped } = validateGrounding(extracted, f.pages, f.table);
      expect(dropped, f.name).toEqual([]);
      expect(kept, f.name).toEqual(extracted);
    }
  });

  it("keeps a correct value, rejects an invented one and one cited from the wrong page", () => {
    const proposal = {
      kind: "bp_log",
      readings: [
        reading(),
        reading({ systolic: 150 }),
        reading({ source: { page: 2, text: BP_LINE } }),
        reading({ source: { page: 7, text: BP_LINE } }),
        // The line is on page 2, but its numbers are not those.
        reading({ systolic: 142, diastolic: 91, source: { page: 2, text: "2026-03-06 morning 137/86 pulse 75" } }),
      ],
      summary: { count: 99 },
    };
    const { kept, dropped } = validateGrounding(proposal, BP_EN.pages);
    expect(kept?.kind).toBe("bp_log");
    if (kept?.kind !== "bp_log") throw new Error("kind");
    expect(kept.readings).toEqual([reading()]);
    expect(dropped).toEqual([
      { path: "readings[1].systolic", value: 150, why: "not_in_cited_text", scope: "record" },
      { path: "readings[2]", value: reading({ source: { page: 2, text: BP_LINE } }), why: "cited_text_not_on_page", scope: "record" },
      { path: "readings[3]", value: reading({ source: { page: 7, text: BP_LINE } }), why: "page_not_found", scope: "record" },
      { path: "readings[4].systolic", value: 142, why: "not_in_cited_text", scope: "record" },
    ]);
    // The summary is recomputed from what was kept, never taken from the proposal.
    expect(kept.summary.count).toBe(1);
    expect(kept.summary.systolic).toEqual({ count: 1, min: 142, mean: 142, max: 142 });
    expect(kept.citations).toEqual(["p.1"]);
  });

  it("holds a pressure to a pair the line prints: not the pulse as diastolic, not one number twice, not swapped", () => {
    const proposal = {
      kind: "bp_log",
      readings: [
        reading(),
        reading({ diastolic: 78 }), // the pulse of the same line
        reading({ systolic: 142, diastolic: 142, source: { page: 1, text: "142" } }), // one number, cited alone
        reading({ systolic: 91, diastolic: 142 }), // swapped
      ],
    };
    const { kept, dropped } = validateGrounding(proposal, BP_EN.pages);
    if (kept?.kind !== "bp_log") throw new Error("kind");
    expect(kept.readings).toEqual([reading()]);
    expect(dropped.map((d) => [d.path, d.why])).toEqual([
      ["readings[1]", "not_in_cited_text"],
      ["readings[2]", "not_in_cited_text"],
      ["readings[3]", "not_in_cited_text"],
    ]);
    // A table row prints the two numbers in their own columns: the plausible pair is enough there.
    const row = validateGrounding(extractStructured("bp_log", BP_CSV.pages, BP_CSV.table), BP_CSV.pages, BP_CSV.table);
    expect(row.dropped).toEqual([]);
  });

  it("removes an ungrounded optional value and keeps the record", () => {
    const { kept, dropped } = validateGrounding({ kind: "bp_log", readings: [reading({ pulse: 80, date: "2026-03-09" })] }, BP_EN.pages);
    if (kept?.kind !== "bp_log") throw new Error("kind");
    expect(kept.readings).toEqual([reading({ pulse: undefined, date: null })].map(({ pulse: _p, ...r }) => r));
    expect(dropped).toEqual([
      { path: "readings[0].pulse", value: 80, why: "not_in_cited_text", scope: "value" },
      { path: "readings[0].date", value: "2026-03-09", why: "not_on_page", scope: "value" },
    ]);
  });

  it("accepts a date as written or as ISO when the page gives it, and checks a date heading's own line", () => {
    const asWritten = validateGrounding({ kind: "bp_log", readings: [reading({ date: "03/02/2026" })] }, BP_EN.pages);
    expect(asWritten.dropped).toEqual([]);
    const fromHeading = {
      kind: "bp_log",
      readings: [
        { date: "2026-03-05", dateSource: { page: 1, text: "lunes 5 de marzo de 2026" }, period: "morning", systolic: 139, diastolic: 87, pulse: 72, source: { page: 1, text: "mañana 139/87 pulso 72" } },
        { date: "2026-03-06", dateSource: { page: 1, text: "lunes 5 de marzo de 2026" }, period: "other", systolic: 134, diastolic: 84, source: { page: 1, text: "tarde  134/84 pulso 70" } },
      ],
    };
    const pages = [{ n: 1, text: "lunes 5 de marzo de 2026\n  mañana 139/87 pulso 72\n  tarde  134/84 pulso 70" }];
    const { kept, dropped } = validateGrounding(fromHeading, pages);
    if (kept?.kind !== "bp_log") throw new Error("kind");
    expect(kept.readings.map((r) => r.date)).toEqual(["2026-03-05", null]);
    expect(dropped).toEqual([{ path: "readings[1].date", value: "2026-03-06", why: "not_in_cited_text", scope: "value" }]);
  });

  it("normalizes decimal commas, thousands separators and '$' but never the digits", () => {
    const labs = extractStructured("lab_results", LABS_ES.pages);
    const a1c = { ...labs.results[0]!, value: "7.2", numeric: 7.2 };
    const invented = { ...labs.results[0]!, value: "7.3", numeric: 7.3 };
    const platelets = { ...labs.results[3]!, numeric: 250000 };
    const { kept, dropped } = validateGrounding({ kind: "lab_results", results: [a1c, invented, platelets] }, LABS_ES.pages);
    if (kept?.kind !== "lab_results") throw new Error("kind");
    expect(kept.results.map((r) => [r.test, r.value, r.numeric])).toEqual([
      ["Hemoglobina glicosilada (HbA1c)", "7.2", 7.2],
      ["Plaquetas", "250.000", 250000],
    ]);
    expect(dropped).toEqual([{ path: "results[1].value", value: "7.3", why: "not_in_cited_text", scope: "record" }]);

    const glucose = extractStructured("glucose_log", GLUCOSE_ES.pages);
    const wrongUnit = { ...glucose.readings[0]!, unit: "mg/dL" };
    const g = validateGrounding({ kind: "glucose_log", readings: [glucose.readings[0], wrongUnit] }, GLUCOSE_ES.pages);
    expect(g.dropped).toEqual([{ path: "readings[1].unit", value: "mg/dL", why: "not_on_page", scope: "record" }]);
  });

  it("holds an EOB to its lines: amounts, codes and claim fields", () => {
    const eob = extractStructured("eob", EOB_EN.pages);
    const claim = eob.claims[0]!;
    const line = claim.lines[1]!;
    const proposal = {
      kind: "eob",
      claims: [
        {
          ...claim,
          claimNumber: "2026-0412-99999",
          lines: [{ ...line, paid: 120, denialCodes: ["CO-97", "CO-45"] }, { ...claim.lines[0]!, billed: 250, source: { page: 2, text: claim.lines[0]!.source.text } }],
          totals: { ...claim.totals!, patientResponsibility: 1535 },
          denialCodes: ["PR-2", "CO-97", "CO-16"],
        },
      ],
    };
    const { kept, dropped } = validateGrounding(proposal, EOB_EN.pages);
    if (kept?.kind !== "eob") throw new Error("kind");
    const c = kept.claims[0]!;
    expect(c.claimNumber).toBeUndefined();
    expect(c.lines).toEqual([{ ...line, paid: undefined, denialCodes: ["CO-97"] }].map(({ paid: _p, ...l }) => l));
    // $1,535.00 is on the totals line, but it is the billed total: the number is there, so it is kept —
    // grounding proves a number was printed on the cited line, not which column it sat in.
    expect(c.totals?.patientResponsibility).toBe(1535);
    expect(c.denialCodes).toEqual(["PR-2", "CO-97"]);
    expect(dropped).toEqual([
      { path: "claims[0].claimNumber", value: "2026-0412-99999", why: "not_on_page", scope: "value" },
      { path: "claims[0].denialCodes[2]", value: "CO-16", why: "not_in_cited_text", scope: "value" },
      { path: "claims[0].lines[0].paid", value: 120, why: "not_in_cited_text", scope: "value" },
      { path: "claims[0].lines[0].denialCodes[1]", value: "CO-45", why: "not_in_cited_text", scope: "value" },
      { path: "claims[0].lines[1]", value: { ...claim.lines[0]!, source: { page: 2, text: claim.lines[0]!.source.text } }, why: "cited_text_not_on_page", scope: "record" },
    ]);
  });

  it("holds a medication to its printed words: a normalized frequency is not what the list says", () => {
    const meds = extractStructured("medication_list", MEDS_EN.pages);
    const metformin = meds.medications[1]!;
    const { kept, dropped } = validateGrounding({ kind: "medication_list", medications: [{ ...metformin, frequency: "BID", strength: "1000 mg" }, { ...metformin, name: "Metoprolol" }] }, MEDS_EN.pages);
    if (kept?.kind !== "medication_list") throw new Error("kind");
    expect(kept.medications).toEqual([{ ...metformin, frequency: null, strength: null }]);
    expect(dropped).toEqual([
      { path: "medications[0].strength", value: "1000 mg", why: "not_in_cited_text", scope: "value" },
      { path: "medications[0].frequency", value: "BID", why: "not_in_cited_text", scope: "value" },
      { path: "medications[1].name", value: "Metoprolol", why: "not_in_cited_text", scope: "record" },
    ]);
  });

  it("grounds a table's rows against the table", () => {
    const log = extractStructured("bp_log", BP_CSV.pages, BP_CSV.table);
    const forged = { ...log.readings[0]!, pulse: 99 };
    const { dropped } = validateGrounding({ kind: "bp_log", readings: [log.readings[0], forged] }, [], BP_CSV.table);
    expect(dropped).toEqual([{ path: "readings[1].pulse", value: 99, why: "not_in_cited_text", scope: "value" }]);
  });

  it("reports what is not a record at all", () => {
    expect(validateGrounding({ kind: "x_ray" }, BP_EN.pages)).toEqual({ kept: null, dropped: [{ path: "kind", value: "x_ray", why: "invalid_shape", scope: "record" }] });
    const { kept, dropped } = validateGrounding({ kind: "bp_log", readings: [{ systolic: "142" }, reading({ source: undefined })] }, BP_EN.pages);
    if (kept?.kind !== "bp_log") throw new Error("kind");
    expect(kept.readings).toEqual([]);
    expect(dropped.map((d) => [d.path, d.why])).toEqual([
      ["readings[0]", "invalid_shape"],
      ["readings[1]", "invalid_shape"],
    ]);
    expect(validateGrounding({ kind: "eob" }, BP_EN.pages).dropped).toEqual([{ path: "claims", value: undefined, why: "invalid_shape", scope: "record" }]);
  });
});
