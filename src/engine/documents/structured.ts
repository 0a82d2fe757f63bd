/**
 * What an attachment view shows of a document's structured data: the most likely kind's records,
 * grounded (every number and date found on the page it cites; the rest dropped and counted), as rows
 * with their citations, a trend for logs, and a short summary. Keys are words the app translates.
 */
import type { DocumentPage, StructuredData } from "../../shared/contract";
import type { IngestResult } from "./types";
import { detectKind, extractStructured, validateGrounding, type Extracted, type Source, type Table } from "./extract";

/** "p.2", or "row 5" for a table's row. */
const cite = (s: Source | undefined) => (!s ? "" : s.row !== undefined ? `row ${s.row}` : `p.${s.page}`);
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const num = (n: number | undefined) => (n === undefined ? "" : String(n));

/** The kind found in what was read, extracted and grounded; null when nothing structured is there. */
export function structuredOf(pages: readonly DocumentPage[], table?: Table): { data: Extracted; dropped: number } | null {
  const readPages = pages.filter((p) => p.read).map((p) => ({ n: p.n, text: p.text }));
  const kind = detectKind(readPages, table);
  if (!kind) return null;
  const grounded = validateGrounding(extractStructured(kind, readPages, table), readPages, table);
  return { data: grounded.kept, dropped: grounded.dropped.length };
}

export function present(data: Extracted, dropped: number): StructuredData | null {
  switch (data.kind) {
    case "bp_log": {
      if (!data.readings.length) return null;
      const s = data.summary;
      return {
        kind: data.kind,
        columns: ["date", "time", "period", "systolic", "diastolic", "pulse"],
        rows: data.readings.map((r) => ({ cells: [str(r.date), str(r.time), str(r.period), String(r.systolic), String(r.diastolic), num(r.pulse)], source: cite(r.source) })),
        trend: {
          unit: "mmHg",
          series: ["systolic", "diastolic"],
          points: data.readings.map((r) => ({ label: [r.date, r.time].filter(Boolean).join(" "), date: r.date, values: [r.systolic, r.diastolic], source: cite(r.source) })),
        },
        summary: [
          { key: "readings", value: String(s.count) },
          ...(s.systolic && s.diastolic ? [{ key: "mean", value: `${s.systolic.mean}/${s.diastolic.mean} mmHg` }, { key: "range", value: `${s.systolic.min}–${s.systolic.max} / ${s.diastolic.min}–${s.diastolic.max}` }] : []),
          ...(s.morning ? [{ key: "morning", value: `${s.morning.systolic}/${s.morning.diastolic}` }] : []),
          ...(s.evening ? [{ key: "evening", value: `${s.evening.systolic}/${s.evening.diastolic}` }] : []),
          ...(s.firstDate ? [{ key: "from", value: `${s.firstDate} – ${s.lastDate ?? ""}` }] : []),
        ],
        dropped,
      };
    }
    case "glucose_log": {
      if (!data.readings.length) return null;
      // One unit per chart: mg/dL and mmol/L are never mixed or converted.
      const unit = data.summary.byUnit[0]?.unit ?? data.readings[0]!.unit;
      return {
        kind: data.kind,
        columns: ["date", "time", "context", "value", "unit"],
        rows: data.readings.map((r) => ({ cells: [str(r.date), str(r.time), str(r.context), String(r.value), r.unit], source: cite(r.source) })),
        trend: {
          unit,
          series: ["value"],
          points: data.readings.filter((r) => r.unit === unit).map((r) => ({ label: [r.date, r.time].filter(Boolean).join(" "), date: r.date, values: [r.value], source: cite(r.source) })),
        },
        summary: data.summary.byUnit.flatMap((u) => [
          { key: "readings", value: `${u.count} (${u.unit})` },
          { key: "mean", value: `${u.mean} ${u.unit}` },
          { key: "range", value: `${u.min}–${u.max} ${u.unit}` },
          ...(u.fasting ? [{ key: "fasting", value: `${u.fasting.mean} ${u.unit}` }] : []),
        ]),
        dropped,
      };
    }
    case "medication_list":
      return data.medications.length
        ? {
            kind: data.kind,
            columns: ["name", "strength", "frequency", "section"],
            rows: data.medications.map((m) => ({ cells: [m.name, str(m.strength), str(m.frequency), str(m.section)], source: cite(m.source) })),
            trend: null,
            summary: [{ key: "medications", value: String(data.medications.length) }],
            dropped,
          }
        : null;
    case "lab_results":
      return data.results.length
        ? {
            kind: data.kind,
            columns: ["test", "value", "unit", "range", "flag", "date"],
            rows: data.results.map((r) => ({ cells: [r.test, r.value, str(r.unit), str(r.referenceRange), str(r.flag), str(r.date)], source: cite(r.source) })),
            trend: null,
            summary: [{ key: "results", value: String(data.results.length) }, { key: "flagged", value: String(data.results.filter((r) => r.flag).length) }],
            dropped,
          }
        : null;
    case "eob": {
      const lines = data.claims.flatMap((c) => c.lines.map((l) => ({ c, l })));
      if (!lines.length) return null;
      return {
        kind: data.kind,
        columns: ["claim", "service", "billed", "allowed", "paid", "patient", "codes"],
        rows: lines.map(({ c, l }) => ({
          cells: [str(c.claimNumber), str(l.service ?? l.serviceDate), num(l.billed), num(l.allowed), num(l.paid), num(l.patientResponsibility), [...l.denialCodes, ...l.remarkCodes].join(" ")],
          source: cite(l.source),
        })),
        trend: null,
        summary: [{ key: "claims", value: String(data.claims.length) }],
        dropped,
      };
    }
  }
}

/** The documents reader's hook: structured data of what was read, or null. */
export function structuredDataOf(result: IngestResult, pages: readonly DocumentPage[]): StructuredData | null {
  const found = structuredOfResult(result, pages);
  return found ? present(found.data, found.dropped) : null;
}

/** A table's rows are checked against the whole file as read, not the app's cut into pages. */
export function structuredOfResult(result: IngestResult, pages: readonly DocumentPage[]): { data: Extracted; dropped: number } | null {
  return result.table ? structuredOf(result.pages, result.table) : structuredOf(pages);
}
