/**
 * The search index's tables in carefold.db. Messages and conversation titles: external-content FTS5
 * indexes over `messages.content` and `threads.title`, kept in step by triggers (an insert, an answer
 * replaced in place, a rename, a thread's cascade delete), so no code path that writes them can forget
 * them. Notes: an FTS5 table of their text, plus each note file's size and time, so a note changed
 * outside Carefold is re-read. All use FTS5's secure-delete: a deleted entry leaves the index itself.
 */
import { migrate, type Db } from "../storage/database";

/** Case and accents folded ("corazon" finds "Corazón" and back); no stemming, for English and Spanish alike. */
export const SEARCH_TOKENIZE = "unicode61 remove_diacritics 2";

const ftsOptions = `tokenize = "${SEARCH_TOKENIZE}", prefix = '2 3'`;

const MESSAGES_FTS = `CREATE VIRTUAL TABLE search_messages USING fts5(content, content = 'messages', content_rowid = 'id', ${ftsOptions});
  INSERT INTO search_messages(search_messages, rank) VALUES ('secure-delete', 1);
  INSERT INTO search_messages(search_messages) VALUES ('rebuild');`;

/**
 * Conversation titles (a renamed one is found by its new name). A copy keyed by thread id, not
 * external content: `threads` has no INTEGER PRIMARY KEY, so VACUUM may renumber its rowids.
 */
const TITLES_FTS = `CREATE VIRTUAL TABLE search_titles USING fts5(thread_id UNINDEXED, title, ${ftsOptions});
  INSERT INTO search_titles(search_titles, rank) VALUES ('secure-delete', 1);`;
const TITLES_REBUILD = `DELETE FROM search_titles; INSERT INTO search_titles (thread_id, title) SELECT id, title FROM threads;`;

const NOTES_FTS = `CREATE VIRTUAL TABLE search_notes USING fts5(name UNINDEXED, title UNINDEXED, body, ${ftsOptions});
  INSERT INTO search_notes(search_notes, rank) VALUES ('secure-delete', 1);`;

const TRIGGERS = {
  search_messages_insert: `CREATE TRIGGER search_messages_insert AFTER INSERT ON messages BEGIN
    INSERT INTO search_messages(rowid, content) VALUES (new.id, new.content); END;`,
  search_messages_delete: `CREATE TRIGGER search_messages_delete AFTER DELETE ON messages BEGIN
    INSERT INTO search_messages(search_messages, rowid, content) VALUES ('delete', old.id, old.content); END;`,
  search_messages_update: `CREATE TRIGGER search_messages_update AFTER UPDATE OF content ON messages BEGIN
    INSERT INTO search_messages(search_messages, rowid, content) VALUES ('delete', old.id, old.content);
    INSERT INTO search_messages(rowid, content) VALUES (new.id, new.content); END;`,
  search_titles_insert: `CREATE TRIGGER search_titles_insert AFTER INSERT ON threads BEGIN
    INSERT INTO search_titles (thread_id, title) VALUES (new.id, new.title); END;`,
  search_titles_delete: `CREATE TRIGGER search_titles_delete AFTER DELETE ON threads BEGIN
    DELETE FROM search_titles WHERE thread_id = old.id; END;`,
  search_titles_update: `CREATE TRIGGER search_titles_update AFTER UPDATE OF title ON threads BEGIN
    UPDATE search_titles SET title = new.title WHERE thread_id = old.id; END;`,
} as const;

const STEPS = [
  `${MESSAGES_FTS}
   ${TITLES_FTS}
   ${TITLES_REBUILD}
   ${NOTES_FTS}
   CREATE TABLE search_note_files (name TEXT PRIMARY KEY, doc INTEGER NOT NULL, size INTEGER NOT NULL, mtime_ms REAL NOT NULL, modified_at TEXT NOT NULL);
   ${Object.values(TRIGGERS).join("\n")}`,
] as const;

const exists = (db: Db, type: "table" | "trigger", name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?").get(type, name) !== undefined;

/**
 * Creates the index (after the threads tables: its triggers are on `messages`), and rebuilds at start
 * what is missing: a dropped index or trigger means the index may lag the messages, so it is rebuilt
 * from them; a dropped notes index forgets every note's file state, so each note is read again.
 */
export function migrateSearch(db: Db): void {
  if (!exists(db, "table", "messages")) throw new Error("the search index needs the threads tables first");
  migrate(db, "search", STEPS);
  db.transaction(() => {
    const stale = { search_messages: false, search_titles: false };
    for (const [table, sql] of [["search_messages", MESSAGES_FTS], ["search_titles", TITLES_FTS]] as const) {
      if (exists(db, "table", table)) continue;
      db.exec(sql);
      stale[table] = true;
    }
    for (const [name, sql] of Object.entries(TRIGGERS)) {
      if (exists(db, "trigger", name)) continue;
      db.exec(sql);
      stale[name.startsWith("search_titles") ? "search_titles" : "search_messages"] = true;
    }
    if (stale.search_messages) db.exec("INSERT INTO search_messages(search_messages) VALUES ('rebuild')");
    if (stale.search_titles) db.exec(TITLES_REBUILD);
    if (!exists(db, "table", "search_notes")) {
      db.exec(NOTES_FTS);
      db.exec("DELETE FROM search_note_files");
    }
  })();
}
