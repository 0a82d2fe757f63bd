/**
 * The renderer in a real browser against the local web host: a message goes through the real engine
 * (scripted model injected through ModelProvider) and the reply streams in. Also the real
 * `carefold serve` process end to end, without a model.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../src/engine/engine";
import { startWebHost, type WebHost } from "../src/engine/host/webHost";
import { scriptedProvider } from "../test/support/scriptedChatModel";
import { tempDir } from "../test/support/tempDir";
import { launchBrowser, screenshotPath } from "./support/browser";

const root = join(__dirname, "..");
const staticDir = join(root, "out", "renderer");
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(staticDir, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("renderer over the web host", () => {
  let engine: Engine;
  let host: WebHost;
  const tmp = tempDir();

  beforeAll(async () => {
    // Every model call gets the same reply (the router may also ask the model before the specialist does).
    const provider = scriptedProvider(() => ({ chunks: ["Here is ", "your **visit** ", "checklist:\n\n", "- Bring your medicine list\n"], delayMs: 150 }));
    engine = createEngine({ dataDir: tmp.dir, contentDir: root, modelProvider: provider });
    await engine["settings.set"]({ firstRunDone: true });
    // The router may pick a health specialist; consent is its own journey (prompts.e2e.ts).
    await engine["consent.set"]({ scope: "global", granted: true });
    host = await startWebHost({ engine, staticDir });
  });
  afterAll(async () => {
    await host.close();
    await engine.close();
    tmp.cleanup();
  });

  it("sends a message and shows the streamed reply", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(host.url);
    expect(new URL(page.url()).searchParams.has("token")).toBe(false); // token removed from the address bar
    await page.getByLabel("Your message").fill("Help me prepare for my visit");
    await page.keyboard.press("Enter");
    const answer = page.locator(".message-assistant").last();
    // Streaming: part of the reply is visible before the turn is done.
    await expect.poll(async () => answer.getAttribute("data-status"), { timeout: 20_000 }).toBe("streaming");
    await expect.poll(async () => (await answer.innerText()).includes("Here is"), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => answer.getAttribute("data-status"), { timeout: 20_000 }).toBe("done");
    const text = await answer.innerText();
    expect(text).toContain("Bring your medicine list");
    expect(text).toContain("not a doctor");
    expect(await answer.locator("strong").innerText()).toBe("visit"); // markdown rendered
    await expect.poll(async () => page.getByTestId("announcer").innerText(), { timeout: 5_000 }).toBe("Carefold answered.");
    await page.screenshot({ path: screenshotPath("serve-conversation"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses a connection without the token: the page says its address is out of date and offers no message box", async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${host.port}/`);
    await page.getByTestId("out-of-date").waitFor({ timeout: 20_000 });
    expect(await page.getByLabel("Your message").count()).toBe(0);
    await page.close();
  });
});

describe("carefold serve (the real CLI process)", () => {
  let child: ChildProcess;
  let url: string;
  const tmp = tempDir();

  beforeAll(async () => {
    child = spawn(process.execPath, [join(root, "bin", "carefold.mjs"), "serve", "--no-build", "--data-dir", tmp.dir], { cwd: root });
    url = await new Promise<string>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${out}`)), 60_000);
      child.stdout!.on("data", (d) => {
        out += d;
        const m = /running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
  });
  afterAll(async () => {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGINT");
    await exited;
    tmp.cleanup();
  });

  it("serves the app and answers without a model", async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: "Skip setup" }).click(); // a fresh data folder starts with the welcome
    await page.getByLabel("Your message").fill("hello");
    await page.getByRole("button", { name: "Send" }).click();
    const answer = page.locator(".message-assistant").last();
    const allow = page.getByRole("button", { name: "Allow all health specialists" });
    // If the engine asks for consent before saying no model is set up, allowing re-asks the question.
    await expect.poll(async () => (await allow.isVisible()) || (await answer.getAttribute("data-status")) === "no_model", { timeout: 30_000 }).toBe(true);
    if (await allow.isVisible()) await allow.click();
    await expect.poll(async () => answer.getAttribute("data-status"), { timeout: 30_000 }).toBe("no_model");
    expect(await answer.innerText()).toContain("No model is set up yet");
    await page.screenshot({ path: screenshotPath("no-model"), fullPage: true });
    await page.close();
  });
});
