/**
 * Search across conversations and notes in a real browser (issue 18, item 8): ask two questions, save
 * a note, then search above the conversation list — by an answer's word, by a prefix as you type, by
 * a note's word without its accent — and open a conversation and a note from the results, by mouse
 * and by keyboard. The count is said politely. Axe-clean at 100 % and 200 % text, English and Spanish.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { focused, inPage } from "./support/dom";
import { lastUserText, openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot, showConversations } from "./support/ui";

const FIRST = "Help me gather my kidney clinic papers";
const SECOND = "What should I ask about my insurance appeal?";
const NOTE_NAME = "Preguntas del corazón";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({
    script: (messages) =>
      lastUserText(messages).includes("insurance")
        ? { text: "## Appeal questions\n\n- Ask for the claim number.\n- Ask when they will decide.\n" }
        : { text: "## Papers to gather\n\n- The referral letter from Dr Lee\n- Last year's lab results\n" },
  });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const searchField = (page: Page, name = "Search your conversations and notes") => page.getByRole("searchbox", { name });
const results = (page: Page) => page.locator(".search-result");

/** The results shown for exactly this query (the field searches as you type, after a short pause). */
const resultsFor = (page: Page, query: string) => page.locator(`.search-results[data-query=${JSON.stringify(query)}]`);

async function search(page: Page, query: string, count: number, label?: string): Promise<void> {
  await showConversations(page);
  await searchField(page, label).fill(query);
  await expect.poll(() => resultsFor(page, query).count(), { timeout: 10_000 }).toBe(1);
  expect(await results(page).count()).toBe(count);
}

describe("search", () => {
  it("finds conversations by answer and by prefix, a note without its accent, and opens each", async () => {
    const { page, errors } = await openApp(browser, h);
    await ask(page, FIRST);
    await lastAnswer(page);
    await showConversations(page);
    await page.getByRole("button", { name: "New conversation" }).click();
    await ask(page, SECOND);
    await lastAnswer(page);
    await page.getByRole("button", { name: "Notes" }).click();
    await page.getByRole("button", { name: "New note" }).click();
    await page.getByLabel("Note name").fill(NOTE_NAME);
    await page.getByLabel("Note text (Markdown)").fill(`# ${NOTE_NAME}\n\n- ¿Puedo nadar después de la cita?\n`);
    await page.getByRole("button", { name: "Save note" }).click();
    await expect.poll(async () => (await h.engine["notes.list"]()).length).toBe(1);
    await page.getByRole("button", { name: "Conversation" }).click();

    // A word of the first answer: one conversation, its hit marked, the count said politely.
    await search(page, "referral", 1);
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("1 result");
    const hit = results(page).first();
    expect(await hit.locator(".search-kind").innerText()).toMatch(/conversation/i);
    expect(await hit.locator(".thread-title").innerText()).toBe(FIRST);
    expect(await hit.locator("mark").allInnerTexts()).toEqual(["referral"]);
    await shot(page, "search-results");
    await expectNoViolations(page, "search-results");

    // As the user types: "insur" finds the second conversation; the keyboard opens it.
    await search(page, "insur", 1);
    expect(await results(page).first().locator(".thread-title").innerText()).toBe(SECOND);
    await searchField(page).press("ArrowDown");
    expect((await focused(page))?.tag).toBe("BUTTON");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#chat-title").innerText()).toBe(SECOND);
    await expect.poll(() => page.locator(".message").count(), { timeout: 20_000 }).toBe(2);
    expect(await page.locator(".message-user").innerText()).toContain(SECOND);

    // Without its accent, the note; choosing it opens it in the Notes screen, its text focused.
    await search(page, "corazon", 1);
    const note = results(page).first();
    expect(await note.locator(".search-kind").innerText()).toMatch(/note/i);
    expect(await note.locator(".thread-title").innerText()).toBe(NOTE_NAME);
    expect(await note.locator("mark").allInnerTexts()).toEqual(["corazón"]);
    await note.click();
    await expect.poll(() => page.getByLabel("Note text (Markdown)").inputValue()).toContain("¿Puedo nadar");
    expect((await focused(page))?.tag).toBe("TEXTAREA");
    await expectNoViolations(page, "search-opened-note");

    // Nothing found is said too; Escape clears the field and the results.
    await page.getByRole("button", { name: "Conversation" }).click();
    await search(page, "zebra", 0);
    expect(await page.locator(".search-count").innerText()).toBe("No conversations or notes match.");
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("No conversations or notes match.");
    await searchField(page).press("Escape");
    await expect.poll(() => page.locator(".search-results").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const language of ["en", "es"] as const) {
    for (const scale of [100, 200] as const) {
      it(`is axe-clean in ${language} at ${scale} % text, and fits without sideways scrolling`, async () => {
        await h.engine["settings.set"]({ language, textScale: scale });
        try {
          const { page } = await openApp(browser, h);
          const label = language === "es" ? "Buscar en sus conversaciones y notas" : "Search your conversations and notes";
          await search(page, "corazón pre", 1, label);
          await expect.poll(() => page.getByTestId("announcer").innerText()).toBe(language === "es" ? "1 resultado" : "1 result");
          expect(await results(page).first().locator(".search-kind").innerText()).toMatch(language === "es" ? /nota/i : /note/i);
          expect(await inPage<number>(page, "document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);
          await shot(page, `search-${language}-${scale}`);
          await expectNoViolations(page, `search-${language}-${scale}`);
          await page.close();
        } finally {
          await h.engine["settings.set"]({ language: "en", textScale: 100 });
        }
      });
    }
  }
});
