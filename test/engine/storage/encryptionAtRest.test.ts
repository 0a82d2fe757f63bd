/**
 * A real engine with a data key: after a consult, a note and an attachment carrying a canary string,
 * no file anywhere under the data folder holds the canary (carefold.db, its -wal, the workspace),
 * while the app reads all of it back. Also measures what the key costs to open the database and to write a note.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../src/shared/contract";
import type { Engine } from "../../../src/engine/engine";
import { defaultPlan } from "../../../src/engine/lifecycle/plan";
import { openDatabase } from "../../../src/engine/storage/database";
import { NotesStore } from "../../../src/engine/workspace/notesStore";
import { FileSealer } from "../../../src/engine/storage/sealedFile";
import { engineWithRouter } from "../../support/engineHarness";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { tempDir } from "../../support/tempDir";

const contentDir = join(__dirname, "..", "..", "..");
const CANARY = "ZQXCANARY4417";
let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => readFileSync(f).includes(Buffer.from(needle)));
}

function start(key: Buffer | null) {
  const e = engineWithRouter(
    { dataDir: tmp.dir, contentDir, dataKey: key, modelProvider: scriptedProvider([{ chunks: [`Bring your log (${CANARY}) to the visit.`] }, { chunks: ["Again."] }]) },
    () => defaultPlan(),
  );
  e.consent.grantGlobal();
  const events: EngineEvent[] = [];
  e.onEvent((ev) => events.push(ev));
  return { e, events };
}

const done = (events: EngineEvent[], turnId: string) =>
  new Promise<void>((resolve) => {
    const check = () => (events.some((x) => x.type === "done" && x.turnId === turnId) ? resolve() : setTimeout(check, 5));
    check();
  });

describe("health data encrypted at rest", () => {
  it("leaves no canary in any file of the data folder after a consult, a note and an attachment", async () => {
    const key = randomBytes(32);
    const { e, events } = start(key);
    engine = e;
    const { turnId, threadId } = await e["consult.ask"]({ text: `My blood pressure log says ${CANARY}, help me prepare` });
    await done(events, turnId);
    await e["notes.write"]({ name: "visit.md", content: `# Visit\n- ask about ${CANARY}` });
    const added = await e["attachments.add"]({ name: "labs.txt", dataBase64: Buffer.from(`Lab result ${CANARY}\nLDL 130 mg/dL\n`).toString("base64") });
    await e.attachments.whenRead(added.id);
    expect(filesHolding(tmp.dir, CANARY)).toEqual([]);
    expect((await e["app.info"]()).storage).toEqual({ database: "encrypted", workspaceFiles: "encrypted", key: "file" });
    // …and the app reads it all back.
    expect((await e["notes.read"]({ name: "visit.md" })).content).toContain(CANARY);
    expect(e.attachments.contextText(added.id)).toContain(CANARY);
    expect(JSON.stringify(await e["threads.get"]({ threadId }))).toContain(CANARY);
    await e.close();
    engine = null;
    expect(filesHolding(tmp.dir, CANARY)).toEqual([]);
    // Reopened with the same key, everything is there; the database will not open without it.
    const again = start(key);
    engine = again.e;
    expect((await again.e["notes.read"]({ name: "visit.md" })).content).toContain(CANARY);
    await again.e.close();
    engine = null;
    expect(() => start(randomBytes(32))).toThrow(/not the one it was encrypted with/);
  });

  it("measures the key's cost: opening the database, writing a note", () => {
    const ms = (f: () => void, n: number) => {
      const t = process.hrtime.bigint();
      for (let i = 0; i < n; i++) f();
      return Number(process.hrtime.bigint() - t) / 1e6 / n;
    };
    const key = randomBytes(32);
    const open = (k: Buffer | null, file: string) => () => openDatabase(join(tmp.dir, file), { key: k }).close();
    open(key, "enc.db")();
    open(null, "plain.db")();
    const plainNotes = new NotesStore(join(tmp.dir, "plain-notes"));
    const sealedNotes = new NotesStore(join(tmp.dir, "sealed-notes"), undefined, new FileSealer(tmp.dir, key));
    const text = "# Visit\n" + "- a question about my medicines\n".repeat(100);
    let i = 0;
    const figures = {
      openPlainMs: ms(open(null, "plain.db"), 20),
      openEncryptedMs: ms(open(key, "enc.db"), 20),
      notePlainMs: ms(() => plainNotes.write("n.md", text + i++), 50),
      noteSealedMs: ms(() => sealedNotes.write("n.md", text + i++), 50),
    };
    console.log(`[at-rest cost] ${JSON.stringify(figures)}`);
    expect(figures.openEncryptedMs).toBeLessThan(500);
    expect(figures.noteSealedMs).toBeLessThan(200);
  });
});
