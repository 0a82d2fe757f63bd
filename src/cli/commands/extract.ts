/**
 * `carefold extract FILE [--json]`: what Carefold reads from a file, without a model — per page its text
 * and whether OCR was used, and the structured data found, each value with its page and the text it
 * was grounded in. Reads the file in the documents worker, exactly as an attachment is read.
 */
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { documentPages } from "../../engine/workspace/attachmentDocument";
import { DocumentError, ingestDocument } from "../../engine/documents";
import { structuredOfResult } from "../../engine/documents/structured";
import { stripTerminalControls } from "../../shared/text";
import { parse, UsageError } from "../args";
import type { CliCommand } from "../types";

const usage = `Usage: carefold extract FILE [--json] [--ocr-lang eng|spa|both]

Reads FILE as Carefold reads an attachment (PDF, scans and photos with OCR, DOCX, CSV/TSV, HTML, text)
and prints, per page, its text and whether OCR was used, then the structured data found (blood-pressure
and glucose logs, medication lists, lab results, EOBs), each value with its page and the line it was
read from. Values that cannot be found on their page are left out and counted. Nothing is sent anywhere.
  --json           one JSON object: {file, kind, pagesTotal, pagesRead, pages, table, notices, structured, dropped}
  --ocr-lang       OCR languages (default: both)
Exit status 0 when the file was read, 1 when it could not be, 2 for a usage mistake.`;

export const command: CliCommand = {
  name: "extract",
  summary: "show what Carefold reads from a file (pages, OCR, structured values with their sources)",
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv, { json: { type: "boolean" }, "ocr-lang": { type: "string" } });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold extract: ${err.message}\n\n${usage}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const lang = values["ocr-lang"] ?? "both";
    if (positionals.length !== 1 || !["eng", "spa", "both"].includes(lang)) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    const file = resolve(io.cwd, positionals[0]!);
    let bytes: Buffer;
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
      bytes = readFileSync(file);
    } catch {
      io.stderr.write(`carefold extract: cannot read ${positionals[0]}: no such file\n`);
      return 1;
    }
    try {
      const result = await ingestDocument(bytes, file, { ocrLanguages: lang === "both" ? ["eng", "spa"] : [lang as "eng" | "spa"] });
      const pages = documentPages(result);
      const found = structuredOfResult(result, pages);
      const out = {
        file: positionals[0],
        kind: result.kind,
        pagesTotal: pages.length,
        pagesRead: pages.filter((p) => p.read).length,
        pages,
        table: result.table ?? null,
        notices: result.notices.map((n) => n.message),
        structured: found?.data ?? null,
        dropped: found?.dropped ?? 0,
      };
      if (values.json) {
        io.stdout.write(JSON.stringify(out) + "\n");
        return 0;
      }
      const say = (t: string) => io.stdout.write(stripTerminalControls(t));
      say(`${out.file}: ${out.kind}, read ${out.pagesRead} of ${out.pagesTotal} page(s)\n`);
      for (const n of out.notices) say(`  note: ${n}\n`);
      for (const p of pages) say(`\n--- page ${p.n}${p.ocr ? " (OCR)" : ""}${p.read ? "" : " (not read)"} ---\n${p.text}\n`);
      if (found) say(`\nStructured data (${found.data.kind}), ${found.dropped} value(s) left out as not found on their page:\n${JSON.stringify(found.data, null, 2)}\n`);
      return 0;
    } catch (err) {
      io.stderr.write(`carefold extract: ${stripTerminalControls(err instanceof DocumentError ? err.message : err instanceof Error ? err.message : String(err))}\n`);
      return 1;
    }
  },
};
