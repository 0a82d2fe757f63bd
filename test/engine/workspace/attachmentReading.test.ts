/**
 * Attachments are read after they are saved (issue 15): a PDF page by page, a CSV as a table, with
 * progress and an update event; the attachment view gets pages and grounded structured data; a consult
 * waits for its files and cites what it read ("file p.2"); a damaged file fails with a clear reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BP_LOG, CSV_LOG, LAB_REPORT, renderTextPng, textPdf, truncatedPdf } from "../../support/documentFixtures";
import { dispatchRequest } from "../../../src/shared/rpc";
import { startEngine, type EngineContext } from "../../security/securityHarness";

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");

let ctx: EngineContext;
beforeAll(() => {
  ctx = startEngine();
});
afterAll(async () => {
  await ctx.stop();
});

async function added(name: string, bytes: Uint8Array | string) {
  // Straight through the dispatcher: the answer comes before the reading (the harness's call waits for it).
  const r = await dispatchRequest(ctx.engine, "attachments.add", { name, dataBase64: b64(bytes) });
  if (!r.ok) throw new Error(r.error.message);
  const a = r.result as { id: string; status: string };
  expect(a.status).toBe("reading");
  await ctx.engine.attachments.whenRead(a.id);
  return a.id;
}

describe("reading attachments", () => {
  it("reads a two-page lab PDF page by page and tells the view and the model which page said what", async () => {
    const id = await added("lab-report.pdf", await textPdf(LAB_REPORT));
    const updated = ctx.events.of("attachment.updated").find((e) => e.attachment.id === id);
    expect(updated?.attachment).toMatchObject({ status: "ready", kind: "pdf", pagesRead: 2, pagesTotal: 2, ocrPages: 0, structured: "lab_results" });
    expect(ctx.events.of("attachment.progress").some((e) => e.attachmentId === id && e.pages === 2)).toBe(true);
    const view = await ctx.call("attachments.read", { id });
    expect(view.ok).toBe(true);
    const { pages, structured } = (view.ok ? view.result : {}) as { pages: { n: number; text: string }[]; structured: { kind: string; rows: { cells: string[]; source: string }[] } };
    for (const [i, page] of LAB_REPORT.entries()) for (const v of page.values) expect(pages[i]!.text, v).toContain(v);
    const potassium = structured.rows.find((r) => r.cells[0]?.startsWith("Potassium"));
    expect(potassium).toMatchObject({ cells: expect.arrayContaining(["5.3"]), source: "p.2" });

    ctx.script([
      { toolCalls: [{ name: "attach-read", args: { name: "lab-report.pdf" } }, { name: "attach-read", args: { name: "lab-report.pdf", page: 2 } }] },
      { text: "Your potassium was 5.3 mmol/L [lab-report.pdf p.2]." },
    ]);
    ctx.route("records-coordinator");
    const done = await ctx.ask("What do my lab results say I should ask about?", [id]);
    ctx.route("visit-steward");
    expect(done.outcome).toBe("answered");
    expect(ctx.modelSaw()).toContain("[lab-report.pdf p.1]");
    expect(ctx.modelSaw()).toContain("[lab-report.pdf p.2] (page 2 of 2)");
    // The question keeps the files it was sent with, for the conversation after a restart.
    const thread = await ctx.call("threads.get", { threadId: done.threadId });
    const question = (thread.ok ? (thread.result as { messages: { role: string; attachments: unknown[] }[] }).messages : []).find((m) => m.role === "user");
    expect(question?.attachments).toEqual([{ id, name: "lab-report.pdf" }]);
  });

  it("reads a CSV blood-pressure log as a table with a trend, every reading cited by row", async () => {
    const id = await added("bp.csv", CSV_LOG);
    const view = await ctx.call("attachments.read", { id });
    const { attachment, table, structured } = (view.ok ? view.result : {}) as {
      attachment: { structured: string };
      table: { columns: string[]; rows: string[][] };
      structured: { kind: string; trend: { series: string[]; points: { values: number[]; source: string }[] }; dropped: number };
    };
    expect(attachment.structured).toBe("bp_log");
    expect(table.columns).toEqual(["Date", "Time", "Systolic", "Diastolic", "Pulse"]);
    expect(structured.trend.series).toEqual(["systolic", "diastolic"]);
    expect(structured.trend.points.map((p) => p.values)).toEqual([
      [128, 82],
      [135, 88],
      [131, 84],
    ]);
    expect(structured.trend.points[0]!.source).toBe("row 1");
    expect(structured.dropped).toBe(0);
  });

  it("reads a BP log PDF whose readings span two pages", async () => {
    const id = await added("home-bp.pdf", await textPdf(BP_LOG));
    const view = await ctx.call("attachments.read", { id });
    const structured = (view.ok ? (view.result as { structured: { kind: string; rows: { source: string }[] } }).structured : null)!;
    expect(structured.kind).toBe("bp_log");
    expect(structured.rows.map((r) => r.source)).toEqual(["p.1", "p.1", "p.1", "p.2", "p.2"]);
  });

  it("reads a photographed BP log with OCR, and a consult lists its readings with dates and where they were read", async () => {
    const id = await added("bp-photo.png", await renderTextPng());
    const a = ctx.engine.attachments.get(id)!;
    expect(a).toMatchObject({ status: "ready", kind: "image", ocrPages: 1, structured: "bp_log" });
    ctx.script([
      { toolCalls: [{ name: "extract_structured_data", args: { name: "bp-photo.png", kind: "bp_log" } }] },
      { toolCalls: [{ name: "validate_grounding", args: { name: "bp-photo.png", values: [{ value: "128/82", page: 1 }, { value: "150/99", page: 1 }] } }] },
      { text: "Your log shows 128/82 on 03/04 in the morning [bp-photo.png p.1]." },
    ]);
    ctx.route("cardiology-guide");
    const done = await ctx.ask("Help me bring my blood pressure log to my heart visit", [id]);
    ctx.route("visit-steward");
    expect(done.outcome).toBe("answered");
    const saw = ctx.modelSaw();
    expect(saw).toContain('"source":"bp-photo.png p.1"');
    expect(saw).toMatch(/128[^0-9]+82/);
    expect(saw).toContain('"kept":[{"value":"128/82","page":1}]');
    expect(saw).toContain('"value":"150/99","page":1,"why":"not_on_page"');
  });

  it("free text no parser reads goes to one grammar-constrained model call, and only what the page prints reaches the consult", async () => {
    const summary = "After-visit summary, March 6 2024\nDr. Alvarez increased your lisinopril to 20 mg once daily.\nWe talked about the dizziness.\n";
    const id = await added("visit-summary.txt", summary);
    const line = "Dr. Alvarez increased your lisinopril to 20 mg once daily.";
    ctx.script([
      { toolCalls: [{ name: "extract_structured_data", args: { name: "visit-summary.txt", kind: "medication_list" } }] },
      {
        toolCalls: [
          {
            name: "record_values",
            args: { records: [{ name: "lisinopril", strength: "20 mg", frequency: "once daily", page: 1, line }, { name: "warfarin", strength: "5 mg", frequency: "daily", page: 1, line: "Warfarin 5 mg daily." }] },
          },
        ],
      },
      { text: "Your summary says lisinopril 20 mg once daily [visit-summary.txt p.1]." },
    ]);
    ctx.route("records-coordinator");
    const done = await ctx.ask("Which medicines does my visit summary mention?", [id]);
    ctx.route("visit-steward");
    expect(done.outcome).toBe("answered");
    const toolResult = ctx.modelSaw().split("\n").find((l) => l.includes('"method":"model"'));
    expect(toolResult).toBeDefined();
    const parsed = JSON.parse(toolResult!.slice(toolResult!.indexOf("{"))) as { structured: { rows: { cells: string[]; source: string }[]; droppedUngrounded: number } };
    expect(parsed.structured.rows.map((r) => [r.cells[0], r.source])).toEqual([["lisinopril", "visit-summary.txt p.1"]]);
    expect(parsed.structured.droppedUngrounded).toBe(1);
    expect(ctx.modelSaw()).not.toMatch(/"warfarin"/);
  });

  it("a damaged PDF fails with a clear reason, and a consult with it still gets an answer", async () => {
    const id = await added("scan.pdf", await truncatedPdf());
    const a = ctx.engine.attachments.get(id)!;
    expect(a.status).toBe("failed");
    expect(a.problem).toMatch(/damaged|incomplete/i);
    ctx.script([{ text: "I could not read that file; here is what to bring." }]);
    expect((await ctx.ask("Help me prepare for my visit", [id])).outcome).toBe("answered");
    // Said in the user's language.
    await ctx.call("settings.set", { language: "es" });
    const es = await added("escaneo.pdf", await truncatedPdf());
    expect(ctx.engine.attachments.get(es)!.problem).toMatch(/dañado|incompleto/);
    await ctx.call("settings.set", { language: "en" });
  });
});

describe("removing a file while it is read", () => {
  it("cancels the reading and leaves nothing of it behind", async () => {
    const local = startEngine();
    try {
      const r = await dispatchRequest(local.engine, "attachments.add", { name: "home-bp.pdf", dataBase64: b64(await textPdf(BP_LOG)) });
      const { id, status } = (r.ok ? r.result : {}) as { id: string; status: string };
      expect(status).toBe("reading");
      expect((await local.call("attachments.remove", { id })).ok).toBe(true);
      await local.engine.attachments.whenRead(id);
      const { existsSync } = await import("node:fs");
      const { join } = await import("node:path");
      expect(existsSync(join(local.dataDir, "workspace", "attachments", id))).toBe(false);
      expect(local.engine.attachments.get(id)).toBeNull();
    } finally {
      await local.stop();
    }
  });
});
