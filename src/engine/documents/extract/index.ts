/**
 * Structured data from a document's text, deterministically (no model): blood-pressure and glucose logs,
 * medication lists, lab results and EOBs, each value with the page and line it came from. A table (a
 * parsed CSV/TSV) is read instead of the pages' lines when given; the pages are still what grounding and
 * citations check against.
 */
import { extractBp } from "./bp";
import { docContext } from "./context";
import { extractEob } from "./eob";
import { extractGlucose } from "./glucose";
import type { Extracted } from "./grounding";
import { extractLabs } from "./labs";
import { extractMedications } from "./medications";
import { linesOf, phraseRegex, tableLines } from "./text";
import { DOCUMENT_KINDS, type DocContext, type DocumentKind, type Line, type Page, type Table } from "./types";
import { KIND_WORDS } from "./vocab";

export type ExtractedOf<K extends DocumentKind> = Extract<Extracted, { kind: K }>;

/** The typed result for `kind`: the table's rows when a table is given and any row reads, else the pages' lines. */
export function extractStructured<K extends DocumentKind>(kind: K, pages: readonly Page[], table?: Table): ExtractedOf<K> {
  return extractPrepared(kind, prepare(pages, table));
}

interface Prepared {
  table?: { table: Table; ctx: DocContext };
  lines: Line[];
  ctx: DocContext;
}
function prepare(pages: readonly Page[], table?: Table): Prepared {
  const lines = linesOf(pages);
  return { lines, ctx: docContext(lines), ...(table ? { table: { table, ctx: docContext(tableLines(table)) } } : {}) };
}

function extractPrepared<K extends DocumentKind>(kind: K, p: Prepared): ExtractedOf<K> {
  if (p.table) {
    const fromTable = run(kind, [], p.table.ctx, p.table.table);
    if (recordCount(fromTable)) return fromTable;
  }
  return run(kind, p.lines, p.ctx);
}

function run<K extends DocumentKind>(kind: K, lines: Line[], ctx: DocContext, table?: Table): ExtractedOf<K> {
  const by: { [P in DocumentKind]: () => ExtractedOf<P> } = {
    bp_log: () => extractBp(lines, ctx, table),
    glucose_log: () => extractGlucose(lines, ctx, table),
    medication_list: () => extractMedications(lines, table),
    lab_results: () => extractLabs(lines, ctx, table),
    eob: () => extractEob(lines, ctx, table),
  };
  return by[kind]() as ExtractedOf<K>;
}

const DETECT_CHARS = 50_000;
const WORD_RES = Object.fromEntries(DOCUMENT_KINDS.map((k) => [k, KIND_WORDS[k]!.map(([w, weight]) => [phraseRegex([w]), weight] as const)]));

function recordCount(e: Extracted): number {
  switch (e.kind) {
    case "bp_log":
    case "glucose_log":
      return e.readings.length;
    case "medication_list":
      return e.medications.length;
    case "lab_results":
      return e.results.length;
    case "eob":
      return e.claims.reduce((n, c) => n + c.lines.length + (c.totals ? 1 : 0), 0);
  }
}

/**
 * How much the document looks like each kind: its words (weighted, each counted up to 3 times) plus how
 * many records each parser reads from it (up to 20).
 */
export function scoreKinds(pages: readonly Page[], table?: Table): Record<DocumentKind, number> {
  // A heuristic: the document's first part is enough to tell, and keeps this fast on huge inputs.
  const head: Page[] = [];
  for (let left = DETECT_CHARS, i = 0; left > 0 && i < pages.length; i++) {
    head.push({ n: pages[i]!.n, text: pages[i]!.text.slice(0, left) });
    left -= head[head.length - 1]!.text.length;
  }
  const headTable = table && { ...table, rows: table.rows.slice(0, 500) };
  const prepared = prepare(head, headTable);
  const text = (headTable ? tableLines(headTable) : prepared.lines).map((l) => l.clean).join("\n").slice(0, DETECT_CHARS);
  const scores = {} as Record<DocumentKind, number>;
  for (const kind of DOCUMENT_KINDS) {
    let words = 0;
    for (const [re, weight] of WORD_RES[kind]!) {
      re.lastIndex = 0;
      let n = 0;
      while (n < 3 && re.exec(text)) n++;
      re.lastIndex = 0;
      words += n * weight;
    }
    scores[kind] = words + Math.min(20, recordCount(extractPrepared(kind, prepared)));
  }
  return scores;
}

/** The most likely kind, or null when nothing scores at least 4 or two kinds tie. */
export function detectKind(pages: readonly Page[], table?: Table): DocumentKind | null {
  const ranked = Object.entries(scoreKinds(pages, table)).sort((a, b) => b[1] - a[1]) as [DocumentKind, number][];
  const [best, second] = ranked;
  return best && best[1] >= 4 && best[1] > (second?.[1] ?? 0) ? best[0] : null;
}

export { validateGrounding, DroppedSchema, GROUNDING_REASONS, type Dropped, type Extracted, type Grounded } from "./grounding";
export { BpLogSchema, BpReadingSchema, BpSummarySchema, type BpLog, type BpReading } from "./bp";
export { GlucoseLogSchema, GlucoseReadingSchema, GlucoseSummarySchema, type GlucoseLog, type GlucoseReading } from "./glucose";
export { MedicationListSchema, MedicationSchema, type Medication, type MedicationList } from "./medications";
export { LabResultsSchema, LabResultSchema, type LabResult, type LabResults } from "./labs";
export { EobSchema, EobClaimSchema, EobLineSchema, EobTotalsSchema, type Eob, type EobClaim, type EobLine } from "./eob";
export { DOCUMENT_KINDS, DocumentKindSchema, PageSchema, SourceSchema, TableSchema, type DocumentKind, type Page, type Source, type Table } from "./types";
