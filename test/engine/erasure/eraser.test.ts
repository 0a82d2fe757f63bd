/**
 * Deleting deletes: a canary in every kind of input — the question, an attachment, a note the model
 * reads, the model's answer, a proposed write — then every file of the data folder (carefold.db, its
 * -wal and -shm, notes, attachments, workspace, logs) is read as bytes and must not hold it. The
 * search index is checked too: nothing found, and no term left in it after "delete all".
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import { verifyAuditLog } from "../../../src/engine/audit/auditLog";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { scriptedProvider, type ScriptStep } from "../../support/scriptedChatModel";
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

const plan: Plan = { agents: ["visit-steward"], topology: "single", tasks: [{ agent: "visit-steward", dependsOn: [] }], confidence: 1, why: "Test." };
const b64 = (text: string) => Buffer.from(text).toString("base64");

/** One unique word per kind of input, so a leak names its kind. */
function canaries() {
  const tag = randomBytes(6).toString("hex");
  return {
    question: `qcanary${tag}`,
    attachment: `acanary${tag}`,
    note: `ncanary${tag}`,
    answer: `mcanary${tag}`,
    write: `wcanary${tag}`,
    memory: `kcanary${tag}`,
  };
}
type Canaries = ReturnType<typeof canaries>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every file (relative path) whose bytes hold the word. */
function filesHolding(word: string): string[] {
  const needle = Buffer.from(word, "utf8");
  return filesUnder(tmp.dir)
    .filter((f) => readFileSync(f).includes(needle))
    .map((f) => relative(tmp.dir, f));
}

const DB_FILES = ["carefold.db", "carefold.db-wal"];

const searchIds = async (e: Engine, query: string) => (await e["search.run"]({ query })).results.map((r) => r.id);

/** Distinct terms left in each FTS5 index (read from the index itself, not its content rows). */
function indexTerms(e: Engine): { messages: number; notes: number } {
  const count = (table: string) => {
    e.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table}_vocab USING fts5vocab(main, ${table}, row)`);
    return (e.db.prepare(`SELECT COUNT(*) AS n FROM temp.${table}_vocab`).get() as { n: number }).n;
  };
  return { messages: count("search_messages"), notes: count("search_notes") };
}

/**
 * Thread A: a question with two attachments (one also used by thread B) whose tools read the
 * attachment and a note, an answer, then a note write left waiting for approval. Thread B: one
 * question that uses the shared attachment.
 */
async function plant(c: Canaries) {
  const steps: ScriptStep[] = [
    { toolCalls: [{ name: "attach-read", args: { name: "labs.txt" } }] },
    { toolCalls: [{ name: "read_file", args: { file_path: "/workspace/notes/diary.md" } }] },
    { text: `Here is your checklist ${c.answer}.` },
    { toolCalls: [{ name: "workspace-note", args: { title: "Agenda", content: `# Agenda\n\n- ${c.write}\n` } }] },
    { text: "Bring the shared letter." },
  ];
  const provider = scriptedProvider(steps);
  engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
  engine.consent.grantGlobal();
  const log = new EventLog();
  engine.onEvent(log.push);
  const e = engine;

  // The canary is below the first line: the notes index every consult gets carries first lines, so
  // thread B legitimately holds "Slept badly."; the canary itself comes only from thread A's read_file.
  await e["notes.write"]({ name: "diary.md", content: `# Diary\n\nSlept badly.\nWoke at 3 ${c.note}.\n` });
  writeFileSync(join(tmp.dir, "workspace", "AGENTS.md"), `Remember ${c.memory}.\n`);
  const own = await e["attachments.add"]({ name: "labs.txt", mime: "text/plain", dataBase64: b64(`Cholesterol 190 ${c.attachment}\n`) });
  const shared = await e["attachments.add"]({ name: "letter.txt", mime: "text/plain", dataBase64: b64("Letter from the clinic.\n") });

  const first = await e["consult.ask"]({ text: `Help me prepare my visit ${c.question}`, attachmentIds: [own.id, shared.id] });
  expect((await log.done(first.turnId)).outcome).toBe("answered");
  const second = await e["consult.ask"]({ threadId: first.threadId, text: `Save it as a note ${c.question}` });
  expect((await log.done(second.turnId)).outcome).toBe("awaiting_approval");
  const other = await e["consult.ask"]({ text: "What should I bring?", attachmentIds: [shared.id] });
  await log.done(other.turnId);

  // The tools really returned the attachment and note text to the model.
  const toolText = provider.model.calls.flatMap((call) => call.messages.filter((m) => m.getType() === "tool").map((m) => JSON.stringify(m.content)));
  expect(toolText.some((t) => t.includes(c.attachment))).toBe(true);
  expect(toolText.some((t) => t.includes(c.note))).toBe(true);
  // The scan can see each one before deletion: each is in the database or its WAL.
  for (const word of [c.question, c.attachment, c.note, c.answer, c.write]) {
    expect(filesHolding(word).some((f) => DB_FILES.includes(f)), word).toBe(true);
  }
  return { engine: e, log, threadId: first.threadId, otherThreadId: other.threadId, own, shared };
}

describe("deleting a conversation", () => {
  it("leaves none of its text in any file; the note and the other thread's attachment stay", async () => {
    const c = canaries();
    const { engine, threadId, otherThreadId, own, shared } = await plant(c);
    expect(await searchIds(engine, c.question)).toEqual([threadId]);
    expect(await searchIds(engine, c.answer)).toEqual([threadId]);

    expect(await engine["threads.delete"]({ threadId })).toEqual({ deleted: true });

    for (const word of [c.question, c.attachment, c.answer, c.write]) expect(filesHolding(word), word).toEqual([]);
    for (const word of [c.question, c.answer]) expect(await searchIds(engine, word), word).toEqual([]);
    // The note is the user's own document, kept (and still found); its text is in its file and the
    // search index, and once the note is deleted nowhere at all (not in checkpoints either).
    expect(await searchIds(engine, c.note)).toEqual(["diary.md"]);
    expect(filesHolding(c.note).sort()).toEqual(["carefold.db", join("workspace", "notes", "diary.md")]);
    expect(await engine["notes.delete"]({ name: "diary.md" })).toEqual({ deleted: true });
    expect(await searchIds(engine, c.note)).toEqual([]);
    expect(filesHolding(c.note)).toEqual([]);
    expect(existsSync(join(tmp.dir, "carefold.db-wal")) ? statSync(join(tmp.dir, "carefold.db-wal")).size : 0).toBe(0);

    expect((await engine["threads.list"]()).map((t) => t.id)).toEqual([otherThreadId]);
    expect((await engine["attachments.list"]()).map((a) => a.id)).toEqual([shared.id]);
    expect(existsSync(join(tmp.dir, "workspace", "attachments", own.id))).toBe(false);
    expect(await engine["approvals.list"]()).toEqual([]);
    const audit = verifyAuditLog(join(tmp.dir, "logs"));
    expect(audit.ok).toBe(true);
    expect(readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")).toContain(`"event":"delete","thread":"${threadId}"`);

    await engine.close();
    for (const word of [c.question, c.attachment, c.answer, c.write]) expect(filesHolding(word), word).toEqual([]);
  });

  it("stops a running turn first, so it cannot write the text back", async () => {
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider([{ chunks: ["slow ", "answer"], delayMs: 200 }]) }, () => plan);
    const c = canaries();
    const { threadId } = await engine["consult.ask"]({ text: `Plan my visit ${c.question}` });
    await new Promise((r) => setTimeout(r, 100));
    await engine["threads.delete"]({ threadId });
    expect(await engine["threads.list"]()).toEqual([]);
    await engine.close(); // waits for any turn still running
    engine = null;
    expect(filesHolding(c.question)).toEqual([]);
  });
});

describe("deleting all my data", () => {
  it("leaves no canary anywhere in the data folder, keeps the settings and a verifiable audit log", async () => {
    const c = canaries();
    const { engine } = await plant(c);
    await engine["settings.set"]({ language: "es" });

    expect(await engine["data.deleteAll"]({ confirm: true })).toEqual({ threads: 2, attachments: 2, notes: 1, walCleared: true });

    for (const [kind, word] of Object.entries(c)) expect(filesHolding(word), kind).toEqual([]);
    // The search index holds nothing after: no result for any word, no term left in either index.
    for (const word of [c.question, c.answer, c.note, "canary", "bring", "diary"]) expect(await searchIds(engine, word), word).toEqual([]);
    expect(indexTerms(engine)).toEqual({ messages: 0, notes: 0 });
    expect(await engine["threads.list"]()).toEqual([]);
    expect(await engine["notes.list"]()).toEqual([]);
    expect(await engine["attachments.list"]()).toEqual([]);
    expect(await engine["approvals.list"]()).toEqual([]);
    expect(await engine["consent.get"]()).toMatchObject({ global: false, agents: [] });
    expect((await engine["settings.get"]()).language).toBe("es");
    expect(verifyAuditLog(join(tmp.dir, "logs")).ok).toBe(true);

    // Still usable afterwards: new notes and attachments go where they did.
    await engine["notes.write"]({ name: "after.md", content: "# After\n" });
    await engine["attachments.add"]({ name: "x.txt", dataBase64: b64("x") });
    expect((await engine["notes.list"]()).map((n) => n.name)).toEqual(["after.md"]);

    await engine.close();
    for (const [kind, word] of Object.entries(c)) expect(filesHolding(word), kind).toEqual([]);
  });
});
