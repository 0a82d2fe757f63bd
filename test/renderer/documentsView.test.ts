/**
 * Records in the app (issue 15, item 3), rendered as the renderer does: the composer says for each file
 * whether it could be read before sending; a sent message lists its files; the attachment view shows the
 * text page by page, the file's table and the structured data with each row's source; a log's trend is
 * an SVG image with a spoken summary and a table of the same values — in English and Spanish.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgendaLogs } from "../../src/renderer/components/AgendaLogs";
import { AttachmentDocument } from "../../src/renderer/components/AttachmentDocument";
import { Composer } from "../../src/renderer/components/Composer";
import { SentFiles } from "../../src/renderer/components/SentFiles";
import { TrendChart } from "../../src/renderer/components/TrendChart";
import { initI18n } from "../../src/renderer/i18n";
import { conversationReducer, initialConversation } from "../../src/renderer/state/conversation";
import type { Attachment } from "../../src/shared/contract";
import { attachment, bpLog, reading } from "./fixtures/documents";

const noop = () => undefined;
const composer = (attached: Attachment[], progress = {}) =>
  renderToStaticMarkup(createElement(Composer, { busy: false, onSend: noop, onStop: noop, draft: null, attached, progress, onOpenFile: noop, onUnattach: noop, onAttachFiles: noop }));
/** Visible text, tags dropped and spaces collapsed. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

let i18n: ReturnType<typeof initI18n>;
beforeAll(() => {
  i18n = initI18n("en");
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the composer, before sending", () => {
  const scan = attachment({ id: "s", name: "labs.pdf", mime: "application/pdf", status: "reading", kind: "pdf", pagesRead: null, pagesTotal: null });
  const text12 = attachment({ id: "r", name: "record.pdf", mime: "application/pdf", status: "reading", pagesRead: null, pagesTotal: null });
  const photo = attachment({ id: "p", name: "bp-photo.jpg", mime: "image/jpeg", kind: "image", ocrPages: 1, structured: "bp_log" });
  const cut = attachment({ id: "c", name: "history.pdf", pagesRead: 4, pagesTotal: 12 });
  const bad = attachment({ id: "b", name: "locked.pdf", status: "failed", pagesRead: null, pagesTotal: null, problem: "the PDF is password-protected." });

  it("says for each file what is being read, what was read, and with OCR", () => {
    const out = text(composer([text12, scan, photo, cut], { r: { page: 3, pages: 12, stage: "text" }, s: { page: 2, pages: 3, stage: "ocr" } }));
    expect(out).toContain("Attached to your next question (4 files):");
    expect(out).toContain("record.pdf Reading page 3 of 12… Carefold finishes reading it before it answers.");
    expect(out).toContain("labs.pdf Reading the scan, page 2 of 3…");
    expect(out).toContain("bp-photo.jpg Read in full (1 page). Read with OCR (text recognized in 1 scanned page)");
    expect(out).toContain("Blood-pressure log found.");
    expect(out).toContain("history.pdf Read 4 of 12 pages.");
  });

  it("says plainly that a file Carefold could not read will not be read with the question", () => {
    const html = composer([bad]);
    expect(text(html)).toContain("locked.pdf Carefold could not read this file: the PDF is password-protected. It will not be read with your question: only its name goes with it.");
    expect(html).toContain('data-status="failed"');
    expect(html).toContain('aria-label="Do not send locked.pdf"');
    expect(html).toContain('aria-label="View what Carefold read in locked.pdf"');
  });

  it("offers to view a file only once it is read", () => {
    const html = composer([text12]);
    expect(html).not.toContain("View what Carefold read");
    expect(html).toContain('role="group" aria-label="Files sent with your next question"');
  });

  it("in Spanish", async () => {
    await i18n.changeLanguage("es");
    const out = text(composer([text12, scan, bad], { r: { page: 3, pages: 12, stage: "text" }, s: { page: 2, pages: 3, stage: "ocr" } }));
    expect(out).toContain("Adjuntos a su próxima pregunta (3 archivos):");
    expect(out).toContain("Leyendo la página 3 de 12…");
    expect(out).toContain("Leyendo el escaneo, página 2 de 3…");
    expect(out).toContain("Carefold no pudo leer este archivo: the PDF is password-protected. No se leerá con su pregunta");
  });
});

describe("a sent message", () => {
  const files = [
    { id: "a1", name: "bp-log.csv" },
    { id: "b", name: "locked.pdf" },
    { id: "gone", name: "old.txt" },
  ];
  const items = [attachment({ structured: "bp_log" }), attachment({ id: "b", name: "locked.pdf", status: "failed", problem: "the PDF is password-protected." })];
  const html = () => renderToStaticMarkup(createElement(SentFiles, { files, lookup: { items, progress: {}, onOpen: noop } }));

  it("lists its files and whether each was read", () => {
    const out = text(html());
    expect(out).toContain("Sent with this question (3 files):");
    expect(out).toContain("bp-log.csv — Read in full (1 page). Blood-pressure log found.");
    expect(out).toContain("locked.pdf — Carefold could not read this file: the PDF is password-protected.");
    expect(out).not.toContain("It will not be read with your question"); // that is for the composer, before sending
    expect(out).toContain("old.txt — removed from your attachments");
    expect(html()).toContain('aria-label="View what Carefold read in bp-log.csv"');
  });

  it("keeps its files in the conversation, also when its thread is reloaded", () => {
    let s = conversationReducer(initialConversation, { type: "sending", localId: "m1", text: "q", files });
    s = conversationReducer(s, { type: "sent", localId: "m1", threadId: "t1", turnId: "u1" });
    expect(s.messages[0]!.files).toEqual(files);
    s = conversationReducer(s, {
      type: "loaded",
      threadId: "t1",
      messages: [{ role: "user", text: "q", turnId: "u1", createdAt: "", outcome: null, agents: [], chips: [], emergency: null, why: null, stopped: false, attachments: [] }],
    });
    expect(s.messages[0]!.files).toEqual(files);
    // Attachment events are not the conversation's.
    expect(conversationReducer(s, { type: "event", event: { type: "attachment.updated", attachment: items[0]! } })).toBe(s);
    expect(conversationReducer(s, { type: "event", event: { type: "attachment.progress", attachmentId: "a1", page: 1, pages: 2, stage: "ocr" } })).toBe(s);
  });
});

describe("the attachment view", () => {
  const html = (r = reading()) => renderToStaticMarkup(createElement(AttachmentDocument, { reading: r }));

  it("shows the text page by page, OCR pages marked, pages not read and empty said as such, and the notices", () => {
    const out = text(html());
    expect(out).toContain("Read 3 of 4 pages: scanned pages past the OCR limit were not read.");
    expect(out).toContain("Text, page by page");
    expect(out).toMatch(/Page 1 date,time,systolic,diastolic,pulse 2026-03-01,07:10,142,91,78/);
    expect(out).toContain("Page 2 Read with OCR: this text was recognized in an image, so check numbers against the paper. Evening readings 129/84");
    expect(out).toContain("Page 3 Read with OCR: this text was recognized in an image, so check numbers against the paper. No text was found on this page.");
    expect(out).toContain("Page 4 Not read: a limit stopped before this page.");
  });

  it("shows the file's table and the structured data with each row's source, the summary and what was left out", () => {
    const h = html();
    expect(h).toContain("<caption");
    expect(text(h)).toContain("The table in bp-log.csv");
    expect(text(h)).toContain("What Carefold found: blood-pressure log");
    expect(text(h)).toContain("Date Time Time of day Systolic Diastolic Pulse Where it was read");
    expect(text(h)).toContain("2026-03-01 07:10 morning 142 91 78 p.1");
    expect(text(h)).toContain("2026-03-03 19:30 evening 129 84 71 row 3");
    expect(text(h)).toContain("Readings 3 Lowest to highest 129–142 / 84–91");
    expect(text(h)).toContain("2 values could not be checked against the page and were left out.");
    expect(text(html(reading({ structured: { ...bpLog, dropped: 0 } })))).not.toContain("could not be checked");
    // Every table scrolls inside a focusable, named region.
    expect(h.match(/class="table-scroll" role="group" tabindex="0" aria-labelledby="/g)?.length).toBe(3);
  });

  it("keeps headings in order: h3 sections, h4 parts", () => {
    const levels = [...html().matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(3);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
  });

  it("falls back to the key for a column it has no word for, and says a medication list is as written", () => {
    const meds = reading({ structured: { kind: "medication_list", columns: ["name", "route"], rows: [{ cells: ["Lisinopril", "oral"], source: "p.1" }], trend: null, summary: [], dropped: 0 } });
    const out = text(html(meds));
    expect(out).toContain("Name route Where it was read");
    expect(out).toContain("As written in your file. This is not advice");
    expect(out).not.toContain("Readings over time");
  });

  it("in Spanish", async () => {
    await i18n.changeLanguage("es");
    const out = text(html());
    expect(out).toContain("El texto, página por página");
    expect(out).toContain("Página 4 No se leyó");
    expect(out).toContain("Lo que Carefold encontró: registro de presión arterial");
    expect(out).toContain("Fecha Hora Momento del día Sistólica Diastólica Pulso Dónde se leyó");
    expect(out).toContain("2026-03-01 07:10 mañana 142 91 78 pág. 1");
    expect(out).toContain("2026-03-03 19:30 noche 129 84 71 fila 3");
    expect(out).toContain("Lecturas 3 De la más baja a la más alta");
    expect(out).toContain("2 valores no se pudieron comprobar en la página y se dejaron fuera.");
  });
});

describe("the trend chart", () => {
  const chart = () => renderToStaticMarkup(createElement(TrendChart, { trend: bpLog.trend!, what: "blood-pressure log" }));

  it("is one SVG image with a spoken summary", () => {
    const h = chart();
    const svg = /<svg class="trend-chart" role="img" aria-label="([^"]+)"/.exec(h);
    expect(svg).not.toBeNull();
    expect(svg![1]).toBe(
      "Chart of the blood-pressure log: 3 readings, 2026-03-01 to 2026-03-03. Systolic from 129 to 142 mmHg; Diastolic from 84 to 91 mmHg. The table with it has every value.",
    );
    expect(h.match(/<path d="M/g)?.length).toBeGreaterThanOrEqual(2); // a line per series
    expect(h).toContain(">mmHg</text>"); // the unit on the value axis
    expect(h).toContain(">Mar 1</tspan><tspan x=\"56\" dy=\"15\">07:10</tspan>");
  });

  it("has a table with the same values and where each was read", () => {
    const out = text(chart());
    expect(out).toContain("The readings in the chart (mmHg)");
    expect(out).toContain("Reading Systolic Diastolic Where it was read");
    for (const p of bpLog.trend!.points) expect(out).toContain(`${p.label} ${p.values.join(" ")} ${p.source}`);
    expect(out).not.toContain("—"); // every reading has both values
    expect(chart()).toContain('<th scope="row">Mar 2 07:05</th>');
  });

  it("has a legend in words, its swatches hidden from screen readers", () => {
    const h = chart();
    expect(h).toContain('aria-label="Lines in the chart"');
    expect(h.match(/aria-hidden="true"/g)?.length).toBe(2);
  });

  it("in Spanish", async () => {
    await i18n.changeLanguage("es");
    const h = chart();
    expect(h).toContain('aria-label="Gráfica del blood-pressure log: 3 lecturas, de 2026-03-01 a 2026-03-03. Sistólica de 129 a 142 mmHg; Diastólica de 84 a 91 mmHg.');
    expect(text(h)).toContain("Lectura Sistólica Diastólica Dónde se leyó");
    expect(text(h)).toContain("Mar 3 19:30 129 84 pág. 2");
  });
});

describe("the printed agenda", () => {
  it("shows each log's chart and table, and only logs with readings", () => {
    const logs = [
      { id: "a1", name: "bp-log.csv", data: bpLog },
      { id: "m", name: "meds.txt", data: { ...bpLog, kind: "medication_list" as const, trend: null } },
    ];
    const h = renderToStaticMarkup(createElement(AgendaLogs, { logs }));
    expect(text(h)).toContain("From your logs bp-log.csv: blood-pressure log");
    expect(h).toContain('role="img"');
    expect(h).not.toContain("meds.txt");
    expect(renderToStaticMarkup(createElement(AgendaLogs, { logs: [] }))).toBe("");
  });
});
