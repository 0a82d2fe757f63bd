/**
 * Every screen and dialog in the opposite corner from the other journeys — Spanish, high contrast,
 * 200 % text — each checked with axe and photographed into e2e/artifacts/screens/ for review. With
 * CAREFOLD_E2E_GALLERY=1 it photographs the whole matrix (both languages, both themes, 100 % and
 * 200 % text) for a human review of every screen; the everyday run keeps to the one corner.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BaseMessage } from "@langchain/core/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Settings } from "../src/shared/contract";
import type { ScriptStep } from "../test/support/scriptedChatModel";
import { ARTIFACTS, launchBrowser } from "./support/browser";
import { inPage } from "./support/dom";
import { lastUserText, openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { expectNoViolations, showConversations } from "./support/ui";

const AGENDA =
  "# Visit agenda\n\n## Questions to ask\n\n- What do my test results mean?\n- When should I come back?\n\n## What to bring\n\n- Medicine list\n- Insurance card\n";
const NOTE = "# Questions for Dr Lee\n\n- Is my **blood pressure** OK?\n- Can I get a copy of my lab results?\n";

function script(messages: BaseMessage[]): ScriptStep {
  if (messages.at(-1)?.getType() === "tool") return { text: "Understood." };
  if (lastUserText(messages).includes("save it as a note")) {
    return { toolCalls: [{ name: "workspace-note", args: { title: "Visit agenda", content: AGENDA } }] };
  }
  return { text: AGENDA };
}

type Combo = { language: Settings["language"]; contrast: boolean; scale: 100 | 200 };
const gallery = process.env.CAREFOLD_E2E_GALLERY === "1";
const combos: Combo[] = gallery
  ? (["en", "es"] as const).flatMap((language) => [false, true].flatMap((contrast) => ([100, 200] as const).map((scale) => ({ language, contrast, scale }))))
  : [{ language: "es", contrast: true, scale: 200 }];
const SCREENS = join(ARTIFACTS, "screens");

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  mkdirSync(SCREENS, { recursive: true });
  [browser, h] = await Promise.all([launchBrowser(), startHarness({ script })]);
  // Something on every screen: a conversation with an agenda, a note, an attachment.
  const { turnId } = await h.engine["consult.ask"]({ text: "Help me prepare for my visit" });
  await until(() => h.events.some((e) => e.type === "done" && e.turnId === turnId), "the first answer");
  await h.engine["notes.write"]({ name: "Questions for Dr Lee.md", content: NOTE });
  await h.engine["attachments.add"]({ name: "lab-results.txt", mime: "text/plain", dataBase64: Buffer.from("Cholesterol 190 mg/dL\n").toString("base64") });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** The main navigation in its fixed order, whatever the language. */
const NAV = { chat: 0, catalog: 1, notes: 2, attachments: 3, settings: 4 } as const;
/** The element's centre is on screen and it is what is drawn there (nothing covers it). */
async function expectInView(page: Page, selector: string) {
  const where = `document.querySelector(${JSON.stringify(selector)})`;
  await expect
    .poll(() =>
      inPage<boolean>(
        page,
        `(() => { const el = ${where}; const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 12);
          return y > 0 && y < innerHeight && !!document.elementFromPoint(x, y)?.closest(${JSON.stringify(selector)}) })()`,
      ),
    )
    .toBe(true);
}

/** Asks in whatever language the page is in. */
async function ask(page: Page, text: string) {
  await page.locator("#composer-input").fill(text);
  await page.keyboard.press("Enter");
}
const go = (page: Page, view: keyof typeof NAV) => page.locator(".main-nav .nav-button").nth(NAV[view]).click();
const answered = (page: Page, count: number) =>
  expect.poll(() => page.locator('.message-assistant[data-status="done"]').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(count);

describe.each(combos)("every screen, $language, contrast $contrast, $scale %", (combo) => {
  const tag = `${combo.language}-${combo.contrast ? "contrast" : "default"}-${combo.scale}`;
  // Whole pages for the gallery review; the everyday run keeps to the window (a 200 % catalog is 20,000 px tall).
  const check = async (page: Page, screen: string, fullPage = gallery) => {
    await page.screenshot({ path: join(SCREENS, `${screen}-${tag}.png`), fullPage });
    await expectNoViolations(page, `screens-${screen}-${tag}`);
  };

  it("panels, the agenda, dialogs, the emergency banner and the welcome", async () => {
    await h.engine["settings.set"]({ language: combo.language, highContrast: combo.contrast, textScale: combo.scale, firstRunDone: true });
    const { page, errors } = await openApp(browser, h, { width: 1280, height: 900 });
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(combo.language);
    await showConversations(page);
    await page.locator(".thread-item", { hasText: "Help me prepare for my visit" }).click();
    await answered(page, 1);
    await check(page, "conversation");
    await go(page, "catalog");
    await expect.poll(() => page.locator(".agent-card").count(), { timeout: 20_000 }).toBeGreaterThan(10);
    await check(page, "catalog");
    await go(page, "notes");
    await page.locator(".notes-list .thread-item").first().click();
    await page.locator(".note-editor").waitFor();
    await check(page, "notes");
    await go(page, "attachments");
    await expect.poll(() => page.getByTestId("attachment-row").count(), { timeout: 20_000 }).toBe(1);
    await check(page, "attachments");
    await go(page, "settings");
    await page.getByTestId("ollama-status").waitFor({ timeout: 20_000 });
    // How a failed download reads (models.e2e.ts drives the real one; here only its wording and layout).
    h.inject({
      type: "model.progress",
      downloadId: `dl-${tag}`,
      model: "qwen2.5-1.5b-instruct",
      receivedBytes: 0,
      totalBytes: null,
      state: "failed",
      message: "Could not reach huggingface.co to download Qwen2.5 1.5B Instruct (Q4_K_M) (ENOTFOUND).",
    });
    await page.getByTestId("download-failed").waitFor();
    await check(page, "settings");

    await go(page, "chat");
    await showConversations(page);
    await page.locator(".thread-item", { hasText: "Help me prepare for my visit" }).click();
    await answered(page, 1);
    await page.locator(".message-assistant").first().locator(".answer-actions button").first().click();
    await page.getByTestId("agenda-page").waitFor();
    await check(page, "agenda");
    await page.locator(".agenda-toolbar button").first().click();

    // A change waiting for approval (the dialog), then put off; in a conversation of its own.
    await showConversations(page);
    await page.locator(".thread-list .button-primary").click();
    await ask(page, "Make my visit agenda and save it as a note");
    const approval = page.getByTestId("approval-dialog");
    await approval.waitFor({ timeout: 20_000 });
    // However large the text, it opens at its title, and the focused choice is in view, uncovered.
    await expectInView(page, '[data-testid="approval-dialog"] h2');
    await expectInView(page, '[data-testid="approval-dialog"] [data-autofocus]');
    await check(page, "approval", false);
    await page.keyboard.press("Escape");
    await expect.poll(() => approval.count()).toBe(0);
    await check(page, "approval-waiting", false);
    for (const pending of await h.engine["approvals.list"]()) await h.engine["consult.decide"]({ approvalId: pending.approvalId, decision: "reject" });

    // The consent question for a health specialist (each combo starts with nothing allowed).
    await ask(page, "Help me get ready for my heart visit");
    const consent = page.getByTestId("consent-dialog");
    await consent.waitFor({ timeout: 20_000 });
    await expectInView(page, '[data-testid="consent-dialog"] h2');
    await expectInView(page, '[data-testid="consent-dialog"] [data-autofocus]');
    await check(page, "consent", false);
    // Tabbing to the emergency number scrolls it into view above the row of choices, not under it.
    await consent.locator(".consent-emergency a").first().focus();
    await expectInView(page, '[data-testid="consent-dialog"] .consent-emergency a');
    await page.keyboard.press("Escape");
    await expect.poll(() => consent.count()).toBe(0);

    await ask(page, "I have crushing chest pain and my left arm is numb");
    const banner = page.getByTestId("emergency-banner");
    await banner.waitFor({ timeout: 20_000 });
    await check(page, "emergency", false);
    await banner.locator(".emergency-ack").click();

    await h.engine["settings.set"]({ firstRunDone: false });
    await page.reload();
    await page.locator(".first-run").waitFor();
    await check(page, "first-run");
    await h.engine["settings.set"]({ firstRunDone: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
