/** Steps every journey repeats: ask a question, wait for an answer, check a screen with axe, photograph it. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { checkA11y } from "./axe";
import { screenshotPath } from "./browser";

export async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const result = await checkA11y(page, screen);
  expect(result.violations, `${screen}: ${JSON.stringify(result.violations, null, 2)}`).toEqual([]);
}

export const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: screenshotPath(name), fullPage });

export async function ask(page: Page, text: string): Promise<void> {
  await page.getByLabel("Your message").fill(text);
  await page.keyboard.press("Enter");
}

/** The last answer, once its turn is over with the given status. */
export async function lastAnswer(page: Page, status = "done") {
  const answer = page.locator(".message-assistant").last();
  await expect.poll(() => answer.getAttribute("data-status"), { timeout: 30_000 }).toBe(status);
  return answer;
}

/** With large text or a narrow window the conversation list and search are behind a menu: open it. */
export async function showConversations(page: Page): Promise<void> {
  await page.locator(".chat-layout[data-layout]").waitFor();
  const menu = page.locator(".sidebar-toggle");
  if ((await menu.count()) > 0 && (await menu.getAttribute("aria-expanded")) === "false") await menu.click();
}
