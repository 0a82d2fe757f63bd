/**
 * Issue 18's journeys at 100 % and 200 % text, in English and Spanish, where their own files check one
 * size or one language only (item 10): Stop with the stage and elapsed time (journeys.e2e.ts checks Stop
 * in English at 100 %), a refusal onto the visit list at 200 % (visitList.e2e.ts: 100 %), and the
 * first screen at 100 % (layout.e2e.ts: 200 % and 320 px). Each screen is checked with axe. Also: at the
 * width where the conversation list just wraps, the layout settles instead of flipping.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { lastUserText, openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { expectNoViolations, lastAnswer, shot } from "./support/ui";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({
    script: (messages) =>
      // Whole sentences (the output guard releases one at a time), slow enough to see the seconds go by.
      /slowly|despacio/.test(lastUserText(messages))
        ? { chunks: Array.from({ length: 8 }, (_, i) => `Line ${i} of the slow answer. `), delayMs: 2200 }
        : { text: "Here is a short checklist for your visit:\n\n- Bring your medicine list\n" },
  });
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

const WORDS = {
  en: { box: "Your message", slow: "Tell me slowly about my records", stop: "Stop", stopped: "Stopped", second: /^· [1-9]\d* seconds?$/, refused: "How much ibuprofen should I give my 6 year old?", offer: "Add this question to my visit list", add: "Add to my visit list" },
  es: { box: "Su mensaje", slow: "Cuénteme despacio sobre mis registros", stop: "Detener", stopped: "Detenido", second: /^· [1-9]\d* segundos?$/, refused: "¿Cuánto ibuprofeno le doy a mi hijo de 6 años?", offer: "Añadir esta pregunta a mi lista para la cita", add: "Añadir a mi lista" },
} as const;

const MATRIX = [
  ["en", 100],
  ["en", 200],
  ["es", 100],
  ["es", 200],
] as const;

async function inSettings(language: "en" | "es", textScale: number, body: () => Promise<void>) {
  await h.engine["settings.set"]({ language, textScale });
  try {
    await body();
  } finally {
    await h.engine["settings.set"]({ language: "en", textScale: 100 });
  }
}

async function say(page: Page, box: string, text: string) {
  await page.getByLabel(box).fill(text);
  await page.keyboard.press("Enter");
}

describe("stop, with the stage and the elapsed time", () => {
  for (const [language, scale] of MATRIX) {
    it(`shows the stage (announced once) and the seconds (not announced), then keeps what was said on Stop (${language}, ${scale} %)`, () =>
      inSettings(language, scale, async () => {
        const w = WORDS[language];
        const { page, errors } = await openApp(browser, h);
        await say(page, w.box, w.slow);
        const answer = page.locator(".message-assistant").last();
        const elapsed = answer.getByTestId("elapsed");
        await until(async () => w.second.test((await elapsed.innerText().catch(() => "")).trim()), "the elapsed seconds");
        expect(await elapsed.getAttribute("aria-hidden")).toBe("true");
        // The polite status holds the stage only: a screen reader hears it when it changes, not each second.
        const stage = (await answer.locator(".progress [role=status]").innerText()).trim();
        expect(stage.length).toBeGreaterThan(3);
        expect(stage).not.toMatch(/\d/);
        await shot(page, `stop-elapsed-${language}-${scale}`, false);
        await expectNoViolations(page, `stop-elapsed-${language}-${scale}`);

        await until(async () => (await answer.innerText()).includes("Line 0 of"), "the first sentence");
        await page.getByRole("button", { name: w.stop, exact: true }).click();
        await expect.poll(() => answer.getAttribute("data-status"), { timeout: 20_000 }).toBe("cancelled");
        expect(await answer.locator(".stopped-label").innerText()).toBe(w.stopped);
        expect(await answer.locator(".answer-text").innerText()).toContain("Line 0 of the slow answer.");
        expect(await answer.getByTestId("elapsed").count()).toBe(0);
        await expectNoViolations(page, `stopped-${language}-${scale}`);
        expect(errors).toEqual([]);
        await page.close();
      }));
  }
});

describe("a refused question onto the visit list, at 200 % text", () => {
  for (const language of ["en", "es"] as const) {
    it(`offers the visit list and asks first (${language}, 200 %)`, () =>
      inSettings(language, 200, async () => {
        const w = WORDS[language];
        const { page } = await openApp(browser, h);
        await say(page, w.box, w.refused);
        const answer = await lastAnswer(page, "refused");
        await expectNoViolations(page, `visit-list-offer-${language}-200`);
        await answer.getByRole("button", { name: w.offer }).click();
        const dialog = page.getByTestId("visit-list-dialog");
        await dialog.waitFor();
        expect(await dialog.innerText()).toContain(w.refused);
        await shot(page, `visit-list-dialog-${language}-200`, false);
        await expectNoViolations(page, `visit-list-dialog-${language}-200`);
        await dialog.getByRole("button", { name: w.add }).click();
        await until(async () => (await dialog.count()) === 0, "the dialog to close");
        await page.close();
      }));
  }
});

describe("the first screen at 100 % text", () => {
  for (const language of ["en", "es"] as const) {
    it(`keeps the list beside the chat and the message box in view (${language}, 100 %)`, () =>
      inSettings(language, 100, async () => {
        const { page } = await openApp(browser, h);
        await page.locator(".chat-layout[data-layout]").waitFor({ timeout: 20_000 });
        expect(await page.locator(".chat-layout").getAttribute("data-layout")).toBe("side");
        const box = (await page.locator("#composer-input").boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(900);
        await shot(page, `layout-1200-100-${language}`, false);
        await expectNoViolations(page, `layout-1200-100-${language}`);
        await page.close();
      }));
  }
});

describe("the layout at the width where the list wraps", () => {
  it("settles on one layout instead of flipping between the menu and the side list", async () => {
    // 816 px (a Letter page's width) is where folding the list lets the two fit side by side again.
    const { page } = await openApp(browser, h, { width: 816, height: 1056 });
    await say(page, WORDS.en.box, "Help me prepare for my checkup");
    await lastAnswer(page);
    const seen = new Set<string | null>();
    for (let i = 0; i < 20; i++) {
      seen.add(await page.locator(".chat-layout").getAttribute("data-layout"));
      await page.waitForTimeout(50);
    }
    expect([...seen]).toHaveLength(1);
    // With more room it unfolds again.
    await page.setViewportSize({ width: 1400, height: 1056 });
    await until(async () => (await page.locator(".chat-layout").getAttribute("data-layout")) === "side", "the side-by-side layout");
    await page.close();
  });
});
