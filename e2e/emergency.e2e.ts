/**
 * The emergency stays visible (safety.md §1): the turn the gate stopped shows the banner's numbers in
 * the conversation, as working call links; they stay after the banner is acknowledged, after a reload
 * and when the conversation is reopened from history. The "top of the window" pointer shows only while
 * the banner is up, and a flag found in an attachment says which file.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

const AT_TOP = "The emergency information is at the top of the window.";
const QUESTION = "I have crushing chest pain and my left arm is numb";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script: () => ({ text: "A routine answer that must never be shown." }) });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** The stopped turn's block: its call links (text and href, in order) and its whole text. */
async function stoppedTurn(page: Page) {
  const answer = await lastAnswer(page, "emergency");
  const block = answer.getByTestId("emergency-turn");
  await block.waitFor();
  const links = block.locator("a.emergency-action");
  const hrefs = await Promise.all(Array.from({ length: await links.count() }, (_, i) => links.nth(i).getAttribute("href")));
  return { answer, block, links: await links.allInnerTexts(), hrefs, text: await block.innerText() };
}

async function reopen(page: Page, title: string) {
  await page.reload();
  await page.locator(".thread-item", { hasText: title }).click();
}

describe("the stopped turn", () => {
  it("shows the numbers in the conversation, through acknowledging, a reload and history", async () => {
    const { page, errors } = await openApp(browser, h);
    const calls = h.provider.model.calls.length;
    await ask(page, QUESTION);
    const banner = page.getByTestId("emergency-banner");
    await banner.waitFor({ timeout: 20_000 });

    // Numbers first, as the banner has them, with working tel: links; then the headline.
    let turn = await stoppedTurn(page);
    expect(turn.links).toEqual(await banner.locator("a.emergency-action").allInnerTexts());
    expect(turn.links[0]).toBe("Call 911");
    expect(turn.hrefs[0]).toBe("tel:911");
    for (const href of turn.hrefs) expect(href).toMatch(/^(tel|sms):[0-9-]+$/);
    expect(turn.text.indexOf("Call 911")).toBeLessThan(turn.text.indexOf("Call 911 now"));
    expect(turn.text).toContain("Carefold stopped routine help for this message.");
    expect(turn.text).toContain(AT_TOP);
    expect(turn.text).not.toContain("Found in");
    expect(await turn.answer.innerText()).not.toContain("routine answer");
    expect(h.provider.model.calls.length).toBe(calls);
    await shot(page, "emergency-turn", false);
    await expectNoViolations(page, "emergency-turn");

    // Acknowledged: the banner and its pointer go, the numbers stay.
    await banner.getByRole("button", { name: "I understand" }).click();
    await expect.poll(() => banner.count()).toBe(0);
    turn = await stoppedTurn(page);
    expect(turn.text).not.toContain(AT_TOP);
    expect(turn.hrefs[0]).toBe("tel:911");
    await expectNoViolations(page, "emergency-turn-acknowledged");

    // A reload, then the conversation reopened from history: the numbers again, no banner, no pointer.
    await reopen(page, QUESTION);
    turn = await stoppedTurn(page);
    expect(turn.links[0]).toBe("Call 911");
    expect(turn.hrefs[0]).toBe("tel:911");
    expect(turn.text).toContain("Call 911 now");
    expect(turn.text).not.toContain(AT_TOP);
    expect(await banner.count()).toBe(0);
    await shot(page, "emergency-turn-history", false);
    await expectNoViolations(page, "emergency-turn-history");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says which attachment the flag was found in, in the banner and in history", async () => {
    const { page, errors } = await openApp(browser, h);
    await page.getByRole("button", { name: "Attachments" }).click();
    const log = "Tuesday: crushing chest pain spreading to my left arm, sweating, can't catch my breath.\n";
    await page.getByTestId("file-input").setInputFiles([{ name: "bp-log.txt", mimeType: "text/plain", buffer: Buffer.from(log) }]);
    await expect.poll(() => page.getByTestId("attachment-row").count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole("button", { name: "Conversation" }).click();
    await page.getByRole("button", { name: "New conversation" }).click();
    const question = "Can you organize this log for my visit?";
    await ask(page, question);
    const banner = page.getByTestId("emergency-banner");
    await banner.waitFor({ timeout: 20_000 });
    const found = "Found in the attachment “bp-log.txt”.";
    expect(await banner.innerText()).toContain(found);
    expect((await stoppedTurn(page)).text).toContain(found);
    await expectNoViolations(page, "emergency-turn-attachment");
    await banner.getByRole("button", { name: "I understand" }).click();

    await reopen(page, question);
    const turn = await stoppedTurn(page);
    expect(turn.text).toContain(found);
    expect(turn.hrefs[0]).toBe("tel:911");
    expect(errors).toEqual([]);
    await page.close();
  });
});
