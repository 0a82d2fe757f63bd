/**
 * The desktop shell through Playwright's Electron driver: the secure window, a real consult (the real
 * engine in the main process, its model an Ollama-protocol stub that scripts the replies), a note change
 * approved in the app, a reload that keeps the conversation and the note, the native model file picker, and
 * links that ask before leaving the app. Also: node-llama-cpp (N-API) and the Electron build of
 * better-sqlite3 load in Electron's runtime. The Electron binary cannot be downloaded on build machines
 * without internet, so this skips (saying why) when it is absent.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { _electron, type ElectronApplication, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputPath } from "../scripts/electron-natives.mjs";
import { dropFiles } from "./support/dom";
import { generateModel, type GeneratedModel } from "../test/support/gguf/index";
import { startOllamaStub, type OllamaStub } from "../test/support/ollamaStub";
import { tempDir } from "../test/support/tempDir";

const root = join(__dirname, "..");

function electronBinary(): { path: string | null; reason: string } {
  try {
    const path = createRequire(import.meta.url)("electron") as unknown as string;
    return existsSync(path) ? { path, reason: "" } : { path: null, reason: `${path} does not exist` };
  } catch (err) {
    return { path: null, reason: err instanceof Error ? err.message.split("\n")[0]! : String(err) };
  }
}

const binary = electronBinary();
if (!binary.path) console.log(`[e2e] Skipping Electron tests: the Electron binary is not installed here (${binary.reason}).`);
const electronVersion = (JSON.parse(readFileSync(join(root, "node_modules", "electron", "package.json"), "utf8")) as { version: string }).version;
const sqliteForElectron = outputPath(electronVersion, process.platform, process.arch, join(root, "node_modules"));
const NOTE = "# Visit agenda\n\n- Bring the medicine list\n";

describe.skipIf(!binary.path)("Electron shell", () => {
  let app: ElectronApplication;
  let page: Page;
  let ollama: OllamaStub;
  let gguf: GeneratedModel;
  const tmp = tempDir();

  beforeAll(async () => {
    // Without it the app stops at start with a dialog that names the fix; say so here instead of hanging.
    if (!existsSync(sqliteForElectron)) throw new Error(`No Electron build of better-sqlite3 at ${sqliteForElectron}: run \`npm run natives:electron\``);
    if (!existsSync(join(root, "out", "main", "index.js"))) throw new Error("Build the app first (npm run build)");
    [ollama, gguf] = [await startOllamaStub(), generateModel({}, "picked.gguf")];
    app = await _electron.launch({
      executablePath: binary.path!,
      args: [root, `--user-data-dir=${tmp.dir}`],
      env: { ...process.env, ELECTRON_DISABLE_SECURITY_WARNINGS: "1" },
    });
    page = await app.firstWindow();
  });
  afterAll(async () => {
    await app?.close();
    await ollama?.close();
    gguf?.cleanup();
    tmp.cleanup();
  });

  const bridge = <T>(method: string, input: unknown) =>
    page.evaluate(([m, i]) => (globalThis as unknown as { carefold: Record<string, (x: unknown) => Promise<T>> }).carefold[m as string]!(i), [method, input] as const);

  it("opens one secure window whose page has no Node, only the contract", async () => {
    expect(await page.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe("undefined");
    const keys = await page.evaluate(() => Object.keys((globalThis as unknown as { carefold: object }).carefold));
    expect(keys).toEqual(expect.arrayContaining(["consult.ask", "host.pickModelFile", "onEvent", "pathForFile"]));
    expect(app.windows()).toHaveLength(1);
    await page.getByRole("button", { name: "Skip setup" }).click(); // a fresh profile starts with the welcome
    await page.getByLabel("Your message").fill("hello");
    await page.keyboard.press("Enter");
    const answer = page.locator(".message-assistant").last();
    await expect.poll(async () => answer.getAttribute("data-status"), { timeout: 30_000 }).toBe("no_model");
  });

  it("runs a real consult, asks before saving a note, saves it once approved, and keeps both across a reload", async () => {
    await bridge("settings.set", { model: { provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: ollama.url } });
    ollama.enqueue({ toolCalls: [{ name: "workspace-note", arguments: { title: "Visit agenda", content: NOTE } }] }, { chunks: ["Your note is saved ", "for the visit.\n"] });
    await page.reload();
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.getByLabel("Your message").fill("Help me organize my records for the visit and save it as a note");
    await page.keyboard.press("Enter");

    const dialog = page.getByTestId("approval-dialog");
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.innerText()).toContain("/workspace/notes/Visit agenda.md");
    await dialog.getByRole("button", { name: "Approve" }).click();
    const answer = page.locator(".message-assistant").last();
    await expect.poll(() => answer.getAttribute("data-status"), { timeout: 60_000 }).toBe("done");
    expect(await answer.innerText()).toContain("Your note is saved for the visit.");
    const noteFile = join(tmp.dir, "workspace", "notes", "Visit agenda.md");
    expect(readFileSync(noteFile, "utf8")).toBe(NOTE);
    expect(ollama.chatBodies().length).toBeGreaterThanOrEqual(2);

    // A reload (as after the window was closed and reopened): the same conversation and the saved note.
    await page.reload();
    await page.locator(".thread-item", { hasText: "Help me organize my records" }).click({ timeout: 30_000 });
    await expect.poll(() => page.locator(".message-assistant").last().innerText().catch(() => ""), { timeout: 30_000 }).toContain("Your note is saved for the visit.");
    await page.getByRole("button", { name: "Notes" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Your notes" }).innerText().catch(() => ""), { timeout: 20_000 }).toContain("Visit agenda.md");
    expect(await bridge<unknown[]>("approvals.list", {})).toEqual([]);
  });

  it("imports a model chosen in the system's file picker", async () => {
    await app.evaluate(({ dialog }, path) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [path] })) as typeof dialog.showOpenDialog;
    }, gguf.path);
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Choose a model file…" }).click();
    await page.locator('.model-card[data-file="picked.gguf"]').waitFor({ timeout: 30_000 });
    expect(existsSync(join(tmp.dir, "models", "picked.gguf"))).toBe(true);
    // No typed path on the desktop; a drop is explained when it cannot be imported (in-page files have no path).
    expect(await page.getByLabel("Path of a .gguf file on this computer").count()).toBe(0);
    const zone = '[data-testid="model-drop-zone"]';
    await dropFiles(page, zone, [{ name: "labs.pdf", type: "application/pdf", text: "x" }]);
    await expect.poll(() => page.locator(`${zone} .kind-problem p`).innerText()).toBe("Only .gguf model files can be imported.");
    expect(await page.locator(`${zone} .kind-problem`).getByRole("button", { name: "Choose another file" }).count()).toBe(1);
    await dropFiles(page, zone, [{ name: "made-up.gguf", type: "", text: "x" }]);
    await expect.poll(() => page.locator(`${zone} .kind-problem p`).innerText()).toContain("could not see where this file is");
  });

  it("asks before a link leaves the app, showing its real target, and opens nothing when cancelled", async () => {
    await app.evaluate(({ dialog, shell }) => {
      const seen: unknown[] = [];
      (globalThis as unknown as { seen: unknown[] }).seen = seen;
      dialog.showMessageBox = (async (...args: unknown[]) => {
        seen.push(args.at(-1));
        return { response: 0, checkboxChecked: false };
      }) as typeof dialog.showMessageBox;
      shell.openExternal = (async (url: string) => void seen.push({ opened: url })) as typeof shell.openExternal;
    });
    await page.evaluate(() => void (globalThis as unknown as { open(url: string, target: string): unknown }).open("https://medlineplus.gov/ency/article/000001.htm", "_blank"));
    await expect.poll(() => app.evaluate(() => (globalThis as unknown as { seen: unknown[] }).seen.length)).toBe(1);
    const seen = await app.evaluate(() => (globalThis as unknown as { seen: Array<{ message?: string; detail?: string; opened?: string }> }).seen);
    expect(seen[0]).toMatchObject({ message: "Open medlineplus.gov in your web browser?", detail: "https://medlineplus.gov/ency/article/000001.htm" });
    expect(seen.some((s) => s.opened)).toBe(false);
    expect(app.windows()).toHaveLength(1);
  });
});

describe.skipIf(!binary.path)("native modules in Electron's runtime", () => {
  it("loads node-llama-cpp (N-API, no rebuild) and the Electron build of better-sqlite3", () => {
    const script = `(async () => {
      const Database = require(${JSON.stringify(join(root, "node_modules", "better-sqlite3"))});
      const db = new Database(":memory:", { nativeBinding: ${JSON.stringify(sqliteForElectron)} });
      const sqlite = db.prepare("SELECT sqlite_version() AS v").get().v;
      const { getLlama } = await import(${JSON.stringify(pathToFileURL(join(root, "node_modules", "node-llama-cpp", "dist", "index.js")).href)});
      const llama = await getLlama({ build: "never", gpu: false });
      console.log(JSON.stringify({ electron: process.versions.electron, modules: process.versions.modules, sqlite, llama: typeof llama.loadModel }));
      process.exit(0);
    })().catch((e) => { console.error(e); process.exit(1); });`;
    const out = execFileSync(binary.path!, ["-e", script], { env: { ...process.env, ELECTRON_RUN_AS_NODE: "1" }, encoding: "utf8", timeout: 60_000 });
    const facts = JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, string>;
    expect(facts).toMatchObject({ electron: electronVersion, modules: "143", llama: "function" });
    expect(facts.sqlite).toMatch(/^3\./);
  });
});
