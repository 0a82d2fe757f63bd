/**
 * Print a whole conversation (issue 18, item 8), in Chromium: "Print this conversation" prints only the
 * conversation — title and date, each question and answer in order, a stopped turn's crisis numbers and
 * headline, the footer — with no buttons, navigation or message box. The desktop app saves the same as a
 * PDF through host.printToPdf. On a shared kiosk printing stays (paper goes home with the visitor) while
 * saving to the kiosk's disk does not. Journey (2 steps): ask → "Print this conversation".
 * Axe at 100 % and 200 % text, English and Spanish.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { inPage } from "./support/dom";
import { lastUserText, openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { expectNoViolations, lastAnswer, shot } from "./support/ui";

let browser: Browser;
let h: Harness;

const script = (messages: Parameters<typeof lastUserText>[0]) => ({ text: `Here is what to bring for “${lastUserText(messages).slice(0, 40)}”:\n\n- Your insurance card\n- Your medicine list\n` });

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script });
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

async function say(page: Page, text: string, box = "Your message") {
  await page.getByLabel(box).fill(text);
  await page.keyboard.press("Enter");
}

/** Replaces the browser's print dialog with a counter (a headless browser has none). */
const stubPrint = (page: Page) => inPage(page, "window.printed = 0; window.print = () => { window.printed++; }");

describe("print this conversation", () => {
  it("prints the messages in order with the emergency notice, and nothing of the app", async () => {
    const { page, errors } = await openApp(browser, h);
    await say(page, "What should I bring to my records appointment?");
    await lastAnswer(page);
    await say(page, "I have crushing chest pain and my left arm is numb");
    await lastAnswer(page, "emergency");
    await page.getByTestId("emergency-banner").getByRole("button", { name: "I understand" }).click();
    await say(page, "And for the insurance office?");
    await until(async () => (await page.locator('.message-assistant[data-status="done"]').count()) === 2, "the third answer");

    await stubPrint(page);
    await page.getByRole("button", { name: "Print this conversation" }).click();
    expect(await inPage(page, "window.printed")).toBe(1);
    const sheet = page.getByTestId("conversation-print");
    expect(await sheet.isVisible()).toBe(false); // on screen nothing changes
    await page.emulateMedia({ media: "print" });
    expect(await sheet.isVisible()).toBe(true);
    for (const chrome of [".app-header", "#composer-input", ".thread-header", ".message-assistant"]) expect(await page.locator(chrome).first().isVisible(), chrome).toBe(false);
    expect(await sheet.locator("button, input, textarea, nav, a").count()).toBe(0);
    expect(await sheet.locator("h1").innerText()).toBe("What should I bring to my records appointment?");
    const text = await sheet.innerText();
    const order = [
      "What should I bring to my records appointment?",
      "Here is what to bring for “What should I bring",
      "I have crushing chest pain and my left arm is numb",
      "Call 911",
      "Carefold stopped routine help for this message.",
      "And for the insurance office?",
      "Here is what to bring for “And for the insurance office?”",
    ];
    const at = order.map((part) => text.indexOf(part));
    // Each answer keeps its closing footer; the page's own footer comes last.
    at.push(text.lastIndexOf("Carefold helps you prepare and organize. It is not a doctor"));
    expect(at.every((i) => i >= 0), JSON.stringify(at)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).not.toContain("How Carefold worked on this");
    // The canonical footer once, at the foot of the page, not after every answer.
    expect(text.split("It is not a doctor and not emergency care.").length - 1).toBe(1);
    await shot(page, "conversation-print");
    // Printing for real (Chromium's own print, as Ctrl+P does) fires beforeprint and afterprint: the sheet
    // is on the page while it prints and goes away after.
    expect((await page.pdf({ format: "Letter" })).length).toBeGreaterThan(1000);
    await until(async () => (await sheet.count()) === 0, "the print sheet to go");
    await page.emulateMedia({ media: "screen" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("in the desktop app, saves the conversation as a PDF through the host", async () => {
    const printed: { html: string; fileName: string }[] = [];
    const info = await h.engine["app.info"]();
    h.overrides["app.info"] = async () => ({ ...info, host: "desktop" });
    h.overrides["host.printToPdf"] = async (input) => {
      printed.push(input);
      return { saved: true, path: `/home/me/Documents/${input.fileName}.pdf` };
    };
    try {
      const { page } = await openApp(browser, h);
      await say(page, "Help me gather my records for the new clinic");
      await lastAnswer(page);
      await page.getByRole("button", { name: "Save conversation as PDF" }).click();
      await expect.poll(() => printed.length).toBe(1);
      const { html, fileName } = printed[0]!;
      expect(fileName).toMatch(/^carefold-conversation-\d{4}-\d{2}-\d{2}-help-me-gather-my-records/);
      expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'');
      expect(html).toContain("<h1>Help me gather my records for the new clinic</h1>");
      expect(html).toContain("Your insurance card");
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<button");
      await expect.poll(() => page.getByTestId("announcer").innerText()).toContain("Saved the PDF to /home/me/Documents/");
      await page.close();
    } finally {
      delete h.overrides["app.info"];
      delete h.overrides["host.printToPdf"];
    }
  });

  for (const language of ["en", "es"] as const) {
    for (const scale of [100, 200] as const) {
      it(`is axe-clean in ${language} at ${scale} % text, and prints`, async () => {
        await h.engine["settings.set"]({ language, textScale: scale });
        try {
          const { page } = await openApp(browser, h);
          await say(page, language === "es" ? "¿Qué llevo a mi cita de registros?" : "What do I bring to my records visit?", language === "es" ? "Su mensaje" : "Your message");
          await lastAnswer(page);
          const button = page.getByRole("button", { name: language === "es" ? "Imprimir esta conversación" : "Print this conversation" });
          // The answer's tools (copy, ask again) and the conversation's (save, print), as the user sees them.
          await shot(page, `conversation-tools-${language}-${scale}`);
          await expectNoViolations(page, `conversation-print-button-${language}-${scale}`);
          await stubPrint(page);
          await button.click();
          expect(await inPage(page, "window.printed")).toBe(1);
          await page.emulateMedia({ media: "print" });
          expect(await page.getByTestId("conversation-print").isVisible()).toBe(true);
          await shot(page, `conversation-print-${language}-${scale}`);
          await page.emulateMedia({ media: "screen" });
          await page.close();
        } finally {
          await h.engine["settings.set"]({ language: "en", textScale: 100 });
        }
      });
    }
  }
});

describe("print this conversation on a shared kiosk", () => {
  let kiosk: Harness;
  beforeAll(async () => {
    kiosk = await startHarness({ script, kiosk: true });
  });
  afterAll(async () => {
    await kiosk?.close();
  });

  it("keeps printing on paper, and offers no save to the kiosk's disk (not even in the desktop kiosk)", async () => {
    const info = await kiosk.engine["app.info"]();
    kiosk.overrides["app.info"] = async () => ({ ...info, host: "desktop" });
    try {
      const { page } = await openApp(browser, kiosk);
      await say(page, "What should I bring to my records appointment?");
      await lastAnswer(page);
      expect(await page.getByRole("button", { name: "Print this conversation" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Save conversation" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Save conversation as PDF" }).count()).toBe(0);
      await expectNoViolations(page, "conversation-print-kiosk");
      await page.close();
    } finally {
      delete kiosk.overrides["app.info"];
    }
  });
});
