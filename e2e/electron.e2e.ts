/**
 * The desktop shell through Playwright's Electron driver. The Electron binary cannot be downloaded
 * on build machines without internet, so this skips (saying why) when it is absent.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { _electron } from "playwright-core";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test/support/tempDir";

const root = join(__dirname, "..");

function electronBinary(): { path: string | null; reason: string } {
  try {
    const path = createRequire(import.meta.url)("electron") as unknown as string;
    return { path, reason: "" };
  } catch (err) {
    return { path: null, reason: err instanceof Error ? err.message.split("\n")[0]! : String(err) };
  }
}

const binary = electronBinary();
if (!binary.path) console.log(`[e2e] Skipping Electron tests: the Electron binary is not installed here (${binary.reason}).`);

describe.skipIf(!binary.path)("Electron shell", () => {
  it("opens one secure window that talks to the engine over IPC", async () => {
    const tmp = tempDir();
    const app = await _electron.launch({
      executablePath: binary.path!,
      args: [root, `--user-data-dir=${tmp.dir}`],
      env: { ...process.env, ELECTRON_DISABLE_SECURITY_WARNINGS: "1" },
    });
    try {
      const page = await app.firstWindow();
      expect(await page.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe("undefined");
      expect(await page.evaluate(() => Object.keys((globalThis as unknown as { carefold: object }).carefold).length)).toBeGreaterThan(5);
      await page.getByRole("button", { name: "Skip setup" }).click(); // a fresh profile starts with the welcome
      await page.getByLabel("Your message").fill("hello");
      await page.keyboard.press("Enter");
      const answer = page.locator(".message-assistant").last();
      await expect.poll(async () => answer.getAttribute("data-status"), { timeout: 30_000 }).toBe("no_model");
    } finally {
      await app.close();
      tmp.cleanup();
    }
  });
});
