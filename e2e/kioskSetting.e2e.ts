/**
 * Kiosk mode turned on by the admin setting (issue 16, item 1), on `carefold serve`: turned on in
 * Settings, then serve restarted on the same data folder is a kiosk (the welcome, no profile picker);
 * "Clinic staff" with a wrong admin PIN is refused, with the right one kiosk mode is off, and after the
 * next restart the normal app is back. The new forms axe-clean.
 *
 * Serve runs through the CLI's own entry (runCli), in this process: a restart is then a new run of the
 * command on the same data folder, without the ~8 s of module loading a new process spends each time
 * (serve.e2e.ts starts the real process). It stops as on Ctrl+C, closing its engines first.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main";
import { tempDir } from "../test/support/tempDir";
import { launchBrowser, screenshotPath } from "./support/browser";
import { STATIC_DIR } from "./support/harness";
import { expectNoViolations, shot } from "./support/ui";

let browser: Browser;
const running = new Set<Serve>();
const tmp = tempDir("carefold-e2e-kiosk-setting-");

interface Serve {
  /** Its address and what it said about kiosk mode, once it listens. */
  ready: Promise<{ url: string; kioskLine: string }>;
  /** As Ctrl+C: resolves with its exit status once everything is closed. */
  stop(): Promise<number>;
}

/** `carefold serve --no-build --data-dir <the data folder>`. */
function startServe(): Serve {
  const stdout = new PassThrough();
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const status = runCli(["serve", "--no-build", "--data-dir", tmp.dir], { stdin: new PassThrough(), stdout, stderr: new PassThrough(), cwd: tmp.dir, env: {}, stopped });
  const ready = new Promise<{ url: string; kioskLine: string }>((resolve, reject) => {
    let out = "";
    stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const url = /running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1];
      if (url) resolve({ url, kioskLine: /^Kiosk mode: .*$/m.exec(out)?.[0] ?? "" });
    });
    void status.then((code) => reject(new Error(`serve ended (${code}) before it listened: ${out}`)));
  });
  ready.catch(() => undefined); // a serve stopped before it listened is no unhandled rejection
  const serve: Serve = {
    ready,
    stop: () => {
      running.delete(serve);
      stop();
      return status;
    },
  };
  running.add(serve);
  return serve;
}

async function open(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.once("close", () => void context.close().catch(() => undefined));
  await page.goto(url);
  return page;
}

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all([...running].map((serve) => serve.stop()));
  await browser?.close();
  tmp.cleanup();
});

describe("kiosk mode from the admin setting, on carefold serve", () => {
  it("is turned on in Settings, is a kiosk after a restart, and is turned off by clinic staff with the admin PIN", async () => {
    let serve = startServe();
    let served = await serve.ready;
    expect(served.kioskLine).toBe("Kiosk mode: off");
    let page = await open(served.url);
    await page.getByRole("button", { name: "Skip setup" }).click(); // a fresh data folder starts with the welcome
    await page.getByRole("button", { name: "Settings" }).click();
    const section = page.getByTestId("kiosk-settings");
    await section.getByLabel("New admin PIN", { exact: true }).fill("2468");
    await section.getByLabel("The new admin PIN again").fill("2486");
    await section.getByRole("button", { name: "Turn on kiosk mode" }).click();
    await expect.poll(() => section.getByRole("alert").innerText()).toBe("The two admin PINs are not the same.");
    await section.screenshot({ path: screenshotPath("kiosk-setting-form") });
    await expectNoViolations(page, "kiosk-setting-form");
    await section.getByLabel("The new admin PIN again").fill("2468");
    await section.getByRole("button", { name: "Turn on kiosk mode" }).click();
    const confirm = page.getByTestId("confirm-dialog");
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Turn on kiosk mode" }).click();
    await expect.poll(() => section.getByTestId("kiosk-settings-done").innerText()).toBe("Kiosk mode is on. It takes effect when carefold serve is restarted.");
    await page.close();

    // Restarted on the same data folder: a kiosk, with no profile picker and no profile's records.
    expect(await serve.stop()).toBe(0);
    serve = startServe();
    served = await serve.ready;
    expect(served.kioskLine).toContain("Kiosk mode: on (turned on in Settings");
    page = await open(served.url);
    await page.getByTestId("kiosk-bar").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("heading", { name: "Who is using Carefold?" }).count()).toBe(0);
    expect(await page.getByTestId("profiles-settings").count()).toBe(0);
    const staff = page.getByRole("button", { name: "Clinic staff" });
    await staff.focus(); // reachable from the keyboard
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("kiosk-staff-dialog");
    await dialog.waitFor();
    const pin = dialog.getByLabel("Admin PIN");
    expect(await pin.getAttribute("type")).toBe("password");
    expect(await pin.getAttribute("autocomplete")).toBe("current-password");
    await pin.fill("1111");
    await dialog.getByRole("button", { name: "Turn off kiosk mode" }).click();
    await expect.poll(() => dialog.getByRole("alert").innerText()).toBe("That admin PIN is not right. Try again.");
    await shot(page, "kiosk-staff-wrong-pin", false);
    await expectNoViolations(page, "kiosk-staff-wrong-pin");
    await pin.fill("2468");
    await dialog.getByRole("button", { name: "Turn off kiosk mode" }).click();
    await expect.poll(() => page.getByTestId("kiosk-staff-done").innerText()).toBe("Kiosk mode is turned off. It takes effect when carefold serve is restarted.");

    await page.close();

    // …and after the next restart the normal app is back.
    expect(await serve.stop()).toBe(0);
    serve = startServe();
    served = await serve.ready;
    expect(served.kioskLine).toBe("Kiosk mode: off");
    page = await open(served.url);
    await page.getByLabel("Your message").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("kiosk-bar").count()).toBe(0);
    await page.close();
    expect(await serve.stop()).toBe(0);
  });
});
