/**
 * A refusal offers a way forward (issue 18, item 7), in Chromium: "Add this question to my visit list"
 * asks first, then adds the question in the user's words to their note, which the Notes screen shows.
 * Three steps: the button, "Add to my visit list", the note. English and Spanish, axe on the dialog.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script: () => ({ text: "Here is a checklist for your visit." }) });
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

describe("a refused question", () => {
  it("goes onto the visit list in the user's words, after one confirmation", async () => {
    const { page } = await openApp(browser, h);
    await ask(page, "How much ibuprofen should I give my 6 year old?");
    const answer = await lastAnswer(page, "refused");
    await answer.getByRole("button", { name: "Add this question to my visit list" }).click();
    const dialog = page.getByTestId("visit-list-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("How much ibuprofen should I give my 6 year old?");
    expect(await dialog.innerText()).toContain("Questions for my care team");
    await expectNoViolations(page, "visit-list-dialog");
    await shot(page, "visit-list-dialog", false);
    await dialog.getByRole("button", { name: "Add to my visit list" }).click();
    await until(async () => (await dialog.count()) === 0, "the dialog to close");
    const note = await h.engine["notes.read"]({ name: "Questions for my care team.md" });
    expect(note.content).toBe("# Questions for my care team\n\n- How much ibuprofen should I give my 6 year old?\n");
    await page.getByRole("button", { name: "Notes" }).click();
    await until(async () => (await page.locator("body").innerText()).includes("Questions for my care team"), "the note in Notes");
    await page.close();
  });

  it("in Spanish", async () => {
    await h.engine["settings.set"]({ language: "es" });
    try {
      const { page } = await openApp(browser, h);
      await page.getByLabel("Su mensaje").fill("¿Cuánto ibuprofeno le doy a mi hijo de 6 años?");
      await page.keyboard.press("Enter");
      const answer = await lastAnswer(page, "refused");
      await answer.getByRole("button", { name: "Añadir esta pregunta a mi lista para la cita" }).click();
      const dialog = page.getByTestId("visit-list-dialog");
      await dialog.waitFor();
      await expectNoViolations(page, "visit-list-dialog-es");
      await dialog.getByRole("button", { name: "Añadir a mi lista" }).click();
      await until(async () => (await dialog.count()) === 0, "the dialog to close");
      const note = await h.engine["notes.read"]({ name: "Preguntas para mi equipo medico.md" });
      expect(note.content).toContain("- ¿Cuánto ibuprofeno le doy a mi hijo de 6 años?");
      await page.close();
    } finally {
      await h.engine["settings.set"]({ language: "en" });
    }
  });
});
