/**
 * Profiles in a real browser against the web host with profiles (issue 16, item 3): add a second person
 * in Settings, switch to them and see an empty conversation list, switch back and see one's own again;
 * the person picker and the screens around it are axe-clean at 100 % (English) and 200 % (Spanish).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../src/engine/engine";
import { startWebHost, type WebHost } from "../src/engine/host/webHost";
import { profileSessions } from "../src/engine/profiles/hostSessions";
import { ProfileManager } from "../src/engine/profiles/manager";
import { singlePlan } from "../test/support/engineHarness";
import { scriptedProvider } from "../test/support/scriptedChatModel";
import { tempDir } from "../test/support/tempDir";
import { launchBrowser } from "./support/browser";
import { ROOT, STATIC_DIR, until } from "./support/harness";
import { expectNoViolations, shot, showConversations } from "./support/ui";

let browser: Browser;
let host: WebHost;
let manager: ProfileManager;
const tmp = tempDir("carefold-e2e-profiles-");
const QUESTION = "Help me prepare for my visit";

const engineFor = (dataDir: string, key: { dataKey?: Buffer; dataKeyProtection?: "keychain" | "pin" | "file" } = {}) =>
  createEngine({ dataDir, contentDir: ROOT, hostKind: "browser", modelProvider: scriptedProvider(() => ({ text: "Bring your medicine list." })), router: () => () => singlePlan("records-coordinator"), ...key });

/** A second browser tab's connection, done from the test: opens a profile and changes its settings. */
async function onProfile(name: string, settings: Record<string, unknown>): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}`);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let n = 0;
  const call = (method: string, params: unknown) =>
    new Promise<{ ok: boolean; result?: unknown }>((resolve) => {
      const id = ++n;
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(data.toString()) as { id?: number; ok: boolean; result?: unknown };
        if (frame.id !== id) return;
        ws.off("message", onMessage);
        resolve(frame);
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  const listed = (await call("profiles.list", {})).result as { profiles: { id: string; name: string | null }[] };
  const profile = listed.profiles.find((p) => p.name === name)!;
  expect((await call("profiles.open", { id: profile.id })).ok).toBe(true);
  expect((await call("settings.set", settings)).ok).toBe(true);
  ws.close();
}

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  // An installation from before profiles, with one conversation: it becomes the first profile.
  const dataDir = join(tmp.dir, "data");
  const old = engineFor(dataDir);
  await old["settings.set"]({ firstRunDone: true });
  const { turnId } = await old["consult.ask"]({ text: QUESTION });
  await until(() => old.threads.answerOf(turnId)?.outcome != null, "the first answer");
  await old.close();
  manager = new ProfileManager({ root: dataDir, createEngine: ({ dataDir: d, dataKey, dataKeyProtection }) => engineFor(d, { dataKey, dataKeyProtection }) });
  [browser, host] = await Promise.all([launchBrowser(), startWebHost({ staticDir: STATIC_DIR, sessions: profileSessions(manager) })]);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await manager?.close();
  tmp.cleanup();
});

describe("profiles", () => {
  it("adds a person, switches to their empty records and back, opens one with a PIN, each screen axe-clean at 100 % and 200 %, in English and Spanish", async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(host.url);

    // One person without a PIN: straight into the app, with the conversation kept from before profiles.
    await showConversations(page);
    await expect.poll(() => page.locator(".thread-item", { hasText: QUESTION }).count()).toBe(1);
    expect(await page.locator(".switch-person").count()).toBe(0);

    await page.locator(".main-nav .nav-button").nth(4).click();
    const people = page.getByTestId("profiles-settings");
    const add = people.locator("form").nth(2);
    await add.getByLabel("Name").fill("Leo");
    await add.getByRole("button", { name: "Add person" }).click();
    await expect.poll(() => page.getByTestId("announcer").innerText()).toContain("Leo was added");
    await expect.poll(() => people.locator(".profile-rows li").count()).toBe(2);
    await expectNoViolations(page, "profiles-settings-en-100");

    // Leo reads Spanish at 200 % (set from another connection before the switch).
    await onProfile("Leo", { language: "es", textScale: 200 });
    await page.getByRole("button", { name: "Switch person (now: Me)" }).click();
    await page.getByRole("heading", { name: "Who is using Carefold?" }).waitFor();
    await shot(page, "profiles-picker-en-100");
    await expectNoViolations(page, "profiles-picker-en-100");

    await page.getByRole("button", { name: "Leo" }).click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await showConversations(page);
    await page.locator(".chat-layout[data-layout]").waitFor();
    expect(await page.locator(".thread-item").count()).toBe(0);
    await expectNoViolations(page, "profiles-leo-es-200");

    await page.getByRole("button", { name: "Cambiar de persona (ahora: Leo)" }).click();
    await page.getByRole("heading", { name: "¿Quién usa Carefold?" }).waitFor();
    await shot(page, "profiles-picker-es-200");
    await expectNoViolations(page, "profiles-picker-es-200");

    await page.getByRole("button", { name: "Yo" }).click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await showConversations(page);
    await expect.poll(() => page.locator(".thread-item", { hasText: QUESTION }).count()).toBe(1);
    await expectNoViolations(page, "profiles-back-en-100");

    // A person with a PIN: the picker asks for it (paste allowed, "Show PIN"), a wrong one is said plainly.
    await page.locator(".main-nav .nav-button").nth(4).click();
    const addMum = page.getByTestId("profiles-settings").locator("form").nth(2);
    await addMum.getByLabel("Name").fill("Mum");
    await addMum.getByLabel("PIN (optional, at least 4 characters)").fill("2468");
    await addMum.getByRole("button", { name: "Add person" }).click();
    await expect.poll(() => page.getByTestId("announcer").innerText()).toContain("Mum was added");
    await page.getByRole("button", { name: "Switch person (now: Me)" }).click();
    await page.getByRole("button", { name: "Mum (PIN)" }).click();
    await page.getByRole("heading", { name: "PIN for Mum" }).waitFor();
    const pin = page.getByLabel("PIN", { exact: true });
    expect(await pin.getAttribute("type")).toBe("password");
    await page.getByLabel("Show PIN").check();
    expect(await pin.getAttribute("type")).toBe("text");
    await pin.fill("1111");
    await page.getByRole("button", { name: "Open" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("That PIN is not right. Try again.");
    await shot(page, "profiles-pin-wrong-en-100");
    await expectNoViolations(page, "profiles-pin-wrong-en-100");
    await pin.fill("2468");
    await page.getByRole("button", { name: "Open" }).click();
    await page.getByRole("button", { name: "Switch person (now: Mum)" }).waitFor();
    await showConversations(page);
    expect(await page.locator(".thread-item").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
    await context.close();
  });
});
