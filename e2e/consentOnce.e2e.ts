/**
 * Consent asked once per conversation per specialist (issue 18, item 4), in Chromium through the real
 * engine: after "Not now" a follow-up in the same conversation opens no dialog — the visit steward
 * answers within what it can do, and the answer says plainly that the health specialist is off, with a
 * button to turn it on. A new conversation asks again; a reload keeps the mark (it lives in the engine).
 * Journey (5 steps): ask → "Not now" → ask a follow-up → "Turn on this health specialist" → "Allow this
 * specialist" (the question is asked again and answered). Axe at 100 % and 200 % text, English and Spanish.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { expectNoViolations, lastAnswer, shot, showConversations } from "./support/ui";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script: () => ({ text: "Here are questions to bring to your visit:\n\n- What is the next step?\n" }) });
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

const WORDS = {
  en: { box: "Your message", notNow: "Not now", turnOn: "Turn on this health specialist", first: "Help me get ready for my heart visit", next: "What should I ask about my heart tests?", steward: "Visit Steward", off: "is off in this conversation" },
  es: { box: "Su mensaje", notNow: "Ahora no", turnOn: "Activar este especialista de salud", first: "Ayúdeme a preparar mi cita del corazón (heart)", next: "¿Qué pregunto sobre mis pruebas del corazón (heart)?", steward: "Asistente de citas médicas", off: "está desactivado en esta conversación" },
} as const;

async function say(page: Page, box: string, text: string) {
  await page.getByLabel(box).fill(text);
  await page.keyboard.press("Enter");
}

/** Ask, answer "Not now", ask a follow-up: no second dialog; the answer says who is off. */
async function declineThenFollowUp(page: Page, language: "en" | "es", screen: string, first: string = WORDS[language].first) {
  const w = WORDS[language];
  const dialog = page.getByTestId("consent-dialog");
  await say(page, w.box, first);
  await dialog.waitFor({ timeout: 20_000 });
  await expectNoViolations(page, `${screen}-dialog`);
  await dialog.getByRole("button", { name: w.notNow }).click();
  await lastAnswer(page, "needs_consent");
  const asked = h.events.filter((e) => e.type === "consent.required").length;
  await say(page, w.box, w.next);
  const answer = await lastAnswer(page);
  expect(await dialog.count()).toBe(0);
  const newConsentEvents = h.events.filter((e) => e.type === "consent.required").slice(asked);
  expect(newConsentEvents.map((e) => e.type === "consent.required" && e.askedBefore)).toEqual([true]);
  expect(await answer.locator(".answered-by").innerText()).toContain(w.steward);
  const off = answer.getByTestId("consent-off");
  expect(await off.innerText()).toContain(w.off);
  expect(await off.getByRole("button", { name: w.turnOn }).count()).toBe(1);
  return answer;
}

describe("consent asked once per conversation", () => {
  for (const language of ["en", "es"] as const) {
    for (const scale of [100, 200] as const) {
      it(`after “Not now” the same specialist does not ask again in that conversation (${language}, ${scale} % text)`, async () => {
        await h.engine["settings.set"]({ language, textScale: scale });
        try {
          // A fresh page is a new conversation: the specialist asks there again.
          const { page, errors } = await openApp(browser, h);
          const screen = `consent-once-${language}-${scale}`;
          await declineThenFollowUp(page, language, screen);
          await shot(page, screen);
          await expectNoViolations(page, screen);
          expect(errors).toEqual([]);
          await page.close();
        } finally {
          await h.engine["settings.set"]({ language: "en", textScale: 100 });
        }
      });
    }
  }

  it("keeps the mark across a reload, and “Turn on this health specialist” allows it and asks again", async () => {
    const { page } = await openApp(browser, h);
    const title = "Help me get ready for my heart visit on Monday";
    await declineThenFollowUp(page, "en", "consent-once-turn-on", title);
    // A reload: the same conversation still does not ask (the mark is the engine's, not the page's).
    await page.reload();
    await showConversations(page);
    await page.locator(".thread-item", { hasText: title }).click();
    await expect.poll(() => page.locator(".message-assistant").count(), { timeout: 20_000 }).toBe(2);
    await say(page, WORDS.en.box, "And what about my blood pressure log for the heart visit?");
    const third = await lastAnswer(page);
    expect(await page.getByTestId("consent-dialog").count()).toBe(0);
    expect(await third.getByTestId("consent-off").count()).toBe(1);
    // Turning it on from the answer: the dialog, then the question again, answered by the specialist.
    await third.getByRole("button", { name: WORDS.en.turnOn }).click();
    const dialog = page.getByTestId("consent-dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Allow this specialist" }).click();
    await until(async () => (await page.locator(".message-user").count()) === 4, "the question asked again");
    const allowed = await lastAnswer(page);
    expect(await allowed.locator(".answered-by").innerText()).toContain("Answered by Heart Visit Guide.");
    expect(await allowed.getByTestId("consent-off").count()).toBe(0);
    await shot(page, "consent-once-turned-on", false);
    await h.engine["consent.set"]({ scope: "agent", agentId: "cardiology-guide", granted: false });
    await page.close();
  });
});
