/** Storage quotas: a new note or attachment past the limit gets quota_exceeded and nothing is written. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NotesStore } from "../../../src/engine/workspace/notesStore";
import { AttachmentsStore } from "../../../src/engine/workspace/attachmentsStore";
import { openDatabase } from "../../../src/engine/storage/database";
import { EngineError } from "../../../src/shared/rpc";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const codeOf = (f: () => unknown) => {
  try {
    f();
    return "ok";
  } catch (err) {
    return err instanceof EngineError ? err.code : String(err);
  }
};

describe("notes quota", () => {
  it("refuses a note past the count, still lets existing notes be rewritten and shrunk", () => {
    const notes = new NotesStore(join(tmp.dir, "notes"), { maxNotes: 3, maxTotalBytes: 1000 });
    for (const n of ["a.md", "b.md", "c.md"]) notes.write(n, "# note");
    expect(codeOf(() => notes.write("d.md", "# one too many"))).toBe("quota_exceeded");
    expect(readdirSync(notes.dir).sort()).toEqual(["a.md", "b.md", "c.md"]);
    expect(codeOf(() => notes.write("a.md", "# rewritten"))).toBe("ok");
    notes.delete("c.md");
    expect(codeOf(() => notes.write("d.md", "# now it fits"))).toBe("ok");
  });

  it("refuses growth past the total size, with the limit in the message, and keeps the old text", () => {
    const notes = new NotesStore(join(tmp.dir, "notes"), { maxNotes: 100, maxTotalBytes: 3 * 1024 * 1024 });
    notes.write("big.md", "x".repeat(2 * 1024 * 1024));
    expect(() => notes.write("other.md", "y".repeat(1024 * 1024 + 1))).toThrow(/more than 3 MiB/);
    expect(codeOf(() => notes.write("big.md", "x".repeat(1024)))).toBe("ok");
    expect(codeOf(() => notes.write("other.md", "y".repeat(1024 * 1024)))).toBe("ok");
    expect(notes.read("big.md").content).toBe("x".repeat(1024));
  });
});

describe("attachments quota", () => {
  it("refuses an attachment past the count or the total size and stores nothing for it", () => {
    const db = openDatabase(join(tmp.dir, "carefold.db"));
    try {
      const store = new AttachmentsStore(db, join(tmp.dir, "attachments"), { quota: { maxCount: 2, maxTotalBytes: 100 } });
      store.add("a.txt", Buffer.from("a".repeat(60)).toString("base64"));
      expect(codeOf(() => store.add("b.txt", Buffer.from("b".repeat(60)).toString("base64")))).toBe("quota_exceeded");
      store.add("c.txt", Buffer.from("c".repeat(10)).toString("base64"));
      expect(codeOf(() => store.add("d.txt", Buffer.from("d").toString("base64")))).toBe("quota_exceeded");
      expect(store.list().map((a) => a.name).sort()).toEqual(["a.txt", "c.txt"]);
      expect(readdirSync(store.dir)).toHaveLength(2);
    } finally {
      db.close();
    }
  });
});
