/**
 * Settings → Model in a real browser against an engine that uses the model its settings choose (as the
 * app does): importing a real GGUF file and choosing it, removing models (the one in use is refused,
 * kindly), Ollama through an Ollama-protocol stub (reachable, its models listed, one chosen and used for
 * an answer), and a download on a machine without internet (real model.progress events, an honest
 * failure, nothing half-installed). Screens are checked with axe and photographed into e2e/artifacts/.
 */
import { lookup } from "node:dns/promises";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateModel, type GeneratedModel } from "../test/support/gguf/index";
import { startOllamaStub, type OllamaStub } from "../test/support/ollamaStub";
import { launchBrowser, screenshotPath } from "./support/browser";
import { openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

let browser: Browser;
let h: Harness;
let gguf: GeneratedModel;
let ollama: OllamaStub;

// Downloading needs the internet; on a machine that has it, this journey would fetch a real 1 GB model.
const online = await lookup("huggingface.co").then(
  () => true,
  () => false,
);
if (online) console.log("[e2e] Skipping the offline download journey: this machine can reach huggingface.co.");

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h, ollama] = await Promise.all([
    launchBrowser(),
    // No scripted model: the engine builds its model from the settings, as in the app.
    startHarness({ model: "settings", script: () => ({ text: "unused" }) }),
    startOllamaStub(),
  ]);
  gguf = generateModel({}, "tiny-carefold.gguf");
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
  await ollama?.close();
  gguf?.cleanup();
});

async function openModelSettings(): Promise<{ page: Page; section: Locator }> {
  const { page } = await openApp(browser, h);
  await page.getByRole("button", { name: "Settings" }).click();
  const section = page.locator('section[aria-labelledby="settings-model"]');
  await expect.poll(() => page.getByTestId("ollama-status").count(), { timeout: 20_000 }).toBe(1);
  return { page, section };
}

const activeModel = (page: Page) => page.getByTestId("active-model").innerText();
const localRow = (page: Page, file: string) => page.locator(`.model-card[data-file="${file}"]`);

describe("model files", () => {
  it("imports a GGUF file, uses it, shows it in use, and kindly refuses to remove it", async () => {
    const { page, section } = await openModelSettings();
    expect(await activeModel(page)).toBe("No model is set up yet. Carefold needs one to answer questions.");
    expect(await section.innerText()).toContain("No model files yet.");

    await page.getByText("Advanced: type where the file is").click();
    await page.getByLabel("Path of a .gguf file on this computer").fill(gguf.path);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const row = localRow(page, "tiny-carefold.gguf");
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Imported tiny-carefold.gguf.");
    expect(await page.getByLabel("Path of a .gguf file on this computer").inputValue()).toBe("");
    expect(await row.innerText()).toContain("llama");
    expect(existsSync(join(h.dataDir, "models", "tiny-carefold.gguf"))).toBe(true);

    await row.getByRole("button", { name: "Use this model tiny-carefold.gguf" }).click();
    await expect.poll(() => activeModel(page), { timeout: 20_000 }).toBe("In use now: tiny-carefold.gguf (On this computer (model file)).");
    await expect.poll(() => row.locator(".badge-active").count()).toBe(1);
    expect(await row.getByRole("button", { name: /Use this model/ }).count()).toBe(0);
    expect((await h.engine["settings.get"]()).model).toEqual({ provider: "llama-cpp", modelPath: "tiny-carefold.gguf" });
    // The form above shows the same choice.
    expect(await page.getByLabel("Where the model runs").inputValue()).toBe("llama-cpp");
    expect(await page.getByLabel("Model file", { exact: true }).inputValue()).toBe("tiny-carefold.gguf");
    await section.screenshot({ path: screenshotPath("models-in-use") });
    await expectNoViolations(page, "models-in-use");

    // Removing asks first; the engine refuses the model in use, and the page says why, next to it.
    await row.getByRole("button", { name: "Remove tiny-carefold.gguf" }).click();
    const confirm = page.getByTestId("confirm-dialog");
    expect(await confirm.innerText()).toContain("tiny-carefold.gguf will be deleted from Carefold’s models folder.");
    await shot(page, "models-remove-confirm", false);
    await expectNoViolations(page, "models-remove-confirm");
    await confirm.getByRole("button", { name: "Remove model" }).click();
    const problem = row.locator(".kind-problem");
    await expect.poll(() => problem.innerText().catch(() => ""), { timeout: 20_000 }).toBe(
      "Nothing was removed. tiny-carefold.gguf is the model in use. Choose another model first (“Use this model”), then remove this one.",
    );
    expect(existsSync(join(h.dataDir, "models", "tiny-carefold.gguf"))).toBe(true);
    await section.screenshot({ path: screenshotPath("models-remove-refused") });
    await expectNoViolations(page, "models-remove-refused");
    await page.close();
  });
});

describe("Ollama", () => {
  it("finds Ollama at the address given, lists its models, uses the one chosen, and then lets the file go", async () => {
    const { page, section } = await openModelSettings();
    // Nothing answers at the usual address on this machine.
    expect(await page.getByTestId("ollama-status").innerText()).toBe("Not reachable");

    await page.getByLabel("Where the model runs").selectOption("ollama");
    await page.getByLabel("Ollama address").fill(ollama.url);
    await page.getByRole("button", { name: "Save model settings" }).click();
    await expect.poll(() => page.getByTestId("ollama-status").innerText(), { timeout: 20_000 }).toBe("Reachable — 1 model");
    const listed = page.getByRole("list", { name: "Models in Ollama" });
    expect(await listed.innerText()).toContain("qwen2.5:3b");
    await listed.getByRole("button", { name: "Use this model qwen2.5:3b" }).click();
    await expect.poll(() => activeModel(page), { timeout: 20_000 }).toBe("In use now: qwen2.5:3b (Ollama on this computer).");
    await expect.poll(() => listed.locator(".badge-active").count()).toBe(1);
    expect((await h.engine["settings.get"]()).model).toEqual({ provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: ollama.url });
    await section.screenshot({ path: screenshotPath("models-ollama") });
    await expectNoViolations(page, "models-ollama");

    // The file is no longer in use: "Keep it" keeps it, "Remove model" removes it.
    const row = localRow(page, "tiny-carefold.gguf");
    expect(await row.locator(".badge-active").count()).toBe(0);
    await row.getByRole("button", { name: "Remove tiny-carefold.gguf" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Keep it" }).click();
    expect(existsSync(join(h.dataDir, "models", "tiny-carefold.gguf"))).toBe(true);
    await row.getByRole("button", { name: "Remove tiny-carefold.gguf" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Remove model" }).click();
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    expect(await section.innerText()).toContain("No model files yet.");
    expect(existsSync(join(h.dataDir, "models", "tiny-carefold.gguf"))).toBe(false);
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Removed tiny-carefold.gguf.");

    // A question is answered through the Ollama model chosen.
    ollama.enqueue({ chunks: ["Bring your insurance card ", "and a list of your medicines.\n"] });
    await page.getByRole("button", { name: "Conversation" }).click();
    await ask(page, "Help me organize my records for the visit");
    const answer = await lastAnswer(page);
    expect(await answer.innerText()).toContain("Bring your insurance card and a list of your medicines.");
    expect(ollama.chatBodies().at(-1)?.model).toBe("qwen2.5:3b");
    await page.close();
  });
});

describe("downloads", () => {
  it.skipIf(online)("without internet, shows real download progress ending in a clear failure, and installs nothing", async () => {
    const { page, section } = await openModelSettings();
    const before = (await h.engine["models.list"]()).local;
    const card = page.locator('.model-card[data-model="qwen2.5-1.5b-instruct"]');
    const seen = h.events.length;
    await card.getByRole("button", { name: "Download Qwen2.5 1.5B Instruct (Q4_K_M)" }).click();
    const failure = card.getByTestId("download-failed");
    await failure.waitFor({ timeout: 30_000 });
    // The engine reported the download as it went: started, then failed with its reason.
    const progress = h.events.slice(seen).filter((e) => e.type === "model.progress");
    expect(progress.map((e) => e.state)).toEqual(["downloading", "failed"]);
    expect(progress.every((e) => e.model === "qwen2.5-1.5b-instruct")).toBe(true);
    const text = await failure.innerText();
    expect(text).toContain("Qwen2.5 1.5B Instruct (Q4_K_M) could not be downloaded");
    expect(text).toContain("Nothing was installed.");
    expect(text).toContain("Could not reach huggingface.co");
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Qwen2.5 1.5B Instruct (Q4_K_M) could not be downloaded");
    // The card offers to try again; no progress bar is left behind.
    expect(await card.getByRole("button", { name: "Try the download again Qwen2.5 1.5B Instruct (Q4_K_M)" }).count()).toBe(1);
    expect(await card.locator("progress").count()).toBe(0);
    // Nothing half-installed: no model listed, no file (partial or whole) in the models folder.
    expect((await h.engine["models.list"]()).local).toEqual(before);
    const modelsDir = join(h.dataDir, "models");
    const files = existsSync(modelsDir) ? readdirSync(modelsDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()) : [];
    expect(files.map((f) => f.name)).toEqual([]);
    await card.screenshot({ path: screenshotPath("models-download-failed") });
    await expectNoViolations(page, "models-download-failed");
    expect(await section.innerText()).toContain("No model files yet.");
    await page.close();
  });
});
