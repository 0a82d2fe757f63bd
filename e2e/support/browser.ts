/** Debian Chromium through playwright-core, headless and offline-friendly (no background networking). */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CAREFOLD_CHROMIUM ?? "/usr/bin/chromium";
export const ARTIFACTS = join(__dirname, "..", "artifacts");

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export function screenshotPath(name: string): string {
  return join(ARTIFACTS, `${name}.png`);
}
