/**
 * The connection as a person meets it (issue 18, item 1), in Chromium against the real web host: an
 * address from an earlier launch shows one clear page and no message box; a dropped connection shows
 * one status line, never a stack of notices, and goes away when the app is back.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../src/engine/engine";
import { startWebHost } from "../src/engine/host/webHost";
import { scriptedProvider } from "../test/support/scriptedChatModel";
import { tempDir } from "../test/support/tempDir";
import { launchBrowser } from "./support/browser";
import { ROOT, STATIC_DIR, until } from "./support/harness";
import { expectNoViolations, shot } from "./support/ui";

let browser: Browser;
let engine: Engine;
const tmp = tempDir();

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  engine = createEngine({ dataDir: tmp.dir, contentDir: ROOT, modelProvider: scriptedProvider([{ text: "Here is your checklist." }]) });
  await engine["settings.set"]({ firstRunDone: true });
});
afterAll(async () => {
  await engine?.close();
  await browser?.close();
  tmp.cleanup();
});

async function open(url: string, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale });
  const page = await context.newPage();
  page.once("close", () => void context.close().catch(() => undefined));
  await page.goto(url);
  return page;
}

describe("the connection to Carefold", () => {
  it("an address from an earlier launch shows one clear page, in the browser's language, and no message box", async () => {
    const host = await startWebHost({ engine, staticDir: STATIC_DIR });
    try {
      const stale = host.url.replace(/token=[^&]+/, "token=from-an-earlier-launch");
      const page = await open(stale);
      const notice = page.getByTestId("out-of-date");
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.innerText()).toContain("This Carefold address is out of date");
      expect(await notice.innerText()).toContain("Open Carefold again from the app or the command line");
      expect(await page.getByLabel("Your message").count()).toBe(0);
      expect(await page.locator(".error-item").count()).toBe(0);
      await shot(page, "out-of-date-address", false);
      // The tab has Carefold's icon (served as an image, like the app's other files).
      const icon = await page.request.get(new URL("/favicon.svg", host.url).href);
      expect(icon.status()).toBe(200);
      expect(icon.headers()["content-type"]).toBe("image/svg+xml");
      expect(await page.locator('link[rel="icon"]').getAttribute("href")).toBe("./favicon.svg");
      await expectNoViolations(page, "out-of-date-address");
      await page.evaluate("document.documentElement.style.setProperty('--text-scale', '2')");
      await expectNoViolations(page, "out-of-date-address-200");
      await page.close();

      const es = await open(stale, "es-MX");
      await es.getByTestId("out-of-date").waitFor({ timeout: 20_000 });
      expect(await es.getByTestId("out-of-date").innerText()).toContain("Esta dirección de Carefold ya no es válida");
      await expectNoViolations(es, "out-of-date-address-es");
      await es.evaluate("document.documentElement.style.setProperty('--text-scale', '2')");
      await expectNoViolations(es, "out-of-date-address-es-200");
      await es.close();
    } finally {
      await host.close();
    }
  });

  it("a restart with a new address turns the old page into the out-of-date page, after one status line at most", async () => {
    const first = await startWebHost({ engine, staticDir: STATIC_DIR });
    const page = await open(first.url);
    await page.getByLabel("Your message").waitFor({ timeout: 20_000 });
    const port = first.port;
    await first.close();
    const second = await startWebHost({ engine, staticDir: STATIC_DIR, port });
    try {
      await page.getByTestId("out-of-date").waitFor({ timeout: 30_000 });
      expect(await page.getByLabel("Your message").count()).toBe(0);
      expect(await page.locator(".error-item").count()).toBe(0);
    } finally {
      await page.close();
      await second.close();
    }
  });

  it("a dropped connection shows one status line, gone when the app is back", async () => {
    const first = await startWebHost({ engine, staticDir: STATIC_DIR, token: "same-launch-token" });
    const page = await open(first.url);
    await page.getByLabel("Your message").waitFor({ timeout: 20_000 });
    const port = first.port;
    await first.close();
    const status = page.getByTestId("connection-status");
    await until(async () => (await status.innerText()).includes("Lost the connection"), "the status line");
    // A few reconnect attempts later there is still one line and no stack of notices.
    await page.waitForTimeout(1500);
    expect(await page.locator(".error-item").count()).toBe(0);
    await expectNoViolations(page, "reconnecting");
    await shot(page, "reconnecting", false);
    const back = await startWebHost({ engine, staticDir: STATIC_DIR, port, token: "same-launch-token" });
    try {
      await until(async () => (await status.innerText()) === "", "the status line to go", 30_000);
      expect(await page.getByLabel("Your message").count()).toBe(1);
    } finally {
      await page.close();
      await back.close();
    }
  });
});
