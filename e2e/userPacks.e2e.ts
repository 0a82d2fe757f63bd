/**
 * The user's own content packs in Settings, in a real browser against the web host: a legacy tree
 * migrated into the data folder while the app runs is listed as in use; a broken pack added after is
 * listed as not used, with its reasons, after "Check the folder again" (no restart); axe-clean.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateLegacy } from "../src/engine/content/migrate/index";
import { userContentDir } from "../src/engine/content";
import { launchBrowser } from "./support/browser";
import { openApp, ROOT, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { expectNoViolations, shot } from "./support/ui";

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([launchBrowser(), startHarness({ script: () => ({ text: "Bring your pain diary." }) })]);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe("your own content packs", () => {
  it("lists migrated packs in use, and a broken one as not used with why, after checking again", async () => {
    const { page, errors } = await openApp(browser, h);
    const out = userContentDir(h.dataDir);
    const migrated = migrateLegacy(join(ROOT, "test", "fixtures", "legacy-packs", "well-formed"), out, {
      profile: readFileSync(join(ROOT, "carefold-profile.yaml")),
    });
    expect(migrated.validation.ok).toBe(true);

    await page.locator(".main-nav .nav-button").nth(4).click();
    const section = page.locator("section[aria-labelledby='settings-packs']");
    await section.getByTestId("packs-loaded").waitFor();
    expect(await section.getByTestId("packs-loaded").innerText()).toContain("knee-visit-guide");
    expect(await section.getByTestId("packs-folder").innerText()).toBe(out);

    const broken = join(out, "agents", "broken-guide");
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, "agent.yaml"), "name: broken-guide\n");
    await section.getByRole("button", { name: "Check the folder again" }).click();
    await section.getByTestId("packs-rejected").waitFor();
    const rejected = await section.getByTestId("packs-rejected").innerText();
    expect(rejected).toContain("broken-guide");
    expect(rejected).toContain("required file is missing");
    await section.scrollIntoViewIfNeeded();
    await shot(page, "settings-user-packs");
    await expectNoViolations(page, "settings-user-packs");
    expect(errors).toEqual([]);
  });
});
