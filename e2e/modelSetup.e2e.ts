/**
 * Model setup a patient can finish (issue 18, item 3), in Chromium against `carefold serve`'s web host:
 * on the first-run screen a model file is chosen with the browser's file chooser and uploaded into the
 * models folder, listed and put to use; a file that is not a model gives a plain error with its next step
 * as a button; the upload shows its progress, says it politely at each quarter and can be cancelled
 * (nothing left behind); one Ollama status whose hint names only controls on that screen. Axe at 100 %
 * and 200 % text, English and Spanish; screenshots in e2e/artifacts/model-setup-*.png.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../src/shared/contract";
import { generateModel, type GeneratedModel } from "../test/support/gguf/index";
import { launchBrowser } from "./support/browser";
import { focused } from "./support/dom";
import { openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { expectNoViolations, shot } from "./support/ui";

let browser: Browser;
let h: Harness;
let gguf: GeneratedModel;
let letter: string;
let damaged: string;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([
    launchBrowser(),
    // The engine builds its model from the settings, as in the app: the uploaded file is what answers.
    startHarness({ model: "settings", firstRunDone: false, script: () => ({ text: "unused" }) }),
  ]);
  gguf = generateModel({}, "tiny-carefold.gguf");
  letter = join(gguf.dir, "letter.gguf");
  writeFileSync(letter, "Dear insurer, please find my claim attached.");
  // Starts like a model, then stops: only the host's check (after the upload) can tell.
  damaged = join(gguf.dir, "half-copied.gguf");
  writeFileSync(damaged, readFileSync(gguf.path).subarray(0, 4096));
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
  gguf?.cleanup();
});

const modelsDir = () => join(h.dataDir, "models");
/** Every file in the models folder, hidden partial uploads included. */
const filesInModels = () => (existsSync(modelsDir()) ? readdirSync(modelsDir()) : []);
const activeModel = (page: Page) => page.getByTestId("active-model").innerText();

/** The first-run welcome, then its model step (one click, counted by the caller). */
async function openModelStep(page: Page): Promise<void> {
  await page.locator(".first-run h2").waitFor({ timeout: 20_000 });
  await page.locator(".first-run-actions .button-primary").click();
  await page.getByTestId("ollama-state").waitFor({ timeout: 20_000 });
}

/** Clicks `button` and answers the browser's file chooser with `path`. */
async function chooseFile(page: Page, button: string, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: button, exact: true }).click()]);
  await chooser.setFiles(path);
}

describe("model setup on the first-run screen", () => {
  it("uploads a model file through the chooser, lists it and puts it to use: model ready in 4 steps", async () => {
    const { page, errors } = await openApp(browser, h);
    let steps = 0;
    await page.getByRole("heading", { name: "Welcome to Carefold" }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Next: get a model ready" }).click();
    steps++;
    await page.getByRole("heading", { name: "Get a model ready" }).waitFor();
    expect(await activeModel(page)).toBe("No model is set up yet. Carefold needs one to answer questions.");

    // One Ollama status, said once, with a hint that names only what is on this screen and no command.
    const ollama = page.getByTestId("ollama-state");
    await ollama.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("ollama-state").count()).toBe(1);
    expect(await page.getByTestId("ollama-status").innerText()).toBe("Not reachable");
    const screenText = await page.locator(".first-run").innerText();
    expect(screenText.split("not running").length - 1).toBeLessThanOrEqual(1);
    expect(screenText).not.toMatch(/ollama serve|ollama pull|carefold models|`/);
    expect(await page.getByTestId("ollama-hint").innerText()).toBe(
      "If you use Ollama, open the Ollama app on this computer, then choose “Check again”. Or use the built-in engine: download a model or choose a model file below.",
    );
    expect(await page.getByRole("button", { name: "Check again" }).count()).toBe(1);
    expect(await page.getByLabel("Where the model runs").count()).toBe(0);
    // "Use the built-in engine" takes the keyboard to the models Carefold runs itself.
    await page.getByRole("button", { name: "Use the built-in engine" }).click();
    expect((await focused(page))?.text).toBe("Models to download");

    // The chooser is a real button; the browser's file dialog opens; the file is uploaded into the models folder.
    await chooseFile(page, "Choose a model file…", gguf.path);
    steps += 2; // the button, then the file in the browser's dialog
    const row = page.locator('.model-card[data-file="tiny-carefold.gguf"]');
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Imported tiny-carefold.gguf.");
    expect(await row.innerText()).toContain("llama");
    expect(filesInModels()).toEqual(["tiny-carefold.gguf"]);
    expect(readFileSync(join(modelsDir(), "tiny-carefold.gguf")).equals(readFileSync(gguf.path))).toBe(true);

    await row.getByRole("button", { name: "Use this model tiny-carefold.gguf" }).click();
    steps++;
    await expect.poll(() => activeModel(page), { timeout: 20_000 }).toBe("In use now: tiny-carefold.gguf (On this computer (model file)).");
    expect((await h.engine["settings.get"]()).model).toEqual({ provider: "llama-cpp", modelPath: "tiny-carefold.gguf" });
    expect(steps).toBe(4);
    console.log(`[e2e] model setup journey: model ready in ${steps} steps (clicks and file choices) from the welcome screen`);
    await shot(page, "model-setup-ready");
    await expectNoViolations(page, "model-setup-ready");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a file that is not a model gives the plain error with its button, which opens the chooser again", async () => {
    const { page } = await openApp(browser, h);
    await openModelStep(page);
    const problem = page.getByTestId("model-file-problem");

    // Not a model at all: said before anything is sent.
    await chooseFile(page, "Choose a model file…", letter);
    await expect.poll(() => problem.locator("p").innerText().catch(() => "")).toBe(
      "“letter.gguf” is not a model file Carefold can use. Carefold needs a GGUF model file (its name ends in .gguf).",
    );
    const again = problem.getByRole("button", { name: "Choose another file" });
    expect(await again.count()).toBe(1);
    expect((await focused(page))?.text).toBe("Choose another file");
    await shot(page, "model-setup-not-a-model");
    await expectNoViolations(page, "model-setup-not-a-model");

    // Starts like a model but is cut off: the host's check says so after the upload, and keeps nothing.
    await chooseFile(page, "Choose another file", damaged);
    await expect.poll(() => problem.locator("p").innerText().catch(() => ""), { timeout: 20_000 }).toBe(
      "“half-copied.gguf” is damaged or not complete. Copy or download it again, then add it again.",
    );
    expect(filesInModels()).toEqual(["tiny-carefold.gguf"]);

    // The same model again: plain words, not an error code; still nothing overwritten.
    await chooseFile(page, "Choose another file", gguf.path);
    await expect.poll(() => problem.locator("p").innerText().catch(() => ""), { timeout: 20_000 }).toContain("A model named “tiny-carefold.gguf” is already in Carefold.");
    expect(filesInModels()).toEqual(["tiny-carefold.gguf"]);

    // The advanced typed path: a relative one is a plain sentence, never ENOENT.
    await page.getByText("Advanced: type where the file is").click();
    await page.getByLabel("Path of a .gguf file on this computer").fill("Downloads/model.gguf");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect.poll(() => problem.locator("p").innerText().catch(() => "")).toContain("“Downloads/model.gguf” is not a full location.");
    expect(await problem.innerText()).not.toMatch(/ENOENT|errno/i);
    expect(await problem.getByRole("button", { name: "Choose another file" }).count()).toBe(1);
    await page.close();
  });

  it("shows the upload's progress, says it at each quarter (not every tick), and Cancel leaves nothing behind", async () => {
    const { page } = await openApp(browser, h);
    await openModelStep(page);
    // A slow disk or USB stick, as a person has it: uploads at about 100 KB/s, so there is time to watch and cancel.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
    const slow = generateModel({}, "slow-upload.gguf");
    try {
      await chooseFile(page, "Choose a model file…", slow.path);
      const upload = page.getByTestId("model-upload");
      await upload.waitFor({ timeout: 10_000 });
      await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Adding slow-upload.gguf. A large file can take a few minutes.");
      expect(await upload.getByLabel("Adding slow-upload.gguf").count()).toBe(1);
      await expect.poll(() => page.getByTestId("announcer").innerText(), { timeout: 20_000 }).toBe("25 % of the file is sent.");
      const bar = upload.locator("progress");
      expect(Number(await bar.getAttribute("value"))).toBeGreaterThanOrEqual(25);
      expect(await bar.getAttribute("aria-valuetext")).toMatch(/^[\d.,]+ (KB|MB) of [\d.,]+ (KB|MB) \(\d+ %\)$/);
      await shot(page, "model-setup-uploading");
      await expectNoViolations(page, "model-setup-uploading");
      expect(filesInModels().some((f) => f.startsWith(".slow-upload.gguf.") && f.endsWith(".partial"))).toBe(true);

      await upload.getByRole("button", { name: "Cancel slow-upload.gguf" }).click();
      await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Stopped. Nothing was added.");
      expect(await page.getByTestId("model-upload").count()).toBe(0);
      expect(await page.locator(".first-run").innerText()).toContain("Stopped. Nothing was added.");
      await expect.poll(filesInModels, { timeout: 10_000 }).toEqual(["tiny-carefold.gguf"]);
      expect(await page.locator('.model-card[data-file="slow-upload.gguf"]').count()).toBe(0);
    } finally {
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      slow.cleanup();
      await page.close();
    }
  });

  it("is axe clean at 100 % and 200 % text, in English and Spanish, with a problem shown", async () => {
    const words = {
      en: { choose: "Choose a model file…", again: "Choose another file", problem: "is not a model file Carefold can use" },
      es: { choose: "Elegir un archivo de modelo…", again: "Elegir otro archivo", problem: "no es un archivo de modelo que Carefold pueda usar" },
    } as const;
    try {
      for (const language of ["en", "es"] as const) {
        for (const textScale of [100, 200] as const) {
          await h.engine["settings.set"]({ language, textScale });
          const { page } = await openApp(browser, h);
          await openModelStep(page);
          const name = `model-setup-${language}-${textScale}`;
          await expectNoViolations(page, name);
          await chooseFile(page, words[language].choose, letter);
          const problem = page.getByTestId("model-file-problem");
          await expect.poll(() => problem.innerText().catch(() => "")).toContain(words[language].problem);
          expect(await problem.getByRole("button", { name: words[language].again }).count()).toBe(1);
          await shot(page, `${name}-problem`);
          await expectNoViolations(page, `${name}-problem`);
          await page.close();
        }
      }
    } finally {
      await h.engine["settings.set"]({ language: "en", textScale: DEFAULT_SETTINGS.textScale });
    }
  });
});

describe("model setup in Settings", () => {
  it("has the same chooser, one Ollama status, and a hint that names the model form above it", async () => {
    await h.engine["settings.set"]({ firstRunDone: true });
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Settings" }).click();
    const section = page.locator('section[aria-labelledby="settings-model"]');
    await section.getByTestId("ollama-state").waitFor({ timeout: 20_000 });
    expect(await section.getByTestId("ollama-state").count()).toBe(1);
    const hint = await section.getByTestId("ollama-hint").innerText();
    expect(hint).toContain("under “Where the model runs” above");
    expect(await page.getByLabel("Where the model runs").count()).toBe(1);
    expect(await section.innerText()).not.toMatch(/ollama serve|`/);
    expect(await section.getByRole("button", { name: "Choose a model file…" }).count()).toBe(1);
    expect(await section.getByRole("button", { name: "Use the built-in engine" }).count()).toBe(0);
    await section.screenshot({ path: join(__dirname, "artifacts", "model-setup-settings.png") });
    await expectNoViolations(page, "model-setup-settings");
    await page.close();
  });
});
