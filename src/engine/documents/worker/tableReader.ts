/**
 * CSV/TSV with papaparse: the header row becomes the columns, every later row is kept as strings
 * (never coerced: "07:30" and "120/80" stay as written), and a pipe-separated rendering is the
 * page text the model reads.
 */
import type { DocumentTable } from "../types";
import { decodeText } from "./decode";
import { Failure } from "./failure";
import { page } from "./pageText";
import type { WorkerJob, WorkerNotice, WorkerOutput } from "./protocol";

function columnsOf(header: string[], width: number): string[] {
  const columns: string[] = [];
  for (let i = 0; i < width; i++) columns.push(header[i]?.trim() || `Column ${i + 1}`);
  return columns;
}

function cell(value: string): string {
  return value.replace(/\s*\n\s*/g, " ").replace(/\|/g, "/").trim();
}

export function renderTable(table: DocumentTable): string {
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(" | ")).join("\n");
}

export async function readTable(job: WorkerJob): Promise<WorkerOutput> {
  const decoded = decodeText(job.bytes, job.encoding);
  const notices: WorkerNotice[] = [...decoded.notices];
  const Papa = (await import("papaparse")).default;
  const parsed = Papa.parse<string[]>(decoded.text.replace(/^\uFEFF/, ""), {
    // CSV: let papaparse pick between comma, semicolon (Spanish-locale exports), tab and pipe.
    delimiter: job.kind === "tsv" ? "\t" : "",
    delimitersToGuess: [",", ";", "\t", "|"],
    skipEmptyLines: "greedy",
    header: false,
  });
  const all = parsed.data.filter((r): r is string[] => Array.isArray(r));
  if (all.length === 0) return { pages: [page(1, "", false)], pagesTotal: 1, notices };
  const [header, ...body] = all;
  const kept = body.slice(0, job.limits.maxTableRows);
  const width = kept.reduce((w, r) => Math.max(w, r.length), header!.length);
  if (width > 1000) throw new Failure("damaged", {}, `${width} columns`);
  if (kept.length < body.length) notices.push({ code: "table_rows_truncated", params: { rows: body.length, kept: kept.length } });
  const table: DocumentTable = {
    columns: columnsOf(header!, width),
    rows: kept.map((r) => Array.from({ length: width }, (_, i) => (r[i] ?? "").trim())),
  };
  return { pages: [page(1, renderTable(table), false)], pagesTotal: 1, table, notices };
}
