import { writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FtsCatalog } from "../../src/engine/catalog";
import { loadContent } from "../../src/engine/content";
import { openDatabase } from "../../src/engine/storage/database";
import { copyContent, editMetadata } from "./contentCopy";

describe("re-indexing on content change", () => {
  let copy: { dir: string; cleanup(): void };
  beforeEach(() => {
    copy = copyContent();
  });
  afterEach(() => copy.cleanup());

  const dbFile = () => join(copy.dir, "data", "carefold.db");

  it("indexes on first open, then skips unchanged content across restarts", () => {
    const first = openDatabase(dbFile());
    const initial = new FtsCatalog(first).sync(loadContent(copy.dir));
    expect(initial.reindexed).toBe(true);
    expect(initial.agents).toBe(23);
    first.close();

    // A restart: new connection, content loaded again from disk, nothing changed.
    const second = openDatabase(dbFile());
    const catalog = new FtsCatalog(second);
    const again = catalog.sync(loadContent(copy.dir));
    expect(again.reindexed).toBe(false);
    expect(again.fingerprint).toBe(initial.fingerprint);
    expect(catalog.searchAgents("dialysis")[0]?.id).toBe("nephrology-guide");
    second.close();
  });

  it("re-indexes when an agent file changes and serves the new keywords", () => {
    const db = openDatabase(dbFile());
    const catalog = new FtsCatalog(db);
    catalog.sync(loadContent(copy.dir));
    expect(catalog.searchAgents("zebrafinch")).toEqual([]);

    editMetadata(copy.dir, "habit-companion", (yaml) => yaml.replace(/^keywords:\n/m, "keywords:\n  - zebrafinch\n"));
    const changed = catalog.sync(loadContent(copy.dir));
    expect(changed.reindexed).toBe(true);
    expect(catalog.searchAgents("zebrafinch").map((h) => h.id)).toEqual(["habit-companion"]);
    expect(catalog.sync(loadContent(copy.dir)).reindexed).toBe(false);
    db.close();
  });

  it("re-indexes when a skill reference changes (any content file's hash)", () => {
    const db = openDatabase(dbFile());
    const catalog = new FtsCatalog(db);
    const before = catalog.sync(loadContent(copy.dir));
    const file = join(copy.dir, "skills", "visit-prep", "SKILL.md");
    writeFileSync(file, readFileSync(file, "utf8") + "\n");
    const after = catalog.sync(loadContent(copy.dir));
    expect(after.reindexed).toBe(true);
    expect(after.fingerprint).not.toBe(before.fingerprint);
    db.close();
  });

  it("writes nothing when nothing changed", () => {
    const db = openDatabase(dbFile());
    const catalog = new FtsCatalog(db);
    catalog.sync(loadContent(copy.dir));
    const changes = () => (db.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
    const before = changes();
    expect(catalog.sync(loadContent(copy.dir)).reindexed).toBe(false);
    expect(changes()).toBe(before);
    // A real change does write (the probe above would see it).
    editMetadata(copy.dir, "ent-guide", (yaml) => yaml.replace(/^keywords:\n/m, "keywords:\n  - earbud\n"));
    expect(catalog.sync(loadContent(copy.dir)).reindexed).toBe(true);
    expect(changes()).toBeGreaterThan(before);
    db.close();
  });
});
