/**
 * What the engine asks of the user, in a real browser: the emergency banner (app chrome that nothing
 * covers, no routine answer in that turn), note changes waiting for approval (the real agent runtime:
 * diff, edit, reject, two in one answer, by keyboard only, pending across a page reload and an engine
 * restart) and the health-specialist consent dialog (allow one, allow all, withdraw in Settings, and a
 * kiosk session that forgets), all through the real engine (safety gate, agent runtime, consent check).
 * Screens are checked with axe and photographed into e2e/artifacts/.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BaseMessage } from "@langchain/core/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScriptStep } from "../test/support/scriptedChatModel";
import { launchBrowser, screenshotPath } from "./support/browser";
import { focused, inPage } from "./support/dom";
import { lastUserText, openApp, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, expectNoViolations, lastAnswer, shot } from "./support/ui";

const NOTE = "# Visit agenda\n\n- Bring the medicine list\n- Ask about the new test\n";
const DIARY = "# Symptom diary\n\n- Monday: tired after lunch\n";
const QUESTIONS = "# Questions for the doctor\n\n- What does the new test show?\n";
const MEDICINES = "# Medicine list\n\n- Vitamin D, mornings\n";
const LATER = "# Questions for later\n\n- Ask about the referral letter\n";

const note = (title: string, content: string) => ({ name: "workspace-note", args: { title, content } });
const textOf = (m: BaseMessage) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));

/** The scripted specialist: saves notes when asked to (each save waits for approval), and says what happened. */
function script(messages: BaseMessage[]): ScriptStep {
  const results: BaseMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.getType() === "tool"; i--) results.push(messages[i]!);
  const text = lastUserText(messages);
  if (results.length) {
    const rejected = results.filter((m) => textOf(m).includes("did not approve")).length;
    // Carefold asks about one change per turn: after the first save, propose the second.
    const proposedMedicines = messages.some((m) => m.getType() === "ai" && JSON.stringify((m as { tool_calls?: unknown[] }).tool_calls ?? []).includes("Medicine list"));
    if (!rejected && text.includes("save both") && !proposedMedicines) return { toolCalls: [note("Medicine list", MEDICINES)] };
    return { text: rejected ? "Understood. Nothing was saved." : "Your notes are saved." };
  }
  if (text.includes("save it as a note")) return { toolCalls: [note("Visit agenda", NOTE)] };
  if (text.includes("save my diary")) return { toolCalls: [note("Symptom diary", DIARY)] };
  if (text.includes("save both")) return { toolCalls: [note("Questions for the doctor", QUESTIONS), note("Medicine list", MEDICINES)] };
  if (text.includes("keep this for later")) return { toolCalls: [note("Questions for later", LATER)] };
  return { text: "Here is a short list of questions for your visit.\n\n- What is the next step?\n" };
}

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  [browser, h] = await Promise.all([launchBrowser(), startHarness({ script })]);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const noteFile = (name: string) => join(h.dataDir, "workspace", "notes", name);
const readNote = (name: string) => (existsSync(noteFile(name)) ? readFileSync(noteFile(name), "utf8") : null);
const noteNames = async () => (await h.engine["notes.list"]()).map((n) => n.name).sort();

async function newConversation(page: Page) {
  await page.getByRole("button", { name: "New conversation" }).click();
}

describe("emergency banner", () => {
  it("shows numbers first, stays above everything, gives no routine answer, and needs acknowledging", async () => {
    const { page } = await openApp(browser, h, { width: 1000, height: 700 });
    // Some conversation first, so the page scrolls.
    const questions = ["First question about my records", "Second question about my records"];
    for (const [i, q] of questions.entries()) {
      await ask(page, q);
      await expect.poll(() => page.locator('.message-assistant[data-status="done"]').count(), { timeout: 20_000 }).toBe(i + 1);
    }
    const calls = h.provider.model.calls.length;
    await ask(page, "I have crushing chest pain and my left arm is numb");
    const banner = page.getByTestId("emergency-banner");
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.getAttribute("role")).toBe("alert");
    // The numbers come first, as call links, and the first one has the focus.
    const links = banner.locator("a.emergency-action");
    expect((await links.allInnerTexts())[0]).toBe("Call 911");
    expect(await links.first().getAttribute("href")).toBe("tel:911");
    const text = await banner.innerText();
    expect(text.indexOf("Call 911")).toBeLessThan(text.indexOf("Call 911 now"));
    expect((await focused(page))?.text).toBe("Call 911");
    // No routine answer in that turn, and no model was asked.
    const answer = await lastAnswer(page, "emergency");
    expect(await answer.innerText()).toContain("Carefold stopped routine help for this message.");
    expect(await answer.locator(".answer-text").count()).toBe(0);
    expect(h.provider.model.calls.length).toBe(calls);
    // Scrolled to the end, the banner is still on top and nothing in the conversation covers it.
    await inPage(page, "window.scrollTo(0, document.body.scrollHeight)");
    await expect.poll(() => inPage<number>(page, "window.scrollY")).toBeGreaterThan(0);
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(20);
    for (const [x, y] of [[box.x + 10, box.y + 10], [box.x + box.width / 2, box.y + box.height - 10]]) {
      expect(await inPage(page, `!!document.elementFromPoint(${x}, ${y})?.closest('[data-testid="emergency-banner"]')`)).toBe(true);
    }
    await shot(page, "emergency", false);
    await expectNoViolations(page, "emergency");
    await banner.getByRole("button", { name: "I understand" }).click();
    expect(await banner.count()).toBe(0);
    expect((await focused(page))?.id).toBe("composer-input");
    await page.close();
  });
});

describe("approvals", () => {
  it("shows the path and a diff, comes back after a reload, and saves the user's edited version", async () => {
    const { page } = await openApp(browser, h);
    await newConversation(page);
    await ask(page, "Make my visit agenda and save it as a note");
    const dialog = page.getByTestId("approval-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).innerText()).toBe("Create the note “Visit agenda.md”?");
    expect(await dialog.innerText()).toContain("/workspace/notes/Visit agenda.md");
    expect(await dialog.innerText()).toContain("Medical Records Coordinator wants to make this change");
    const diff = dialog.getByTestId("diff");
    expect(await diff.locator("ins").count()).toBeGreaterThanOrEqual(3);
    expect(await diff.innerText()).toContain("Bring the medicine list");
    expect(await diff.locator(".diff-summary").innerText()).toMatch(/^\d+ lines added, 0 lines removed\.$/);
    expect((await focused(page))?.text).toBe("Approve");
    await expect.poll(() => page.locator(".message-assistant").last().getAttribute("data-status")).toBe("awaiting_approval");
    await shot(page, "approval", false);
    await expectNoViolations(page, "approval");

    // "Decide later", then a restart of the page: the approval is listed again at start-up.
    await dialog.getByRole("button", { name: "Decide later" }).click();
    expect(await dialog.count()).toBe(0);
    await page.getByRole("button", { name: "1 change waiting for your OK" }).waitFor();
    await page.reload();
    await page.getByTestId("approval-dialog").waitFor({ timeout: 20_000 });
    const again = page.getByTestId("approval-dialog");
    await again.getByRole("button", { name: "Edit first" }).click();
    const editor = again.getByLabel("The new text (you can change it before saving)");
    expect(await editor.inputValue()).toBe(NOTE);
    await expect.poll(async () => (await focused(page))?.tag).toBe("TEXTAREA");
    await editor.fill("# My agenda\n\n- In my own words\n");
    await again.getByRole("button", { name: "Save my version" }).click();
    await expect.poll(() => again.count()).toBe(0);
    await expect.poll(() => readNote("Visit agenda.md"), { timeout: 20_000 }).toBe("# My agenda\n\n- In my own words\n");
    expect(await h.engine["approvals.list"]()).toEqual([]);
    await page.close();
  });

  it("rejecting writes nothing and leaves the notes as they were", async () => {
    const before = await noteNames();
    const { page } = await openApp(browser, h);
    await newConversation(page);
    await ask(page, "Please save my diary for this week");
    const dialog = page.getByTestId("approval-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).innerText()).toBe("Create the note “Symptom diary.md”?");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const answer = await lastAnswer(page);
    expect(await answer.innerText()).toContain("Understood. Nothing was saved.");
    expect(readNote("Symptom diary.md")).toBeNull();
    expect(await noteNames()).toEqual(before);
    expect(await h.engine["approvals.list"]()).toEqual([]);
    // The notes screen lists the same notes as before.
    await page.getByRole("button", { name: "Notes" }).click();
    const list = page.getByRole("list", { name: "Your notes" });
    await expect.poll(() => list.locator(".thread-meta").count()).toBe(before.length);
    expect(await list.innerText()).not.toContain("Symptom diary.md");
    await page.close();
  });

  it("asks about two changes of one answer one after the other, operated by keyboard only", async () => {
    const { page } = await openApp(browser, h);
    await newConversation(page);
    await ask(page, "Write my questions and my medicine list, and save both");
    const dialog = page.getByTestId("approval-dialog");
    const title = dialog.getByRole("heading", { level: 2 });
    await dialog.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator(".message-assistant").last().getAttribute("data-status"), { timeout: 20_000 }).toBe("awaiting_approval");
    // One change per turn: the model asked for both, Carefold asks about the first now.
    expect((await h.engine["approvals.list"]()).map((a) => a.path)).toEqual(["/workspace/notes/Questions for the doctor.md"]);
    expect(await title.innerText()).toBe("Create the note “Questions for the doctor.md”?");
    await shot(page, "approval-two", false);
    await expectNoViolations(page, "approval-two");

    // Enter on the focused Approve saves the first; the second then opens with Approve focused again.
    expect((await focused(page))?.text).toBe("Approve");
    await page.keyboard.press("Enter");
    await expect.poll(() => title.innerText(), { timeout: 20_000 }).toBe("Create the note “Medicine list.md”?");
    expect((await focused(page))?.text).toBe("Approve");
    expect(readNote("Questions for the doctor.md")).toBe(QUESTIONS);
    expect(readNote("Medicine list.md")).toBeNull();
    // Let the resumed answer finish pausing before putting the second change off.
    await expect.poll(() => page.locator(".message-assistant").last().getAttribute("data-status"), { timeout: 20_000 }).toBe("awaiting_approval");
    await expect.poll(async () => (await h.engine["approvals.list"]()).map((a) => a.path)).toEqual(["/workspace/notes/Medicine list.md"]);

    // Escape puts it off; the focus moves to the header's reminder, and Enter brings the change back.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await focused(page))?.text).toBe("1 change waiting for your OK");
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    expect((await focused(page))?.text).toBe("Approve");
    // Tab to "Edit first", change the text, Tab to "Save my version".
    await page.keyboard.press("Tab");
    expect((await focused(page))?.text).toBe("Edit first");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page))?.tag).toBe("TEXTAREA");
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("- Blood pressure tablets, evenings\n");
    await page.keyboard.press("Tab");
    expect((await focused(page))?.text).toBe("Save my version");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(0);

    await expect.poll(() => readNote("Medicine list.md"), { timeout: 20_000 }).toBe(`${MEDICINES}- Blood pressure tablets, evenings\n`);
    expect(readNote("Questions for the doctor.md")).toBe(QUESTIONS);
    const answer = await lastAnswer(page);
    expect(await answer.innerText()).toContain("Your notes are saved.");
    expect(await h.engine["approvals.list"]()).toEqual([]);
    await page.close();
  });

  it("is still waiting after a page reload and after an engine restart, and is applied by the new engine", async () => {
    const { page } = await openApp(browser, h);
    await newConversation(page);
    await ask(page, "Please keep this for later in my notes");
    const dialog = page.getByTestId("approval-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole("button", { name: "Decide later" }).click();
    await expect.poll(() => page.locator(".message-assistant").last().getAttribute("data-status"), { timeout: 20_000 }).toBe("awaiting_approval");

    await page.reload();
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).innerText()).toBe("Create the note “Questions for later.md”?");
    await dialog.getByRole("button", { name: "Decide later" }).click();

    // The engine stops (as when the app quits) and a new one starts on the same data folder.
    const pending = (await h.engine["approvals.list"]())[0]!;
    await h.restart();
    await page.reload();
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).innerText()).toBe("Create the note “Questions for later.md”?");
    expect(await dialog.getByTestId("diff").innerText()).toContain("Ask about the referral letter");
    expect((await h.engine["approvals.list"]()).map((a) => a.approvalId)).toEqual([pending.approvalId]);
    await shot(page, "approval-after-restart", false);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => readNote("Questions for later.md"), { timeout: 20_000 }).toBe(LATER);
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("The change was saved.");
    expect(await h.engine["approvals.list"]()).toEqual([]);

    // The conversation has the specialist's closing answer from the new engine.
    await expect
      .poll(async () => (await h.engine["threads.get"]({ threadId: pending.threadId })).messages.at(-1)?.text ?? "", { timeout: 20_000 })
      .toContain("Your notes are saved.");
    await page.locator(".thread-item", { hasText: "Please keep this for later" }).click();
    expect(await (await lastAnswer(page)).innerText()).toContain("Your notes are saved.");
    await page.close();
  });
});

describe("consent", () => {
  it("explains what a health specialist never does, and re-asks once allowed", async () => {
    const { page } = await openApp(browser, h);
    await newConversation(page);
    await ask(page, "Help me get ready for my heart visit");
    const dialog = page.getByTestId("consent-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    const text = await dialog.innerText();
    expect(text).toContain("Heart Visit Guide");
    for (const never of ["what condition you have", "prescribe", "how much of a medicine", "start, stop or change a medicine", "replace emergency care"]) expect(text).toContain(never);
    expect(text).toContain("If this might be an emergency");
    expect(text).not.toContain("shared computer");
    expect(await dialog.getByRole("link", { name: "Call 911" }).getAttribute("href")).toBe("tel:911");
    expect((await focused(page))?.text).toBe("Not now");
    await shot(page, "consent", false);
    await expectNoViolations(page, "consent");

    // "Not now" closes it; the answer offers to decide later.
    await dialog.getByRole("button", { name: "Not now" }).click();
    await lastAnswer(page, "needs_consent");
    await page.locator(".message-assistant").last().getByRole("button", { name: "Choose whether to allow the health specialist" }).click();
    await page.getByTestId("consent-dialog").getByRole("button", { name: "Allow this specialist" }).click();
    await expect.poll(async () => (await h.engine["consent.get"]()).agents).toEqual(["cardiology-guide"]);
    // The question is asked again in the same conversation, and answered by the specialist.
    await expect.poll(() => page.locator(".message-user").count(), { timeout: 20_000 }).toBe(2);
    const second = await lastAnswer(page);
    expect(await page.locator(".message-user").last().innerText()).toContain("Help me get ready for my heart visit");
    expect(await second.innerText()).toContain("Answered by Heart Visit Guide.");

    // Settings show the permission and can withdraw it.
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Withdraw Heart Visit Guide" }).click();
    await expect.poll(async () => (await h.engine["consent.get"]()).agents).toEqual([]);
    await page.close();
  });

  it("after “Allow all health specialists”, another health question goes through without asking", async () => {
    const { page } = await openApp(browser, h);
    await newConversation(page);
    await ask(page, "What should I ask at my heart check-up?");
    const dialog = page.getByTestId("consent-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole("button", { name: "Allow all health specialists" }).click();
    await expect.poll(async () => (await h.engine["consent.get"]()).global).toBe(true);
    await expect.poll(() => page.locator(".message-user").count(), { timeout: 20_000 }).toBe(2);
    expect(await (await lastAnswer(page)).innerText()).toContain("Answered by Heart Visit Guide.");

    // A different specialist, never allowed one by one: no dialog this time.
    const asked = h.events.length;
    await ask(page, "Help me get ready for my skin appointment");
    await expect.poll(() => page.locator(".message-user").count()).toBe(3);
    const answer = await lastAnswer(page);
    expect(await answer.innerText()).toContain("Answered by Skin Visit Guide.");
    expect(h.events.slice(asked).some((e) => e.type === "consent.required")).toBe(false);
    expect(await dialog.count()).toBe(0);
    await page.close();
  });

  it("withdrawing “all health specialists” in Settings brings the question back", async () => {
    const { page } = await openApp(browser, h);
    await page.getByRole("button", { name: "Settings" }).click();
    const all = page.getByLabel("Allow all health specialists");
    await expect.poll(() => all.isChecked(), { timeout: 20_000 }).toBe(true);
    await all.uncheck();
    await expect.poll(async () => (await h.engine["consent.get"]()).global).toBe(false);
    await expect.poll(() => page.getByTestId("announcer").innerText()).toBe("Permission for all health specialists withdrawn.");

    await page.getByRole("button", { name: "Conversation" }).click();
    await newConversation(page);
    await ask(page, "Help me get ready for my skin appointment");
    const dialog = page.getByTestId("consent-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.innerText()).toContain("Skin Visit Guide");
    await dialog.getByRole("button", { name: "Not now" }).click();
    await lastAnswer(page, "needs_consent");
    await page.close();
  });
});

describe("consent in kiosk mode", () => {
  let kiosk: Harness;
  beforeAll(async () => {
    kiosk = await startHarness({ script, kiosk: true });
  });
  afterAll(async () => {
    await kiosk?.close();
  });

  it("is kept for the session only: Settings say so, and a restart forgets it", async () => {
    const { page } = await openApp(browser, kiosk);
    await page.getByRole("button", { name: "Settings" }).click();
    const notice = page.getByTestId("consent-kiosk");
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.innerText()).toBe("On this shared computer, your choice is forgotten when the session ends.");

    await page.getByRole("button", { name: "Conversation" }).click();
    await ask(page, "Help me get ready for my heart visit");
    const dialog = page.getByTestId("consent-dialog");
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.innerText()).toContain("On this shared computer, Carefold forgets this choice when the session ends.");
    await shot(page, "consent-kiosk", false);
    await expectNoViolations(page, "consent-kiosk");
    await dialog.getByRole("button", { name: "Allow this specialist" }).click();
    await expect.poll(() => page.locator(".message-user").count(), { timeout: 20_000 }).toBe(2);
    expect(await (await lastAnswer(page)).innerText()).toContain("Answered by Heart Visit Guide.");
    expect(await kiosk.engine["consent.get"]()).toEqual({ global: false, agents: ["cardiology-guide"], persistent: false });

    await page.getByRole("button", { name: "Settings" }).click();
    await expect.poll(() => page.locator(".consent-settings").innerText()).toContain("Heart Visit Guide");
    await page.locator('section[aria-labelledby="settings-consent"]').screenshot({ path: screenshotPath("settings-kiosk") });
    await expectNoViolations(page, "settings-kiosk");

    // A new session: the engine restarts on the same data folder and has forgotten the permission.
    await kiosk.restart();
    await page.reload();
    await page.getByRole("button", { name: "Settings" }).click();
    await expect.poll(() => page.locator(".consent-settings").innerText(), { timeout: 20_000 }).toContain("None yet.");
    expect(await page.getByLabel("Allow all health specialists").isChecked()).toBe(false);
    expect(await kiosk.engine["consent.get"]()).toEqual({ global: false, agents: [], persistent: false });
    await page.getByRole("button", { name: "Conversation" }).click();
    await ask(page, "Help me get ready for my heart visit");
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.innerText()).toContain("Heart Visit Guide");
    await page.close();
  });
});
