/**
 * Links in answers (issue 17), in a real browser through `carefold serve`: a link shows its real host,
 * clicking it asks first naming that host; "Cancel" opens nothing, "OK" opens it in a new tab. A link
 * carrying personal details or text that names another site is plain text, not a link at all.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { ask, lastAnswer } from "./support/ui";

const ANSWER =
  "To appeal a denied claim, start at [Medicare appeals](https://www.medicare.gov/claims-appeals). " +
  "Do not use [your form](https://forms.example/a?name=Maria&dob=1950-03-02) or [www.medicare.gov](https://evil.example/login).";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([launchBrowser(), startHarness({ script: () => ({ text: ANSWER }) })]);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** Pages the browser opened besides the app's own (a followed target=_blank link). */
function popups(page: Page): string[] {
  return page.context().pages().filter((p) => p !== page).map((p) => p.url());
}

describe("a link in an answer", () => {
  it("opens only after the user confirms its real host; personal and deceptive links are text", async () => {
    const { page, errors } = await openApp(browser, h);
    await ask(page, "How do I appeal my insurance bills?");
    const answer = await lastAnswer(page);
    const links = answer.locator("a[href^='http']");
    await expect.poll(() => links.count()).toBe(1);
    expect(await links.first().getAttribute("href")).toBe("https://www.medicare.gov/claims-appeals");
    const text = (await answer.textContent()) ?? "";
    expect(text).toContain("medicare.gov");
    expect(await answer.innerHTML()).not.toMatch(/forms\.example|evil\.example/);

    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await links.first().click();
    await until(() => asked.length === 1, "the question before opening");
    expect(asked[0]).toContain("medicare.gov");
    await page.waitForTimeout(300);
    expect(popups(page)).toEqual([]);

    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    const opened = page.context().waitForEvent("page", { timeout: 10_000 });
    await links.first().click();
    const tab = await opened;
    expect(asked).toHaveLength(2);
    await until(() => tab.url() !== "about:blank", "the new tab's address", 10_000).catch(() => undefined);
    expect(tab.url()).toMatch(/^(https:\/\/www\.medicare\.gov\/claims-appeals|about:blank|chrome-error:)/);
    expect(errors).toEqual([]);
  });
});
