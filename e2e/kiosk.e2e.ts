/**
 * The clinic kiosk in Chromium (issue 16): `carefold serve --kiosk`'s pieces — the clinic's engine
 * lending its model, an engine per visitor in a temporary folder, the real web host — with two
 * visitors at once, "End my session and erase", and the idle countdown (the page's clock driven by
 * Playwright). After each end, nothing the visitor typed is in any file.
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../src/engine/engine";
import { kioskSessions, lentProvider } from "../src/engine/host/sessions";
import { startWebHost, type WebHost } from "../src/engine/host/webHost";
import { singlePlan } from "../test/support/engineHarness";
import { scriptedProvider } from "../test/support/scriptedChatModel";
import { tempDir } from "../test/support/tempDir";
import { filesUnder } from "../test/engine/host/kioskHost";
import { launchBrowser } from "./support/browser";
import { ROOT, STATIC_DIR, until } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

let browser: Browser;
let host: WebHost;
let clinic: Engine;
const tmp = tempDir();
const root = join(tmp.dir, "tmp");

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
  mkdirSync(root, { recursive: true });
  const provider = scriptedProvider(() => ({ text: "## Your checklist\n\n- Bring your medicine list\n- Write down your questions" }));
  clinic = createEngine({ dataDir: join(tmp.dir, "clinic"), contentDir: ROOT, modelProvider: provider });
  host = await startWebHost({
    staticDir: STATIC_DIR,
    sessions: kioskSessions({
      root,
      idleMs: 3_600_000, // the page's countdown is what these journeys drive
      createEngine: (dataDir, hooks) =>
        createEngine({ dataDir, contentDir: ROOT, hostKind: "browser", kiosk: true, modelProvider: lentProvider(() => clinic.provider), router: () => () => singlePlan("records-coordinator"), host: hooks }),
    }),
  });
});
afterAll(async () => {
  await host?.close();
  await clinic?.close();
  await browser?.close();
  tmp.cleanup();
});

async function visitor(clock = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.once("close", () => void context.close().catch(() => undefined));
  if (clock) await page.clock.install();
  await page.goto(host.url);
  await page.getByTestId("kiosk-bar").waitFor({ timeout: 20_000 });
  return page;
}

const visitorFolders = () => readdirSync(root).filter((n) => n.startsWith("carefold-kiosk-"));
const written = (canary: string) => [...filesUnder(root), ...filesUnder(join(tmp.dir, "clinic"))].filter((f) => f.text.includes(canary)).map((f) => f.path);

describe("a clinic kiosk", () => {
  it("serves two visitors at once who never see each other's conversations", async () => {
    const [a, b] = [await visitor(), await visitor()];
    await ask(a, "ALPHA-2291 help me list my questions for the knee doctor");
    await ask(b, "BRAVO-7734 help me sort out my insurance papers");
    await lastAnswer(a);
    await lastAnswer(b);
    expect(await a.locator("body").innerText()).not.toContain("BRAVO-7734");
    expect(await b.locator("body").innerText()).not.toContain("ALPHA-2291");
    // The conversation list never shows a visitor's words as a title.
    expect(await a.locator(".thread-list").innerText().catch(() => "")).not.toContain("ALPHA-2291");
    // Nothing leaves a visitor's session: no copy, no file saved to the kiosk's disk (paper stays).
    const answer = a.locator(".message-assistant").last();
    expect(await answer.getByRole("button", { name: "Copy answer" }).count()).toBe(0);
    expect(await answer.getByRole("button", { name: "Save as a text file" }).count()).toBe(0);
    expect(await answer.getByRole("button", { name: "Print or save agenda" }).count()).toBe(1);
    expect(await a.getByRole("button", { name: "Save conversation" }).count()).toBe(0);
    await shot(a, "kiosk");
    await expectNoViolations(a, "kiosk");
    await a.close();
    await b.close();
  });

  it("'End my session and erase' asks once, erases everything and starts a fresh welcome", async () => {
    const page = await visitor();
    await ask(page, "CANARY-E2E-END-6120 help me get my records");
    await lastAnswer(page);
    expect(written("CANARY-E2E-END-6120").length).toBeGreaterThan(0);
    const before = visitorFolders().length;
    await page.getByTestId("kiosk-end").click();
    const confirm = page.getByTestId("confirm-dialog");
    await confirm.waitFor();
    await expectNoViolations(page, "kiosk-end-confirm");
    await shot(page, "kiosk-end-confirm", false);
    await confirm.getByRole("button", { name: "Erase and start over" }).click();
    await until(async () => !(await page.locator("body").innerText()).includes("CANARY-E2E-END-6120") && (await page.getByTestId("kiosk-bar").count()) === 1, "the fresh welcome");
    await until(() => visitorFolders().length === before, "the old session's folder to go"); // the reload opened a new one
    expect(written("CANARY-E2E-END-6120")).toEqual([]);
    await page.close();
  });

  it("asks 'Are you still here?' after the idle time, keeps the session on 'I'm still here', and erases it when the countdown ends", async () => {
    const page = await visitor(true);
    await ask(page, "CANARY-E2E-IDLE-4417 help me prepare my visit papers");
    await lastAnswer(page);
    await page.clock.fastForward("03:01");
    const dialog = page.getByTestId("kiosk-idle");
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.innerText()).toContain("erased in 30 seconds");
    await expectNoViolations(page, "kiosk-idle");
    await shot(page, "kiosk-idle", false);
    await dialog.getByRole("button", { name: "I'm still here" }).click();
    await until(async () => (await dialog.count()) === 0, "the question to close");
    expect(await page.locator("body").innerText()).toContain("CANARY-E2E-IDLE-4417");

    await page.clock.fastForward("03:35");
    await until(async () => !(await page.locator("body").innerText()).includes("CANARY-E2E-IDLE-4417"), "the session to be erased", 30_000);
    await until(() => written("CANARY-E2E-IDLE-4417").length === 0, "nothing of it left on disk");
    await page.close();
  });
});
