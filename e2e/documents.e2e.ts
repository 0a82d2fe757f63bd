/**
 * Records in the app (issue 15, item 3), through the real engine behind the web host: a CSV
 * blood-pressure log (dropped on the conversation) and a text file (the file picker) are read while
 * the composer shows each one's state; a file Carefold cannot read is said plainly not to be read with
 * the question. The sent message lists its files and whether each was read; the attachment view shows
 * the text page by page, the log's trend chart (an SVG image with a spoken summary) and the same
 * readings as a table with their source; the printed agenda carries the chart and its table. Every
 * screen passes axe.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { dropFiles } from "./support/dom";
import { openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

const BP_CSV = [
  "date,time,systolic,diastolic,pulse",
  "2026-03-01,07:10,142,91,78",
  "2026-03-01,19:40,136,87,74",
  "2026-03-02,07:05,138,88,76",
  "2026-03-02,19:30,131,84,72",
  "2026-03-03,07:15,129,83,70",
].join("\n");
const NOTE = "Questions for Dr Lee\nAsk whether the morning readings are a concern.\n";
/** Looks like a PDF from its first bytes, but is cut off: nothing in it can be read. */
const BROKEN_PDF = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([
    launchBrowser(),
    startHarness({ script: () => ({ text: "## Questions for the visit\n\n- Are these readings what you expected?\n- Should I keep the log going?\n" }) }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const composerFiles = (page: Page) => page.getByRole("group", { name: "Files sent with your next question" });
const composerFile = (page: Page, name: string) => composerFiles(page).getByTestId("attached-file").filter({ hasText: name });

describe("records in the app", () => {
  it("shows each file's reading before sending, lists the files on the sent message, and opens what was read", async () => {
    const { page, errors } = await openApp(browser, h);
    await page.getByRole("button", { name: "New conversation" }).click();

    // A log dropped on the conversation and a note from the file picker go with the next question.
    await dropFiles(page, ".chat", [{ name: "bp-log.csv", type: "text/csv", text: BP_CSV }]);
    await page.getByTestId("file-input").setInputFiles([{ name: "visit-notes.txt", mimeType: "text/plain", buffer: Buffer.from(NOTE) }]);
    await expect.poll(() => composerFiles(page).getByTestId("attached-file").count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => composerFile(page, "bp-log.csv").getAttribute("data-status"), { timeout: 30_000 }).toBe("ready");
    await expect.poll(() => composerFile(page, "visit-notes.txt").getAttribute("data-status"), { timeout: 30_000 }).toBe("ready");
    expect(await composerFiles(page).innerText()).toContain("Attached to your next question (2 files):");
    const log = await composerFile(page, "bp-log.csv").innerText();
    expect(log).toContain("Read in full (1 page).");
    expect(log).toContain("Blood-pressure log found.");
    expect(await composerFile(page, "visit-notes.txt").innerText()).toContain("Read in full (1 page).");

    // A file Carefold cannot read is said plainly not to be read with the question; here it is not sent.
    await dropFiles(page, ".chat", [{ name: "scan.pdf", type: "application/pdf", text: BROKEN_PDF }]);
    await expect.poll(() => composerFile(page, "scan.pdf").getAttribute("data-status"), { timeout: 30_000 }).toBe("failed");
    const broken = await composerFile(page, "scan.pdf").innerText();
    expect(broken).toContain("Carefold could not read this file:");
    expect(broken).toContain("It will not be read with your question");
    await shot(page, "documents-composer");
    await expectNoViolations(page, "documents-composer");
    await composerFile(page, "scan.pdf").getByRole("button", { name: "Do not send scan.pdf" }).click();
    await expect.poll(() => composerFiles(page).getByTestId("attached-file").count()).toBe(2);

    // Sent: the question lists its files and whether each was read.
    const calls = h.provider.model.calls.length;
    await ask(page, "Please organize my log and notes for the visit");
    await lastAnswer(page);
    const question = page.locator(".message-user").last();
    const sent = question.getByRole("group", { name: "Files sent with this question" });
    expect(await sent.innerText()).toContain("Sent with this question (2 files):");
    expect(await sent.getByTestId("sent-file").filter({ hasText: "bp-log.csv" }).innerText()).toContain("Read in full (1 page).");
    expect(await sent.getByTestId("sent-file").filter({ hasText: "visit-notes.txt" }).innerText()).toContain("Read in full (1 page).");
    expect(await composerFiles(page).count()).toBe(0);
    const told = h.provider.model.calls.slice(calls).map((c) => JSON.stringify(c.messages.map((m) => m.content)));
    expect(told.some((s) => s.includes("bp-log.csv") && s.includes("visit-notes.txt"))).toBe(true);
    expect(told.some((s) => s.includes("scan.pdf"))).toBe(false);
    await shot(page, "documents-sent");
    await expectNoViolations(page, "documents-sent");

    // The log's view: the trend chart, the same readings as a table with their source, the text by page.
    await sent.getByRole("button", { name: "View what Carefold read in bp-log.csv" }).click();
    const view = page.getByTestId("attachment-view");
    await view.waitFor();
    const chart = view.locator('svg.trend-chart[role="img"]');
    await chart.waitFor({ timeout: 20_000 });
    const label = (await chart.getAttribute("aria-label")) ?? "";
    expect(label).toContain("Chart of the blood-pressure log: 5 readings");
    expect(label).toMatch(/Systolic from 129 to 142 mmHg/i);
    expect(await chart.locator("path[d^='M']").count()).toBeGreaterThanOrEqual(2);
    const table = view.locator("table.trend-table");
    const tableText = await table.innerText();
    for (const value of ["142", "91", "129", "83"]) expect(tableText).toContain(value);
    expect(await table.locator("tbody tr").count()).toBe(5);
    expect(tableText).toContain("2026-03-01 07:10\t142\t91\trow 1"); // a CSV row is cited by its row
    expect(await view.innerText()).toContain("What Carefold found: blood-pressure log");
    expect(await view.getByTestId("doc-page").first().innerText()).toMatch(/^Page 1\n[\s\S]*2026-03-01\W+07:10\W+142\W+91\W+78/);
    expect(await view.locator("table").filter({ hasText: "The table in bp-log.csv" }).locator("tbody tr").count()).toBe(5);
    await shot(page, "documents-attachment-view");
    await expectNoViolations(page, "documents-attachment-view");

    // Back in the conversation, the printed agenda carries the log's chart and its table.
    await page.getByRole("button", { name: "Back to the conversation" }).click();
    await (await lastAnswer(page)).getByRole("button", { name: "Print or save agenda" }).click();
    const logs = page.getByTestId("agenda-page").getByTestId("agenda-logs");
    await logs.waitFor({ timeout: 20_000 });
    expect(await logs.innerText()).toContain("bp-log.csv: blood-pressure log");
    expect(await logs.locator('svg[role="img"]').count()).toBe(1);
    expect(await logs.locator("table.trend-table tbody tr").count()).toBe(5);
    await shot(page, "documents-agenda");
    await expectNoViolations(page, "documents-agenda");
    await page.getByRole("button", { name: "Back to the conversation" }).click();

    // From the Attachments tab: the note's text, page by page.
    await page.getByRole("button", { name: "Attachments" }).click();
    await page.getByRole("button", { name: "View what Carefold read in visit-notes.txt" }).click();
    await view.waitFor();
    await expect.poll(() => view.getByTestId("doc-page").count(), { timeout: 20_000 }).toBe(1);
    expect(await view.getByTestId("doc-page").innerText()).toContain("Ask whether the morning readings are a concern.");
    await expectNoViolations(page, "documents-text-view");
    await page.getByRole("button", { name: "Back to your attachments" }).click();
    await page.getByTestId("attachment-row").first().waitFor();
    expect(await page.getByTestId("attachment-row").filter({ hasText: "scan.pdf" }).innerText()).toContain("Carefold could not read this file:");
    await shot(page, "documents-attachments");
    await expectNoViolations(page, "documents-attachments");
    expect(errors).toEqual([]);
    await page.close();
  });
});
