/**
 * The printable agenda's "Medicines" list (issue 18, item 6), in Chromium: the medicines the user listed
 * in the conversation, as written, under the who-and-when header; with none, ruled lines to write on. In
 * large print a typical agenda is one page (measured with page.pdf(), on the browser's print view and
 * on the desktop app's standalone PDF document). The text file has the list too.
 * Journey (3 steps): ask with the medicines listed → "Print or save agenda" → Print.
 * Axe at 100 % and 200 % text, English and Spanish.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { inPage } from "./support/dom";
import { openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { expectNoViolations, lastAnswer, shot } from "./support/ui";

/** A typical agenda: a few questions, what to bring, and the canonical footer the engine adds. */
const AGENDA =
  "# Visit agenda\n\n## Questions to ask\n\n- What do my test results mean?\n- Is my blood pressure where it should be?\n- When should I come back?\n\n## What to bring\n\n- Medicine list\n- Insurance card\n- Blood pressure log\n";
const MEDICINES = ["Lisinopril 10 mg once daily", "Metformin 500 mg twice daily", "Vitamin D 1000 IU"];
const QUESTION = `Help me prepare for my checkup. My medicines:\n${MEDICINES.map((m) => `- ${m}`).join("\n")}`;

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  h = await startHarness({ script: () => ({ text: AGENDA }) });
});
afterAll(async () => {
  await h?.close();
  await browser?.close();
});

/** Pages in a PDF Chromium printed (each page object is "/Type /Page"; the tree is "/Type /Pages"). */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)?.length ?? 0;

async function askAndOpenAgenda(page: Page, question: string, language: "en" | "es" = "en") {
  await page.getByLabel(language === "es" ? "Su mensaje" : "Your message").fill(question);
  await page.keyboard.press("Enter");
  const answer = await lastAnswer(page);
  await answer.getByRole("button", { name: language === "es" ? "Imprimir o guardar la agenda" : "Print or save agenda" }).click();
  const sheet = page.getByTestId("agenda-page");
  await sheet.waitFor();
  return sheet;
}

describe("the agenda's medicines", () => {
  it("lists the medicines as written, prints on one page, and saves them in the text file", async () => {
    const { page, errors } = await openApp(browser, h);
    const sheet = await askAndOpenAgenda(page, QUESTION);
    const section = sheet.locator(".agenda-medicines");
    expect(await section.getByRole("heading", { level: 3 }).innerText()).toBe("Medicines");
    expect(await section.locator("li").allInnerTexts()).toEqual(MEDICINES);
    expect(await section.innerText()).toContain("As written in this conversation.");
    expect(await section.locator(".write-line").count()).toBe(1); // room to add one by hand
    // Under the header, before the agenda itself.
    const text = await sheet.innerText();
    expect(text.indexOf("Medicines")).toBeLessThan(text.indexOf("Questions to ask"));

    // On paper: large print, one page (the browser's print view, as Print gives it).
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ format: "Letter", printBackground: true });
    expect(pageCount(pdf)).toBe(1);
    await shot(page, "agenda-medicines-print");
    await page.emulateMedia({ media: "screen" });

    // The text file has them, as written, after the who-and-when lines.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save as a text file" }).click()]);
    const saved = readFileSync((await download.path())!, "utf8");
    expect(saved).toContain(`Medicines:\nAs written in this conversation. Check them with your care team.\n${MEDICINES.map((m) => `- ${m}`).join("\n")}\n- ____`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("with none listed, a blank list with lines to write on", async () => {
    const { page } = await openApp(browser, h);
    const sheet = await askAndOpenAgenda(page, "Help me prepare for my checkup next week");
    const section = sheet.locator(".agenda-medicines");
    expect(await section.locator("li").count()).toBe(0);
    expect(await section.innerText()).toContain("No medicines were listed in this conversation: write them here.");
    expect(await section.locator(".write-line").count()).toBe(5);
    await page.emulateMedia({ media: "print" });
    expect(pageCount(await page.pdf({ format: "Letter" }))).toBe(1);
    await shot(page, "agenda-medicines-blank-print");
    await page.close();
  });

  it("in the desktop app, the PDF document has the medicines and is one page", async () => {
    const printed: string[] = [];
    const info = await h.engine["app.info"]();
    h.overrides["app.info"] = async () => ({ ...info, host: "desktop" });
    h.overrides["host.printToPdf"] = async (input) => {
      printed.push(input.html);
      return { saved: true, path: `/home/me/Documents/${input.fileName}.pdf` };
    };
    try {
      const { page } = await openApp(browser, h);
      await askAndOpenAgenda(page, QUESTION);
      await page.getByRole("button", { name: "Save as PDF" }).click();
      await expect.poll(() => printed.length).toBe(1);
      const html = printed[0]!;
      for (const m of MEDICINES) expect(html).toContain(`<li>${m}</li>`);
      expect(html).toContain("Medicines</h3>");
      // The standalone document as the desktop host prints it: one page too.
      const doc = await browser.newPage();
      await doc.setContent(html);
      expect(pageCount(await doc.pdf({ format: "Letter", preferCSSPageSize: true }))).toBe(1);
      await doc.close();
      await page.close();
    } finally {
      delete h.overrides["app.info"];
      delete h.overrides["host.printToPdf"];
    }
  });

  for (const language of ["en", "es"] as const) {
    for (const scale of [100, 200] as const) {
      it(`is axe-clean in ${language} at ${scale} % text, without sideways scrolling`, async () => {
        await h.engine["settings.set"]({ language, textScale: scale });
        try {
          const { page } = await openApp(browser, h);
          const sheet = await askAndOpenAgenda(page, QUESTION, language);
          expect(await sheet.locator(".agenda-medicines h3").innerText()).toBe(language === "es" ? "Medicamentos" : "Medicines");
          expect(await sheet.locator(".agenda-medicines li").allInnerTexts()).toEqual(MEDICINES);
          expect(await inPage<number>(page, "document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);
          await shot(page, `agenda-medicines-${language}-${scale}`);
          await expectNoViolations(page, `agenda-medicines-${language}-${scale}`);
          await page.close();
        } finally {
          await h.engine["settings.set"]({ language: "en", textScale: 100 });
        }
      });
    }
  }
});
