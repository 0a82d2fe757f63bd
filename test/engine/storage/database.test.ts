/**
 * The encrypted database (better-sqlite3-multiple-ciphers, SQLCipher 4): no plaintext on disk, a wrong
 * key refused, a plain database from an earlier version encrypted once with every row kept (also when
 * killed in the middle), and FTS5 and the LangGraph checkpointer working on it.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { emptyCheckpoint } from "@langchain/langgraph-checkpoint";
import { DatabaseKeyError, openDatabase } from "../../../src/engine/storage/database";
import { isPlainDatabase } from "../../../src/engine/storage/encryptDatabase";
import { FtsCatalog } from "../../../src/engine/catalog";
import { loadContent } from "../../../src/engine/content";
import { tempDir } from "../../support/tempDir";

const REPO = join(__dirname, "..", "..", "..");
const CANARY = "CANARY-7f3a-zebra-heliotrope";
let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});
const dbFile = () => join(tmp.dir, "carefold.db");

/** Every byte of every file in the folder (the db, its -wal and -shm, anything left beside them). */
function folderHas(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => readFileSync(f).includes(Buffer.from(needle)));
}

function fill(db: ReturnType<typeof openDatabase>, rows = 200): void {
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
  const put = db.prepare("INSERT INTO notes (body) VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < rows; i++) put.run(`${CANARY} row ${i} ${"x".repeat(200)}`);
  })();
}

describe("encrypted database", () => {
  it("keeps no plaintext in carefold.db or its -wal/-shm, open or closed", () => {
    const key = randomBytes(32);
    const db = openDatabase(dbFile(), { key });
    fill(db);
    expect(existsSync(dbFile() + "-wal")).toBe(true);
    expect(folderHas(tmp.dir, CANARY)).toEqual([]);
    expect(folderHas(tmp.dir, "SQLite format 3")).toEqual([]);
    db.close();
    expect(folderHas(tmp.dir, CANARY)).toEqual([]);
    const again = openDatabase(dbFile(), { key });
    expect(again.prepare("SELECT count(*) FROM notes").pluck().get()).toBe(200);
    again.close();
  });

  it("refuses a wrong key, or none, with a clear error and never a new database", () => {
    const key = randomBytes(32);
    const db = openDatabase(dbFile(), { key });
    fill(db, 3);
    db.close();
    const before = readFileSync(dbFile());
    expect(() => openDatabase(dbFile(), { key: randomBytes(32) })).toThrow(DatabaseKeyError);
    expect(() => openDatabase(dbFile(), { key: randomBytes(32) })).toThrow(/not the one it was encrypted with/);
    expect(() => openDatabase(dbFile())).toThrow(/is encrypted and no data key was given/);
    expect(readFileSync(dbFile()).equals(before)).toBe(true);
    const right = openDatabase(dbFile(), { key });
    expect(right.prepare("SELECT count(*) FROM notes").pluck().get()).toBe(3);
    right.close();
  });

  it("encrypts a plain database from an earlier version once, keeping every row, and wipes the plain files", () => {
    const plain = openDatabase(dbFile());
    fill(plain);
    plain.exec("CREATE TABLE other (k TEXT PRIMARY KEY, v BLOB); INSERT INTO other VALUES ('a', x'00ff')");
    const rows = plain.prepare("SELECT * FROM notes ORDER BY id").all();
    plain.close();
    expect(isPlainDatabase(dbFile())).toBe(true);
    const key = randomBytes(32);
    const db = openDatabase(dbFile(), { key });
    expect(db.prepare("SELECT * FROM notes ORDER BY id").all()).toEqual(rows);
    expect(db.prepare("SELECT hex(v) FROM other").pluck().get()).toBe("00FF");
    db.close();
    expect(isPlainDatabase(dbFile())).toBe(false);
    expect(readdirSync(tmp.dir).sort()).toEqual(["carefold.db"]);
    expect(folderHas(tmp.dir, CANARY)).toEqual([]);
    expect(() => openDatabase(dbFile())).toThrow(DatabaseKeyError);
  });

  it.each(["copied", "rekeyed", "linked", "renamed"])("killed after the step '%s', the next open finishes with every row and no plaintext", (step) => {
    const plain = openDatabase(dbFile());
    fill(plain, 50);
    plain.close();
    const key = randomBytes(32);
    const child = spawnSync(process.execPath, ["--import", "tsx", join(__dirname, "encryptChild.ts"), dbFile(), key.toString("hex"), step], { encoding: "utf8", timeout: 60_000 });
    expect(child.signal).toBe("SIGKILL");
    const db = openDatabase(dbFile(), { key });
    expect(db.prepare("SELECT count(*) FROM notes").pluck().get()).toBe(50);
    db.close();
    expect(readdirSync(tmp.dir).sort()).toEqual(["carefold.db"]);
    expect(folderHas(tmp.dir, CANARY)).toEqual([]);
  });

  it("runs the FTS5 catalog and the LangGraph checkpointer on the encrypted database", async () => {
    const db = openDatabase(dbFile(), { key: randomBytes(32) });
    const catalog = FtsCatalog.open(db, loadContent(REPO));
    expect(catalog.searchAgents("blood pressure log before my cardiology visit").length).toBeGreaterThan(0);
    const saver = new SqliteSaver(db);
    const config = { configurable: { thread_id: "t1", checkpoint_ns: "" } };
    const checkpoint = { ...emptyCheckpoint(), channel_values: { note: CANARY } };
    const saved = await saver.put(config, checkpoint, { source: "input", step: 0, parents: {} });
    const back = await saver.getTuple(saved);
    expect(back?.checkpoint.channel_values).toEqual({ note: CANARY });
    expect(folderHas(tmp.dir, CANARY)).toEqual([]);
    db.close();
  });
});
