/**
 * The everyday journeys in a real browser against the web host: consult with streaming, chips, stop
 * and retry; conversations (open, rename, delete); attachments; notes; the visit agenda (download and
 * print view); the specialists catalog; settings that survive a reload; Spanish; the first run.
 * Every screen is checked with axe and photographed into e2e/artifacts/.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../src/shared/contract";
import { agentOfCall } from "../test/support/engineHarness";
import { launchBrowser } from "./support/browser";
import { dropFiles, focused, inPage, styleOf } from "./support/dom";
import { lastUserText, openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot, showConversations } from "./support/ui";

const AGENDA =
  "# Visit agenda\n\n## Questions to ask\n\n- What do my test results mean?\n- When should I come back?\n\n## What to bring\n\n- Medicine list\n- Insurance card\n";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({
    script: (messages) => {
      const text = lastUserText(messages);
      // Two paperwork specialists at once (the router's "bills and records"): each writes its own part.
      if (/bills.*records/.test(text)) {
        return agentOfCall(messages) === "benefits-guide"
          ? { text: "## Insurance questions\n\n- Is the specialist in my network?\n- What will the visit cost me?\n" }
          : { text: "## Records to gather\n\n- Last year's lab results\n- The referral letter\n" };
      }
      // Whole sentences, so the output guard (sentence-buffered) passes each one on as it comes.
      if (text.includes("slowly")) return { chunks: Array.from({ length: 40 }, (_, i) => `Line ${i} of the slow answer. `), delayMs: 150 };
      // Streamed in pieces, so the page shows part of the answer before the turn is done.
      return { chunks: AGENDA.match(/[^\n]*\n/g)!, delayMs: 60 };
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const lastAnswerDone = (page: Page) => lastAnswer(page);

/** How many times `needle` occurs in `text`. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;
/** A phrase of the canonical footer the engine adds to every answer. */
const FOOTER_PHRASE = "It is not a doctor and not emergency care.";

describe("conversation", () => {
  it("streams an answer, announces it once, shows who answered, and sends a chip", async () => {
    const { page, errors } = await openApp(browser, h);
    // An empty chat offers starters from the catalog.
    await expect.poll(() => page.locator(".starters .starter").count(), { timeout: 20_000 }).toBeGreaterThan(2);
    await shot(page, "conversation-empty");
    await expectNoViolations(page, "conversation-empty");

    await ask(page, "Help me prepare for my visit");
    const answer = page.locator(".message-assistant").last();
    await expect.poll(() => answer.getAttribute("data-status"), { timeout: 20_000 }).toBe("streaming");
    await expect.poll(async () => (await answer.innerText()).includes("Visit agenda"), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId("announcer").innerText()).toBe(""); // nothing is announced token by token
    await lastAnswerDone(page);
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Carefold answered.");
    const text = await answer.innerText();
    expect(text).toContain("When should I come back?");
    expect(text).toContain("Answered by Medical Records Coordinator.");
    expect(text).toContain("not a doctor");
    expect(await answer.locator("h4").first().innerText()).toBe("Visit agenda"); // markdown headings sit below the page's
    await answer.getByText(/How Carefold worked on this/).click();
    expect(await answer.locator(".trace").first().innerText()).toBe("Organizing records and visit papers.");
    await shot(page, "conversation");
    await expectNoViolations(page, "conversation");

    // A suggestion chip is sent as the next question, in the same conversation.
    const chip = answer.getByRole("group", { name: "Suggested next questions" }).getByRole("button").first();
    const chipText = await chip.innerText();
    expect(chipText.length).toBeGreaterThan(3);
    await chip.click();
    await expect.poll(() => page.locator(".message-user").count()).toBe(2);
    expect(await page.locator(".message-user").last().innerText()).toContain(chipText);
    await lastAnswerDone(page);
    expect(await page.locator(".thread-item").count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("stops an answer and tries again", async () => {
    const { page } = await openApp(browser, h);
    await showConversations(page);
    await page.getByRole("button", { name: "New conversation" }).click();
    await ask(page, "Tell me slowly about my records");
    const answer = page.locator(".message-assistant").last();
    await expect.poll(async () => (await answer.innerText()).includes("Line 1 of"), { timeout: 20_000 }).toBe(true);
    await page.getByRole("button", { name: "Stop" }).click();
    await expect.poll(() => answer.getAttribute("data-status"), { timeout: 20_000 }).toBe("cancelled");
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Answer stopped.");
    // What was shown before Stop stays, said to be stopped in words, with who was answering and why.
    const expectStopped = async () => {
      const shown = await answer.innerText();
      expect(shown).toContain("Line 0 of the slow answer.");
      expect(shown).toContain("Line 1 of the slow answer.");
      expect(shown).not.toContain("Line 39 of");
      expect(shown).not.toContain("not a doctor"); // no footer: only what had been said
      expect(await answer.locator(".stopped-label").innerText()).toBe("Stopped");
      expect(shown).toContain("You stopped this answer, so it may be incomplete.");
      expect(await answer.locator(".answered-by").innerText()).toBe(
        "Partial answer from Medical Records Coordinator. Why: Organizing records and visit papers.",
      );
    };
    await expectStopped();
    const kept = await answer.locator(".answer-text").innerText();
    await shot(page, "conversation-stopped");
    await expectNoViolations(page, "conversation-stopped");
    // After a reload, reopened from the conversation list: the same partial answer, stopped, and its why.
    await page.reload();
    await showConversations(page);
    await page.locator(".thread-item", { hasText: "Tell me slowly" }).click();
    await expect.poll(() => page.locator(".message").count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => answer.getAttribute("data-status")).toBe("cancelled");
    await expectStopped();
    expect(await answer.locator(".answer-text").innerText()).toBe(kept);
    await expectNoViolations(page, "conversation-stopped-reopened");
    // "Edit question" puts the question back in the message box.
    await answer.getByRole("button", { name: "Edit question" }).click();
    // React applies the edit on its next render: poll rather than read once.
    await expect.poll(() => page.getByLabel("Your message").inputValue()).toBe("Tell me slowly about my records");
    await expect.poll(async () => (await focused(page))?.id).toBe("composer-input");
    await page.getByLabel("Your message").fill("");
    await answer.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.locator(".message-user").count()).toBe(2);
    expect(await page.locator(".message-user").last().innerText()).toContain("Tell me slowly about my records");
    await page.close();
  });

  it("lists conversations: open, rename, delete after confirming", async () => {
    const { page } = await openApp(browser, h);
    await expect.poll(() => page.locator(".thread-item").count(), { timeout: 20_000 }).toBe(2);
    await showConversations(page);
    await page.locator(".thread-item", { hasText: "Help me prepare for my visit" }).click();
    await expect.poll(() => page.locator(".message").count()).toBe(4); // loaded with threads.get
    expect(await page.locator("#chat-title").innerText()).toBe("Help me prepare for my visit");

    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("New name").fill("Checkup in March");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.locator("#chat-title").innerText()).toBe("Checkup in March");
    await expect.poll(() => page.locator(".thread-item", { hasText: "Checkup in March" }).count()).toBe(1);

    const other = page.locator(".thread-item", { hasText: "Tell me slowly" });
    await other.click();
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    expect(await dialog.isVisible()).toBe(true);
    // The safe choice has the focus.
    expect((await focused(page))?.text).toBe("Keep it");
    await shot(page, "conversation-delete-confirm");
    await expectNoViolations(page, "conversation-delete-confirm");
    await dialog.getByRole("button", { name: "Delete conversation" }).click();
    await expect.poll(() => page.locator(".thread-item").count()).toBe(1);
    expect(await page.locator("#chat-title").innerText()).toBe("New conversation");
    expect((await h.engine["threads.list"]()).map((t) => t.title)).toEqual(["Checkup in March"]);
    await page.close();
  });
});

describe("attachments", () => {
  it("adds by picker and by drop, says what was read, refuses too-large files, sends, removes", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Attachments" }).click();
    await page.getByTestId("file-input").setInputFiles([
      { name: "lab-results.txt", mimeType: "text/plain", buffer: Buffer.from("Cholesterol 190 mg/dL\nA1C 6.1 %\n") },
      { name: "long-record.txt", mimeType: "text/plain", buffer: Buffer.from("Visit note line. ".repeat(800)) }, // 5 pages
    ]);
    await expect.poll(() => page.getByTestId("attachment-row").count(), { timeout: 20_000 }).toBe(2);
    const long = page.getByTestId("attachment-row").filter({ hasText: "long-record.txt" });
    // Files are read after they are added: the row says so once reading is done.
    await expect.poll(() => long.innerText(), { timeout: 20_000 }).toContain("Read 4 of 5 pages");
    await expect.poll(() => page.getByTestId("attachment-row").filter({ hasText: "lab-results.txt" }).innerText(), { timeout: 20_000 }).toContain("Read in full (1 page)");

    // Drag and drop: a small file is added; a 21 MB scan is refused at once with its own error.
    await dropFiles(page, '[data-testid="drop-zone"]', [
      { name: "letter.txt", type: "text/plain", text: "Dear Dr Lee" },
      { name: "scan.pdf", type: "application/pdf", size: 21 * 1024 * 1024 },
    ]);
    await expect.poll(() => page.getByTestId("attachment-row").count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => page.locator(".file-errors").innerText()).toContain("scan.pdf is larger than 20 MB");
    await shot(page, "attachments");
    await expectNoViolations(page, "attachments");

    // Unselect one; the others go with the next question and are then cleared.
    await page.getByLabel(/^letter\.txt/).uncheck();
    await page.getByRole("button", { name: "Conversation" }).click();
    await showConversations(page);
    await page.getByRole("button", { name: "New conversation" }).click();
    const attached = page.getByRole("group", { name: "Files sent with your next question" });
    expect(await attached.innerText()).toContain("2 files");
    const calls = h.provider.model.calls.length;
    await ask(page, "What do these results say I should ask?");
    await lastAnswerDone(page);
    const sent = h.provider.model.calls.slice(calls).map((c) => JSON.stringify(c.messages.map((m) => m.content)));
    // The specialist is told which files came with the question (it reads them with attach-read).
    expect(sent.some((s) => s.includes("lab-results.txt") && s.includes("long-record.txt"))).toBe(true);
    expect(sent.some((s) => s.includes("letter.txt"))).toBe(false);
    expect(await attached.count()).toBe(0);

    await page.getByRole("button", { name: "Attachments" }).click();
    await page.getByRole("button", { name: "Remove letter.txt" }).click();
    await expect.poll(() => page.getByTestId("attachment-row").count()).toBe(2);
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Removed letter.txt.");
    expect((await h.engine["attachments.list"]()).map((a) => a.name).sort()).toEqual(["lab-results.txt", "long-record.txt"]);
    await page.close();
  });
});

describe("notes", () => {
  it("creates, previews, edits, survives a conflict kindly, and deletes after confirming", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Notes" }).click();
    await page.getByRole("button", { name: "New note" }).click();
    await page.getByLabel("Note name").fill("Questions for Dr Lee");
    await page.getByLabel("Note text (Markdown)").fill("# Questions\n\n- Is my **blood pressure** OK?\n");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Saved Questions for Dr Lee.md.");
    expect((await h.engine["notes.read"]({ name: "Questions for Dr Lee.md" })).content).toContain("blood pressure");
    await page.getByRole("button", { name: "Preview" }).click();
    expect(await page.getByTestId("note-preview").locator("strong").innerText()).toBe("blood pressure");
    await shot(page, "notes");
    await expectNoViolations(page, "notes");

    // Someone else changes the note; saving the stale copy is refused and explained.
    await page.getByRole("button", { name: "Write" }).click();
    await h.engine["notes.write"]({ name: "Questions for Dr Lee.md", content: "# Changed elsewhere\n" });
    await page.getByLabel("Note text (Markdown)").fill("# Questions\n\n- My version\n");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect.poll(async () => page.getByTestId("note-problem").innerText().catch(() => "")).toContain("This note changed since you opened it");
    await shot(page, "notes-conflict");
    await expectNoViolations(page, "notes-conflict");
    expect((await h.engine["notes.read"]({ name: "Questions for Dr Lee.md" })).content).toBe("# Changed elsewhere\n");
    await page.getByRole("button", { name: "Load the latest version" }).click();
    await expect.poll(() => page.getByLabel("Note text (Markdown)").inputValue()).toBe("# Changed elsewhere\n");
    await page.getByLabel("Note text (Markdown)").fill("# Changed elsewhere\n\n- and mine\n");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect.poll(async () => (await h.engine["notes.read"]({ name: "Questions for Dr Lee.md" })).content).toContain("and mine");

    await page.getByRole("button", { name: "Delete note" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete note" }).click();
    await expect.poll(async () => (await h.engine["notes.list"]()).length).toBe(0);
    await expect.poll(() => page.getByText("No notes yet.").isVisible()).toBe(true);
    await page.close();
  });
});

describe("visit agenda", () => {
  it("downloads the Markdown and opens a large-print view that prints", async () => {
    const { page } = await openApp(browser, h);
    await showConversations(page);
    await page.locator(".thread-item", { hasText: "Checkup in March" }).click();
    await expect.poll(() => page.locator('.message-assistant[data-status="done"]').count(), { timeout: 20_000 }).toBe(2);
    const answer = page.locator(".message-assistant").first();
    const threadId = (await h.engine["threads.list"]()).find((t) => t.title === "Checkup in March")!.id;
    const turnId = (await h.engine["threads.get"]({ threadId })).messages.find((m) => m.role === "assistant")!.turnId;
    const exported = await h.engine["agenda.export"]({ threadId, turnId });

    // Named by the agenda's own heading, in whole words; a text file with the who-and-when lines on top.
    expect(exported.title).toBe("Visit agenda");
    expect(exported.fileName).toMatch(/^carefold-agenda-\d{4}-\d{2}-\d{2}-visit-agenda$/);
    const [download] = await Promise.all([page.waitForEvent("download"), answer.getByRole("button", { name: "Save as a text file" }).click()]);
    expect(download.suggestedFilename()).toBe(`${exported.fileName}.txt`);
    const saved = readFileSync((await download.path())!, "utf8");
    expect(saved.startsWith("Name: ____")).toBe(true);
    expect(saved).toContain("Date of birth: ____");
    expect(saved.endsWith(exported.markdown)).toBe(true);

    await answer.getByRole("button", { name: "Print or save agenda" }).click();
    const sheet = page.getByTestId("agenda-page");
    await sheet.waitFor();
    expect(await sheet.locator("h2").first().innerText()).toBe("Visit agenda");
    // Fields a clinician expects on the paper: typed here, or written by hand on the printed line.
    for (const label of ["Name", "Date of birth", "Visit date", "Clinician"]) expect(await sheet.getByLabel(label).count()).toBe(1);
    await sheet.getByLabel("Name").fill("Rosa Díaz");
    expect(await sheet.innerText()).toMatch(/Prepared on \w+ \d{1,2}, \d{4}/);
    expect(await sheet.innerText()).toContain("What do my test results mean?");
    // The answer's closing footer is printed once, at the foot of the page.
    expect(occurrences(await sheet.innerText(), FOOTER_PHRASE)).toBe(1);
    expect(await sheet.locator(".agenda-footer").innerText()).toContain(FOOTER_PHRASE);
    await shot(page, "agenda-view");
    await expectNoViolations(page, "agenda-view");

    // In the browser, Print uses the browser's print dialog (Save as PDF lives there).
    await inPage(page, "window.printed = 0; window.print = () => { window.printed++; }");
    await page.getByRole("button", { name: "Print", exact: true }).click();
    expect(await inPage(page, "window.printed")).toBe(1);
    // The print stylesheet leaves only the agenda: no navigation, no buttons, large text.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".app-header").isVisible()).toBe(false);
    expect(await page.locator(".agenda-toolbar").isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    const bodySize = parseFloat(await styleOf(page, '[data-testid="agenda-page"]', "font-size"));
    expect(bodySize).toBeGreaterThanOrEqual(19); // 15 pt
    await shot(page, "agenda-print");
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("button", { name: "Back to the conversation" }).click();
    expect(await page.locator("#chat-title").innerText()).toBe("Checkup in March");
    await page.close();
  });

  it("in the desktop app, saves the agenda through host.printToPdf as a standalone document", async () => {
    const printed: { html: string; fileName: string }[] = [];
    const info = await h.engine["app.info"]();
    h.overrides["app.info"] = async () => ({ ...info, host: "desktop" });
    h.overrides["host.printToPdf"] = async (input) => {
      printed.push(input);
      return { saved: true, path: `/home/me/Documents/${input.fileName}.pdf` };
    };
    try {
      const { page } = await openApp(browser, h);
      await showConversations(page);
      await page.locator(".thread-item", { hasText: "Checkup in March" }).click();
      await page.locator(".message-assistant").first().getByRole("button", { name: "Print or save agenda" }).click();
      await page.getByRole("button", { name: "Save as PDF" }).click();
      await expect.poll(() => printed.length).toBe(1);
      const html = printed[0]!.html;
      expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'');
      expect(html).toContain("<h1>Visit agenda</h1>");
      expect(html).toContain("<dt>Date of birth</dt>");
      expect(html).toContain("What do my test results mean?");
      expect(occurrences(html, FOOTER_PHRASE)).toBe(1);
      expect(html).not.toContain("<script");
      await expect.poll(() => page.getByTestId("announcer").innerText()).toContain("Saved the PDF to /home/me/Documents/");
      await page.close();
    } finally {
      delete h.overrides["app.info"];
      delete h.overrides["host.printToPdf"];
    }
  });
});

describe("visit agenda of several specialists", () => {
  it("prints the agenda two specialists wrote together, with the canonical footer exactly once", async () => {
    const { page } = await openApp(browser, h);
    await showConversations(page);
    await page.getByRole("button", { name: "New conversation" }).click();
    const question = "Sort out my bills and my records before the visit";
    await ask(page, question);
    const answer = await lastAnswerDone(page);
    expect(await answer.innerText()).toContain("Answered by Medical Records Coordinator, Insurance Benefits Guide.");
    const threadId = (await h.engine["threads.list"]()).find((t) => t.title === question)!.id;
    const exported = await h.engine["agenda.export"]({ threadId });
    // The engine's synthesis: one agenda with a section per specialist, and one footer.
    expect(exported.markdown).toMatch(/^# Your visit agenda\n/);
    expect(occurrences(exported.markdown, FOOTER_PHRASE)).toBe(1);

    await answer.getByRole("button", { name: "Print or save agenda" }).click();
    const sheet = page.getByTestId("agenda-page");
    await sheet.waitFor();
    await page.emulateMedia({ media: "print" });
    const printed = await sheet.innerText();
    for (const part of ["Your visit agenda", "Medical Records Coordinator", "Last year's lab results", "Insurance Benefits Guide", "Is the specialist in my network?"]) {
      expect(printed).toContain(part);
    }
    expect(printed.indexOf("Last year's lab results")).toBeLessThan(printed.indexOf("Is the specialist in my network?"));
    expect(occurrences(printed, FOOTER_PHRASE)).toBe(1);
    expect(occurrences(printed, "Carefold helps you prepare and organize.")).toBe(1);
    // The footer closes the page: nothing of the agenda comes after it.
    expect(printed.trimEnd().endsWith("without talking to the clinician who prescribed it.")).toBe(true);
    await shot(page, "agenda-master-print");
    await page.emulateMedia({ media: "screen" });
    await shot(page, "agenda-master");
    await expectNoViolations(page, "agenda-master");
    await page.close();
  });
});

describe("specialists catalog", () => {
  it("groups specialists, says how careful each is, and asks a starter in a new conversation", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Specialists" }).click();
    const groups = page.locator(".domain-group h3");
    await expect.poll(() => groups.count(), { timeout: 20_000 }).toBe(3);
    expect(await groups.allInnerTexts()).toEqual(["Paperwork, records and visits", "Health topics", "Everyday habits"]);
    const heart = page.locator(".agent-card", { hasText: "Heart Visit Guide" });
    expect(await heart.innerText()).toContain("Health topic — needs your OK first");
    const records = page.locator(".agent-card", { hasText: "Medical Records Coordinator" });
    expect(await records.innerText()).toContain("Paperwork");
    await shot(page, "catalog");
    await expectNoViolations(page, "catalog");
    const before = (await h.engine["threads.list"]()).length;
    const starter = (await h.engine["catalog.agents"]()).find((a) => a.id === "records-coordinator")!.starters[1]!;
    await records.getByRole("button", { name: starter }).click();
    expect(await page.locator("#chat-title").count()).toBe(1);
    await lastAnswerDone(page);
    expect(await page.locator(".message-user").first().innerText()).toContain(starter);
    expect(await page.locator(".message-user").count()).toBe(1);
    expect((await h.engine["threads.list"]()).length).toBe(before + 1);
    await page.close();
  });
});

describe("settings", () => {
  it("keeps text size, contrast and the emergency region across a reload", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Settings" }).click();
    for (let i = 0; i < 5; i++) await page.getByRole("button", { name: "Larger text" }).click();
    await expect.poll(() => page.getByTestId("text-scale-value").innerText()).toBe("150 %");
    await page.getByLabel("High contrast (white text on black)").check();
    await page.getByLabel("Where you are").selectOption("UK");
    await expect.poll(async () => (await h.engine["settings.get"]()).crisisLocale).toBe("UK");
    expect(await page.getByTestId("data-dir").innerText()).toBe(h.dataDir);

    await page.reload();
    await page.getByRole("button", { name: "Settings" }).click();
    await expect.poll(() => page.locator("#text-scale").inputValue()).toBe("150");
    expect(await page.getByLabel("High contrast (white text on black)").isChecked()).toBe(true);
    expect(await page.getByLabel("Where you are").inputValue()).toBe("UK");
    expect(await inPage(page, "document.documentElement.dataset.theme")).toBe("contrast");
    expect(await styleOf(page, "html", "font-size")).toBe("27px"); // 18 px × 150 %
    await shot(page, "settings-contrast-150");
    await expectNoViolations(page, "settings-contrast-150");
    await page.getByRole("button", { name: "Conversation" }).click();
    await showConversations(page);
    await page.locator(".thread-item", { hasText: "Checkup in March" }).click();
    await lastAnswerDone(page);
    await shot(page, "conversation-contrast-150");
    await expectNoViolations(page, "conversation-contrast-150");
    await h.engine["settings.set"]({ textScale: 100, highContrast: false, crisisLocale: "US" });
    await page.close();
  });

  it("switches the whole interface to Spanish, specialists' starters included", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Language", { exact: true }).selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.getByRole("navigation", { name: "Principal" }).innerText()).toContain("Ajustes");
    expect(await page.locator("#settings-title").innerText()).toBe("Ajustes");
    await shot(page, "settings-es");
    await expectNoViolations(page, "settings-es");
    await page.getByRole("button", { name: "Especialistas" }).click();
    // The specialists' own Spanish starters (content, so read from the catalog rather than written here).
    const starter = (await h.engine["catalog.agents"]()).find((a) => a.id === "records-coordinator")!.starters[0]!;
    expect(starter).toMatch(/[áéíóúñ¿]|\b(una|mi|mis|de)\b/);
    await expect.poll(() => page.getByRole("button", { name: starter, exact: true }).count(), { timeout: 20_000 }).toBe(1);
    // Specialists' titles are content too: Spanish in a Spanish interface.
    const heart = (await h.engine["catalog.agents"]()).find((a) => a.id === "cardiology-guide")!.title;
    expect(heart).not.toBe("Heart Visit Guide");
    expect(await page.locator(".agent-card", { hasText: heart }).innerText()).toContain("Tema de salud — necesita su permiso primero");
    await page.getByRole("button", { name: "Ajustes" }).click();
    await page.getByLabel("Idioma", { exact: true }).selectOption("en");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    expect((await h.engine["settings.get"]()).language).toBe("en");
    await page.close();
  });

  it("shows models, reports an import problem kindly, and shows download progress", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Settings" }).click();
    await expect.poll(() => page.getByTestId("active-model").innerText(), { timeout: 20_000 }).toContain("scripted-test-model");
    // Typing a path is the advanced way (the chooser uploads the file); a missing file is said plainly.
    await page.getByText("Advanced: type where the file is").click();
    await page.getByLabel("Path of a .gguf file on this computer").fill("/no/such/model.gguf");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect.poll(async () => page.locator(".model-library .kind-problem").innerText().catch(() => "")).toContain("Carefold found no file at “/no/such/model.gguf”.");
    expect(await page.locator(".model-library .kind-problem").getByRole("button", { name: "Choose another file" }).count()).toBe(1);
    // A download in progress (an injected event: this machine cannot download) shows under its model.
    h.inject({ type: "model.progress", downloadId: "d1", model: "qwen2.5-1.5b-instruct", receivedBytes: 400 * 1024 * 1024, totalBytes: 1000 * 1024 * 1024, state: "downloading", message: null });
    const card = page.locator('.model-card[data-model="qwen2.5-1.5b-instruct"]');
    const bar = card.locator("progress");
    await expect.poll(() => bar.getAttribute("value"), { timeout: 10_000 }).toBe("40");
    expect(await bar.getAttribute("aria-valuetext")).toBe("40 % — 400 MB of 1,000 MB");
    expect(await card.getByLabel("Downloading Qwen2.5 1.5B Instruct (Q4_K_M)").count()).toBe(1);
    // While it runs there is no second Download button for the same model.
    expect(await card.getByRole("button", { name: /Download/ }).count()).toBe(0);
    await shot(page, "settings");
    await expectNoViolations(page, "settings");
    await page.close();
  });
});

describe("reflow", () => {
  it("fits a 320 px wide window, and 200 % text, without sideways scrolling", async () => {
    const overflow = (page: Page) => inPage<number>(page, "document.documentElement.scrollWidth - document.documentElement.clientWidth");
    for (const [viewport, scale] of [[{ width: 320, height: 640 }, 100], [{ width: 1280, height: 800 }, 200]] as const) {
      await h.engine["settings.set"]({ textScale: scale });
      const { page } = await openApp(browser, h, viewport);
      await showConversations(page);
      await page.locator(".thread-item", { hasText: "Checkup in March" }).click();
      await lastAnswerDone(page);
      expect(await overflow(page), `chat ${viewport.width}px ${scale}%`).toBeLessThanOrEqual(0);
      for (const screen of ["Specialists", "Settings", "Notes", "Attachments"]) {
        await page.getByRole("button", { name: screen }).click();
        await page.locator("h2").first().waitFor();
        expect(await overflow(page), `${screen} ${viewport.width}px ${scale}%`).toBeLessThanOrEqual(0);
      }
      if (scale === 200) {
        await page.getByRole("button", { name: "Conversation" }).click();
        await lastAnswerDone(page);
        await shot(page, "conversation-200");
      }
      await page.close();
    }
    await h.engine["settings.set"]({ textScale: 100 });
  });
});

describe("first run", () => {
  it("welcomes, sets text size, offers model setup, and is not shown again", async () => {
    await h.engine["settings.set"]({ firstRunDone: false, textScale: 100 });
    const { page } = await openApp(browser, h);
    await page.getByRole("heading", { name: "Welcome to Carefold" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    expect(await page.locator(".first-run").innerText()).toContain("Tells you what condition you have");
    await shot(page, "first-run-welcome");
    await expectNoViolations(page, "first-run-welcome");
    await page.getByRole("button", { name: "Larger text" }).click();
    await expect.poll(async () => (await h.engine["settings.get"]()).textScale).toBe(110);
    await page.getByRole("button", { name: "Next: get a model ready" }).click();
    await page.getByRole("heading", { name: "Get a model ready" }).waitFor();
    expect((await focused(page))?.text).toBe("Get a model ready");
    await expect.poll(() => page.getByTestId("active-model").count(), { timeout: 20_000 }).toBe(1);
    await shot(page, "first-run-model");
    await expectNoViolations(page, "first-run-model");
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByLabel("Your message").waitFor();
    expect((await h.engine["settings.get"]()).firstRunDone).toBe(true);
    await page.reload();
    await page.getByLabel("Your message").waitFor();
    expect(await page.getByRole("heading", { name: "Welcome to Carefold" }).count()).toBe(0);
    await h.engine["settings.set"]({ textScale: DEFAULT_SETTINGS.textScale });
    await page.close();
  });
});
