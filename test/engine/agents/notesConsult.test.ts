/**
 * A note saved last week reaches today's consult, through the real engine and Deep Agents stack with
 * the scripted model: the router picks the specialist, its first message carries the note index,
 * note-read returns the note, the answer cites it by title; workspace memory is in the system prompt;
 * neither reaches the audit log.
 */
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

const BP_LOG = "# Blood pressure log\n\nMorning readings before breakfast, left arm, sitting.\n\n| Date | Reading |\n|---|---|\n| May 1 | 142/91 |\n| May 2 | 138/88 |\n";
const MEMORY = "My cardiology visit is at Lakeside Clinic.";
const ANSWER = 'Your note "Blood pressure log" has your morning readings. Bring it to the visit and ask your care team what the readings mean for you.';

const textOf = (m: BaseMessage) => (typeof m.content === "string" ? m.content : m.content.map((b) => ("text" in b ? String(b.text) : "")).join(""));

describe("notes and memory reach the specialist", () => {
  it("a consult about my blood pressure log finds, reads and cites the saved note", async () => {
    const provider = scriptedProvider([
      { toolCalls: [{ name: "note-read", args: { name: "Blood pressure log" } }] },
      { text: ANSWER },
    ]);
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, null);
    engine.consent.grantGlobal();
    const log = new EventLog();
    engine.onEvent(log.push);

    // Saved last week, through the app's own notes API; a second, older note too.
    await engine["notes.write"]({ name: "blood-pressure-log.md", content: BP_LOG });
    await engine["notes.write"]({ name: "insurance-card.md", content: "# Insurance card\n\nPlan name and member services phone.\n" });
    const notesDir = join(tmp.dir, "workspace", "notes");
    utimesSync(join(notesDir, "blood-pressure-log.md"), new Date("2025-05-08T09:00:00Z"), new Date("2025-05-08T09:00:00Z"));
    utimesSync(join(notesDir, "insurance-card.md"), new Date("2025-02-01T09:00:00Z"), new Date("2025-02-01T09:00:00Z"));
    writeFileSync(join(tmp.dir, "workspace", "AGENTS.md"), MEMORY);

    const { turnId } = await engine["consult.ask"]({ text: "help me get ready to talk about my blood pressure log" });
    const done = await log.done(turnId);
    expect(done.outcome).toBe("answered");
    expect(done.agents).toEqual(["cardiology-guide"]);

    const [first, second] = provider.model.calls;
    expect(provider.model.calls).toHaveLength(2);
    // The index is in the specialist's message, after the question, and so is memory: the system prompt
    // holds nothing of the user's (its evaluated state is kept on disk, issue 14).
    const human = textOf(first!.messages.find((m) => m.getType() === "human")!);
    expect(human.startsWith("help me get ready to talk about my blood pressure log")).toBe(true);
    expect(human).toContain("- Blood pressure log (2025-05-08): Morning readings before breakfast, left arm, sitting.");
    expect(human).toContain("- Insurance card (2025-02-01): Plan name and member services phone.");
    expect(human).not.toContain("142/91");
    expect(human).toContain(`## What the user asked Carefold to remember\n${MEMORY}`);
    expect(textOf(first!.messages[0]!)).not.toContain(MEMORY);
    expect(first!.tools).toContain("note-read");

    // note-read ran and returned the note.
    const results = second!.messages.filter((m) => ToolMessage.isInstance(m)).map(textOf);
    expect(results).toHaveLength(1);
    expect(results[0]).toContain('Note "Blood pressure log" (blood-pressure-log.md, saved 2025-05-08)');
    expect(results[0]).toContain("| May 1 | 142/91 |");

    // The answer cites the note by its title.
    expect(done.text).toContain('"Blood pressure log"');
    const traces = log.of("trace", turnId).filter((t) => t.tool === "note-read");
    expect(traces.map((t) => [t.stage, t.ok])).toEqual([["start", null], ["end", true]]);
    expect(traces[0]!.label).toBe("Reading your note “Blood pressure log”…");

    // The audit log records the tool call, never the note's or the memory's text.
    const audit = readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8");
    const tools = audit.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === "tool");
    expect(tools.map((l) => [l.tool, l.decision])).toEqual([["note-read", "ok"]]);
    for (const secret of ["142/91", "Morning readings", "Lakeside", "Insurance card"]) expect(audit).not.toContain(secret);
  });

  it("with no saved notes the specialist's message is just the question", async () => {
    const provider = scriptedProvider([{ text: "Here is a blood pressure log you can start today." }]);
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, null);
    engine.consent.grantGlobal();
    const log = new EventLog();
    engine.onEvent(log.push);
    const { turnId } = await engine["consult.ask"]({ text: "help me get ready to talk about my blood pressure log" });
    expect((await log.done(turnId)).outcome).toBe("answered");
    const human = provider.model.calls[0]!.messages.find((m) => m.getType() === "human")!;
    expect(textOf(human)).toBe("help me get ready to talk about my blood pressure log");
  });
});
