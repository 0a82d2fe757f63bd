/**
 * The message box on the first screen (issue 18, item 2), in Chromium: at 200 % text and at 320 px
 * wide, with five conversations, the list folds into a menu above the chat, and the skip link goes to
 * the message box. Axe on each, English and Spanish.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script: () => ({ text: "Here is a short checklist for your visit:\n\n- Bring your medicine list\n- Write down your questions" }) });
  for (let i = 1; i <= 5; i++) {
    const { turnId } = await h.engine["consult.ask"]({ text: `Conversation number ${i} about my records` });
    await until(() => h.events.some((e) => e.type === "done" && e.turnId === turnId), `answer ${i}`);
  }
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

async function composerOnFirstScreen(page: Page, height: number) {
  const box = await page.locator("#composer-input").boundingBox();
  expect(box, "the message box is shown").not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

describe("the first screen", () => {
  for (const [name, viewport, textScale] of [
    ["200 % text", { width: 1200, height: 900 }, 200],
    ["320 px wide", { width: 320, height: 640 }, 100],
  ] as const) {
    it(`keeps the message box in view at ${name}; the list is a menu; the skip link goes to the message box`, async () => {
      await h.engine["settings.set"]({ textScale });
      try {
        const { page } = await openApp(browser, h, viewport);
        await page.locator("#composer-input").waitFor({ timeout: 20_000 });
        const menu = page.getByRole("button", { name: "Conversations and search (5)" });
        await menu.waitFor({ timeout: 10_000 });
        expect(await menu.getAttribute("aria-expanded")).toBe("false");
        await shot(page, `layout-${viewport.width}-${textScale}`, false);
        await composerOnFirstScreen(page, viewport.height);
        await expectNoViolations(page, `layout-${viewport.width}-${textScale}`);

        // The skip link is the first stop and lands in the message box.
        await page.keyboard.press("Tab");
        expect(await page.evaluate("document.activeElement.textContent")).toBe("Skip to the message box");
        await page.keyboard.press("Enter");
        expect(await page.evaluate("document.activeElement.id")).toBe("composer-input");

        // The menu opens the list; choosing a conversation folds it again.
        await menu.click();
        expect(await menu.getAttribute("aria-expanded")).toBe("true");
        await page.locator(".thread-item").first().click();
        await until(async () => (await menu.getAttribute("aria-expanded")) === "false", "the menu to fold");
        await lastAnswer(page);
        await ask(page, "One more question about my records");
        await lastAnswer(page);
        await page.close();
      } finally {
        await h.engine["settings.set"]({ textScale: 100 });
      }
    });
  }

  it("in Spanish", async () => {
    await h.engine["settings.set"]({ language: "es", textScale: 200 });
    try {
      const { page } = await openApp(browser, h);
      await page.getByRole("button", { name: /^Conversaciones y búsqueda \(\d+\)$/ }).waitFor({ timeout: 20_000 });
      await composerOnFirstScreen(page, 900);
      await expectNoViolations(page, "layout-es-200");
      await page.close();
    } finally {
      await h.engine["settings.set"]({ language: "en", textScale: 100 });
    }
  });

  it("at normal size the list stays beside the chat, with no menu", async () => {
    const { page } = await openApp(browser, h);
    await page.locator("#composer-input").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("button", { name: /Conversations and search/ }).count()).toBe(0);
    expect(await page.locator(".thread-item").count()).toBeGreaterThanOrEqual(5);
    await page.close();
  });
});
