/**
 * What people expect from a chat app (issue 18, item 8), in Chromium: copy an answer, ask the same
 * question again for a new answer, and save the whole conversation as a text file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer } from "./support/ui";

let browser: Browser;
let h: Harness;
let answers = 0;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script: () => ({ text: `Answer number ${++answers}: bring your medicine list.` }) });
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

describe("answer tools", () => {
  it("copies an answer, asks again, and saves the conversation as a text file", async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    try {
      await page.goto(h.url);
      await ask(page, "What should I bring to my records appointment?");
      const first = await lastAnswer(page);
      const text = await first.locator(".answer-text").innerText();
      await first.getByRole("button", { name: "Copy answer" }).click();
      await until(async () => (await first.innerText()).includes("Answer copied."), "the copy to be confirmed");
      expect(await page.evaluate("navigator.clipboard.readText()")).toContain(text.split("\n")[0]!.trim());
      await expectNoViolations(page, "answer-tools");

      await first.getByRole("button", { name: "Ask again" }).click();
      await until(async () => (await page.locator('.message-assistant[data-status="done"]').count()) === 2, "a second answer");
      expect(await page.locator(".message-user").count()).toBe(2);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save conversation" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^carefold-conversation-\d{4}-\d{2}-\d{2}-.+\.txt$/);
      const saved = readFileSync((await download.path())!, "utf8");
      expect(saved).toContain("You:\nWhat should I bring to my records appointment?");
      expect(saved).toMatch(/Carefold:\nAnswer number \d+: bring your medicine list\./);
      expect(saved.match(/^You:$/gm)).toHaveLength(2);
    } finally {
      await context.close();
    }
  });
});
