import { describe, expect, it } from "vitest";
import { ingestDocument, type IngestProgress } from "../../../src/engine/documents";
import { BP_LOG, CSV_LOG, DOCX_PARAGRAPHS, docx, LAB_REPORT, textPdf, TSV_LOG, valuesFound } from "../../support/documentFixtures";

/** pdf.js fetches nothing either (no font or CMap downloads): the same tripwire as the OCR tests. */
const offline = { workerExecArgv: ["--import", new URL("./noNetwork.mjs", import.meta.url).href] };

describe("text PDFs, page by page", () => {
  it("reads every known lab value on the page it is printed on", async () => {
    const progress: IngestProgress[] = [];
    const result = await ingestDocument(await textPdf(LAB_REPORT), "lab-report.pdf", { ...offline, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ kind: "pdf", pagesTotal: 2, pagesRead: 2 });
    expect(result.pages.map((p) => [p.n, p.ocr, p.empty, p.read])).toEqual([[1, false, false, true], [2, false, false, true]]);
    const score = valuesFound(LAB_REPORT, result.pages.map((p) => p.text));
    console.log(`extraction accuracy (lab report): ${score.found}/${score.total}`);
    expect(score.missing).toEqual([]);
    // A value is on its own page only: page 2's potassium is not on page 1.
    expect(result.pages[0]!.text).not.toContain("Potassium");
    expect(progress).toEqual([
      { page: 1, pages: 2, stage: "text" },
      { page: 2, pages: 2, stage: "text" },
    ]);
    expect(result.notices).toEqual([]);
  });

  it("reads a blood-pressure log over two pages with its dates and times", async () => {
    const result = await ingestDocument(await textPdf(BP_LOG), "bp-log.pdf", offline);
    const score = valuesFound(BP_LOG, result.pages.map((p) => p.text));
    console.log(`extraction accuracy (BP log): ${score.found}/${score.total}`);
    expect(score.missing).toEqual([]);
  });

  it("cuts a long page at the per-page limit and says so", async () => {
    const result = await ingestDocument(await textPdf(LAB_REPORT), "lab.pdf", { limits: { maxCharsPerPage: 120 } });
    expect(result.pages.every((p) => p.text.length <= 120 && p.truncated)).toBe(true);
    expect(result.notices.map((n) => n.code)).toContain("page_truncated");
    expect(result.notices.find((n) => n.code === "page_truncated")!.message).toMatch(/Pages 1–2: only the first 120 characters/);
  });
});

describe("DOCX, CSV/TSV, HTML, JSON, Markdown and text", () => {
  it("reads a DOCX's paragraphs", async () => {
    const result = await ingestDocument(docx(), "medications.docx");
    expect(result).toMatchObject({ kind: "docx", pagesTotal: 1, pagesRead: 1 });
    for (const p of DOCX_PARAGRAPHS) expect(result.pages[0]!.text).toContain(p);
  });

  it("turns a CSV log into columns and string rows, plus a text rendering", async () => {
    const result = await ingestDocument(Buffer.from(CSV_LOG), "bp.csv");
    expect(result.kind).toBe("csv");
    expect(result.table).toEqual({
      columns: ["Date", "Time", "Systolic", "Diastolic", "Pulse"],
      rows: [
        ["2024-03-04", "07:30", "128", "82", "71"],
        ["2024-03-04", "20:10", "135", "88", "76"],
        ["2024-03-05", "07:25", "131", "84", "69"],
      ],
    });
    expect(result.pages[0]!.text.split("\n")[1]).toBe("2024-03-04 | 07:30 | 128 | 82 | 71");
  });

  it("reads a Spanish TSV glucose log, keeping accents and values as written", async () => {
    const result = await ingestDocument(Buffer.from(TSV_LOG), "glucosa.tsv");
    expect(result.table!.columns).toEqual(["Fecha", "Hora", "Glucosa (mg/dL)", "Nota"]);
    expect(result.table!.rows[1]).toEqual(["2024-03-04", "13:30", "162", "después de comer"]);
  });

  it("keeps the first rows of a very long table and says how many there were", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `2024-03-${String(i + 1).padStart(2, "0")},120,80`).join("\n");
    const result = await ingestDocument(Buffer.from(`Date,Sys,Dia\n${rows}\n`), "bp.csv", { limits: { maxTableRows: 10 } });
    expect(result.table!.rows).toHaveLength(10);
    expect(result.notices.find((n) => n.code === "table_rows_truncated")!.message).toBe("The table has 30 rows; the first 10 were kept.");
  });

  it("reads HTML as text without links, scripts or images", async () => {
    const html = `<!doctype html><html><head><style>p{}</style><script>alert(1)</script></head><body><h1>Visit summary</h1><p>BP <b>142/91</b> on <a href="https://x.test">2024-03-06</a>.</p><img src="x.png"></body></html>`;
    const result = await ingestDocument(Buffer.from(html), "summary.html");
    expect(result.kind).toBe("html");
    expect(result.pages[0]!.text).toContain("BP 142/91 on 2024-03-06.");
    expect(result.pages[0]!.text).not.toMatch(/alert|x\.test|x\.png/);
  });

  it("reads JSON, Markdown and text as UTF-8, and says when a .json file is not JSON", async () => {
    expect((await ingestDocument(Buffer.from('{"glucose": 104}'), "g.json")).pages[0]!.text).toBe('{"glucose": 104}');
    expect((await ingestDocument(Buffer.from("# Notas\n\nPresión 128/82"), "n.md")).kind).toBe("markdown");
    const notJson = await ingestDocument(Buffer.from("glucose 104 {"), "g.json");
    expect(notJson.notices.map((n) => n.code)).toEqual(["invalid_json"]);
    const latin = await ingestDocument(Buffer.from("Presi\xf3n 128/82\n", "latin1"), "bp.txt");
    expect(latin.pages[0]!.text).toBe("Presión 128/82");
    expect(latin.notices.map((n) => n.code)).toEqual(["encoding_fallback"]);
  });

  it("keeps the whole document within the total character limit", async () => {
    const result = await ingestDocument(Buffer.from("word ".repeat(2000)), "long.txt", { limits: { maxTotalChars: 500 } });
    expect(result.pages[0]!.text.length).toBeLessThanOrEqual(500);
    expect(result.notices.map((n) => n.code)).toContain("text_truncated");
  });
});
