/**
 * What the engine asks of the user, in a real browser: the emergency banner (app chrome that nothing
 * covers, no routine answer in that turn), a note change waiting for approval (the real agent runtime:
 * diff, reload, edit, approve) and the health-specialist consent dialog, all through the real engine
 * (safety gate, agent runtime, consent check). Screens are checked with axe and photographed into
 * e2e/artifacts/.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkA11y } from "./support/axe";
import { launchBrowser, screenshotPath } from "./support/browser";
import { focused, inPage } from "./support/dom";
import { lastUserText, openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";

const NOTE = "# Visit agenda\n\n- Bring the medicine list\n- Ask about the new test\n";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({
    script: (messages) => {
      if (messages.at(-1)?.getType() === "tool") return { text: "Your agenda is saved in your notes." };
      const text = lastUserText(messages);
      if (text.includes("save it as a note")) return { toolCalls: [{ name: "workspace-note", args: { title: "Visit agenda", content: NOTE } }] };
      return { text: "Here is a short list of questions for your visit.\n\n- What is the next step?\n" };
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function expectNoViolations(page: Page, screen: string) {
  const result = await checkA11y(page, screen);
  expect(result.violations, `${screen}: ${JSON.stringify(result.violations, null, 2)}`).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(name), fullPage: false });

async function ask(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.keyboard.press("Enter");
}

describe("emergency banner", () => {
  it("shows numbers first, stays above everything, gives no routine answer, and needs acknowledging", async () => {
    const { page } = await openApp(browser, h, { width: 1000, height: 700 });
    // Some conversation first, so the page scrolls.
    const questions = ["First question about my records", "Second question about my records"];
    for (const [i, q] of questions.entries()) {
      await ask(page, q);
      await expect.poll(() => page.locator('.message-assistant[data-status="done"]').count(), { timeout: 20_000 }).toBe(i + 1);
    }
    const calls = h.provider.model.calls.length;
    await ask(page, "I have crushing chest pain and my left arm is numb");
    const banner = page.getByTestId("emergency-banner");
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.getAttribute("role")).toBe("alert");
    // The numbers come first, as call links, and the first one has the focus.
    const links = banner.locator("a.emergency-action");
    expect((await links.allInnerTexts())[0]).toBe("Call 911");
    expect(await links.first().getAttribute("href")).toBe("tel:911");
    const text = await banner.innerText();
    expect(text.indexOf("Call 911")).toBeLessThan(text.indexOf("Call 911 now"));
    expect((await focused(page))?.text).toBe("Call 911");
    // No routine answer in that turn, and no model was asked.
    const answer = page.locator(".message-assistant").last();
    await expect.poll(() => answer.getAttribute("data-status"), { timeout: 20_000 }).toBe("emergency");
    expect(await answer.innerText()).toContain("Carefold stopped routine help for this message.");
    expect(await answer.locator(".answer-text").count()).toBe(0);
    expect(h.provider.model.calls.length).toBe(calls);
    // Scrolled to the end, the banner is still on top and nothing in the conversation covers it.
    await inPage(page, "window.scrollTo(0, document.body.scrollHeight)");
    await expect.poll(() => inPage<number>(page, "window.scrollY")).toBeGreaterThan(0);
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(20);
    for (const [x, y] of [[box.x + 10, box.y + 10], [box.x + box.width / 2, box.y + box.height - 10]]) {
      expect(await inPage(page, `!!document.elementFromPoint(${x}, ${y})?.closest('[data-testid="emergency-banner"]')`)).toBe(true);
    }
    await shot(page, "emergency");
    await expectNoViolations(page, "emergency");
    await banner.getByRole("button", { name: "I understand" }).click();
    expect(await banner.count()).toBe(0);
    expect((await focused(page))?.id).toBe("composer-input");
    await page.close();
  });
});

describe("approvals", () => {
  it("shows the path and a diff, comes back after a reload, and saves the user's edited version", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "New conversation" }).click();
    await ask(page, "Make my visit agenda and save it as a note");
    const dialog = page.getByTestId("approval-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).innerText()).toBe("Create the note “visit-agenda.md”?");
    expect(await dialog.innerText()).toContain("/workspace/notes/visit-agenda.md");
    expect(await dialog.innerText()).toContain("Medical Records Coordinator wants to make this change");
    const diff = dialog.getByTestId("diff");
    expect(await diff.locator("ins").count()).toBeGreaterThanOrEqual(3);
    expect(await diff.innerText()).toContain("Bring the medicine list");
    expect(await diff.locator(".diff-summary").innerText()).toMatch(/^\d+ lines added, 0 lines removed\.$/);
    expect((await focused(page))?.text).toBe("Approve");
    await expect.poll(() => page.locator(".message-assistant").last().getAttribute("data-status")).toBe("awaiting_approval");
    await shot(page, "approval");
    await expectNoViolations(page, "approval");

    // "Decide later", then a restart of the page: the approval is listed again at start-up.
    await dialog.getByRole("button", { name: "Decide later" }).click();
    expect(await dialog.count()).toBe(0);
    await page.getByRole("button", { name: "1 change waiting for your OK" }).waitFor();
    await page.reload();
    await page.getByTestId("approval-dialog").waitFor({ timeout: 20_000 });
    const again = page.getByTestId("approval-dialog");
    await again.getByRole("button", { name: "Edit first" }).click();
    const editor = again.getByLabel("The new text (you can change it before saving)");
    expect(await editor.inputValue()).toBe(NOTE);
    expect((await focused(page))?.tag).toBe("TEXTAREA");
    await editor.fill("# My agenda\n\n- In my own words\n");
    await again.getByRole("button", { name: "Save my version" }).click();
    await expect.poll(() => again.count()).toBe(0);
    const file = join(h.dataDir, "workspace", "notes", "visit-agenda.md");
    await expect.poll(() => (existsSync(file) ? readFileSync(file, "utf8") : null), { timeout: 20_000 }).toBe("# My agenda\n\n- In my own words\n");
    expect(await h.engine["approvals.list"]()).toEqual([]);
    await page.close();
  });
});

describe("consent", () => {
  it("explains what a health specialist never does, and re-asks once allowed", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "New conversation" }).click();
    await ask(page, "Help me get ready for my heart visit");
    const dialog = page.getByTestId("consent-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    const text = await dialog.innerText();
    expect(text).toContain("Heart Visit Guide");
    for (const never of ["what condition you have", "prescribe", "how much of a medicine", "start, stop or change a medicine", "replace emergency care"]) expect(text).toContain(never);
    expect(text).toContain("If this might be an emergency");
    expect(await dialog.getByRole("link", { name: "Call 911" }).getAttribute("href")).toBe("tel:911");
    expect((await focused(page))?.text).toBe("Not now");
    await shot(page, "consent");
    await expectNoViolations(page, "consent");

    // "Not now" closes it; the answer offers to decide later.
    await dialog.getByRole("button", { name: "Not now" }).click();
    const answer = page.locator(".message-assistant").last();
    await expect.poll(() => answer.getAttribute("data-status")).toBe("needs_consent");
    await answer.getByRole("button", { name: "Choose whether to allow the health specialist" }).click();
    await page.getByTestId("consent-dialog").getByRole("button", { name: "Allow this specialist" }).click();
    await expect.poll(async () => (await h.engine["consent.get"]()).agents).toEqual(["cardiology-guide"]);
    // The question is asked again in the same conversation, and answered by the specialist.
    await expect.poll(() => page.locator(".message-user").count(), { timeout: 20_000 }).toBe(2);
    const second = page.locator(".message-assistant").last();
    await expect.poll(() => second.getAttribute("data-status"), { timeout: 20_000 }).toBe("done");
    expect(await page.locator(".message-user").last().innerText()).toContain("Help me get ready for my heart visit");
    expect(await second.innerText()).toContain("Answered by Heart Visit Guide.");

    // Settings show the permission and can withdraw it.
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Withdraw Heart Visit Guide" }).click();
    await expect.poll(async () => (await h.engine["consent.get"]()).agents).toEqual([]);
    await page.close();
  });
});
