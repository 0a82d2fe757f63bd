/**
 * Choosing a model server off this computer (issue 17): Settings asks first, naming the host; "Cancel"
 * saves nothing, "OK" saves it. A server on this computer is saved without asking.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, until, type Harness } from "./support/harness";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([launchBrowser(), startHarness({ script: () => ({ text: "ok" }) })]);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe("a model server off this computer", () => {
  it("is saved only after the user confirms its host", async () => {
    const { page, errors } = await openApp(browser, h);
    await page.locator(".main-nav .nav-button").nth(4).click();
    await page.getByLabel("Where the model runs").selectOption("openai-compatible");
    await page.getByLabel("Server address").fill("https://models.clinic.example/v1");
    const asked: string[] = [];

    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole("button", { name: "Save model settings" }).click();
    await until(() => asked.length === 1, "the question");
    expect(asked[0]).toContain("models.clinic.example");
    expect((await h.engine["settings.get"]()).model.provider).not.toBe("openai-compatible");

    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.getByRole("button", { name: "Save model settings" }).click();
    await until(async () => (await h.engine["settings.get"]()).model.serverUrl === "https://models.clinic.example/v1", "the saved server");
    expect(asked).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
