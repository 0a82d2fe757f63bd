/**
 * "Delete all my data" in Settings, in a real browser against the web host: a confirmation that says
 * what goes and keeps the focus on the safe choice (axe-clean), "Keep my data" deletes nothing, and
 * "Delete everything" empties conversations, notes and attachments on screen and in the engine.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { focused } from "./support/dom";
import { openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";
import { expectNoViolations, shot } from "./support/ui";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([launchBrowser(), startHarness({ script: () => ({ text: "Bring your medicine list." }) })]);
  const { turnId } = await h.engine["consult.ask"]({ text: "Help me prepare for my visit" });
  await until(() => h.events.some((e) => e.type === "done" && e.turnId === turnId), "the first answer");
  await h.engine["notes.write"]({ name: "Questions.md", content: "# Questions\n\n- Is my blood pressure OK?\n" });
  await h.engine["attachments.add"]({ name: "labs.txt", mime: "text/plain", dataBase64: Buffer.from("Cholesterol 190\n").toString("base64") });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe("delete all my data", () => {
  it("asks first, keeps everything on Keep, and deletes everything on confirm", async () => {
    const { page, errors } = await openApp(browser, h);
    await page.locator(".thread-item", { hasText: "Help me prepare for my visit" }).click();
    await page.locator(".main-nav .nav-button").nth(4).click();
    const section = page.getByTestId("delete-all");
    await section.getByRole("button", { name: "Delete all my data…" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("This cannot be undone");
    expect((await focused(page))?.text).toBe("Keep my data");
    await shot(page, "settings-delete-all-confirm");
    await expectNoViolations(page, "settings-delete-all-confirm");

    await dialog.getByRole("button", { name: "Keep my data" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await h.engine["threads.list"]()).toHaveLength(1);

    await section.getByRole("button", { name: "Delete all my data…" }).click();
    await dialog.getByRole("button", { name: "Delete everything" }).click();
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("All your data was deleted.");
    expect(await h.engine["threads.list"]()).toEqual([]);
    expect(await h.engine["notes.list"]()).toEqual([]);
    expect(await h.engine["attachments.list"]()).toEqual([]);
    await expectNoViolations(page, "settings-after-delete-all");

    await page.locator(".main-nav .nav-button").nth(0).click();
    expect(await page.locator("#chat-title").innerText()).toBe("New conversation");
    await expect.poll(() => page.locator(".thread-item").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
