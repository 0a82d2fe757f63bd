/**
 * Search across the user's conversations (their questions and Carefold's answers) and notes, with
 * SQLite FTS5 in the engine's database. Messages and titles are indexed by triggers (schema.ts);
 * notes when written or deleted through the notes store (or an approved file tool: engine.ts), and
 * before each search a note changed or removed outside Carefold (another editor) is caught up from
 * its file's size and time.
 */
import { lstatSync, readdirSync, type Stats } from "node:fs";
import { join } from "node:path";
import type { Statement } from "better-sqlite3";
import { NoteNameSchema } from "../../shared/contract";
import { releaseFreedPages, type Db } from "../storage/database";
import { titleOf, type NotesStore } from "../workspace/notesStore";
import { matchTerms } from "./query";
import { migrateSearch } from "./schema";

export interface SearchHit {
  kind: "thread" | "note";
  /** A thread id, or a note's file name. */
  id: string;
  title: string;
  /** Plain text around the best match (no markup: the renderer marks the words). */
  snippet: string;
  updatedAt: string;
}

/** What the rest of the engine uses: run a search; forget everything ("delete all my data"). */
export interface SearchPort {
  search(query: string, limit?: number): SearchHit[];
  clear(): void;
}

export const MAX_SEARCH_RESULTS = 30;
/** Words of context a snippet shows around the match. */
const SNIPPET_WORDS = 16;
const MAX_SNIPPET_CHARS = 240;

type Notes = Pick<NotesStore, "dir" | "read" | "onChange">;

interface Ranked {
  hit: SearchHit;
  rank: number;
}

interface Row {
  id: string;
  title: string;
  updated_at: string;
  rank: number;
}

interface FileRow {
  name: string;
  doc: number;
  size: number;
  mtime_ms: number;
}

export class SearchIndex implements SearchPort {
  /** The threads query per number of words (a UNION of one FTS query per word). */
  private readonly threadHits = new Map<number, Statement>();
  private readonly messageSnippet: Statement;
  private readonly noteHits: Statement;
  private readonly stopListening: () => void;

  private constructor(
    private readonly db: Db,
    private readonly notes: Notes,
  ) {
    // The thread's best message for any of the words (bm25: lower is better).
    this.messageSnippet = db.prepare(
      `SELECT snippet(search_messages, 0, '', '', '…', ${SNIPPET_WORDS}) AS snippet
       FROM search_messages JOIN messages m ON m.id = search_messages.rowid
       WHERE search_messages MATCH ? AND m.thread_id = ? ORDER BY bm25(search_messages) LIMIT 1`,
    );
    this.noteHits = db.prepare(
      `SELECT f.name AS id, search_notes.title AS title, f.modified_at AS updated_at, bm25(search_notes) AS rank,
         snippet(search_notes, 2, '', '', '…', ${SNIPPET_WORDS}) AS snippet
       FROM search_notes JOIN search_note_files f ON f.doc = search_notes.rowid
       WHERE search_notes MATCH ? ORDER BY rank LIMIT ?`,
    );
    this.stopListening = notes.onChange((name, content) => (content === null ? this.forgetNotes([name]) : this.indexNote(name, content)));
  }

  /** Opens (creating or rebuilding what is missing) the index; call after the threads tables exist. */
  static open(db: Db, notes: Notes): SearchIndex {
    migrateSearch(db);
    const index = new SearchIndex(db, notes);
    index.syncNotes();
    return index;
  }

  search(query: string, limit = MAX_SEARCH_RESULTS): SearchHit[] {
    const match = matchTerms(query);
    if (!match) return [];
    this.syncNotes();
    const threads = (this.threadStatement(match.each.length).all(...match.each.flatMap((w) => [w, w]), match.each.length, limit) as Row[]).map(
      (r): Ranked => ({ rank: r.rank, hit: { kind: "thread", id: r.id, title: r.title, snippet: "", updatedAt: r.updated_at } }),
    );
    const notes = (this.noteHits.all(match.all, limit) as (Row & { snippet: string })[]).map(
      (r): Ranked => ({ rank: r.rank, hit: { kind: "note", id: r.id, title: r.title, snippet: plainSnippet(r.snippet), updatedAt: r.updated_at } }),
    );
    const best = [...threads, ...notes].sort((a, b) => a.rank - b.rank || b.hit.updatedAt.localeCompare(a.hit.updatedAt)).slice(0, limit);
    // Snippets only for the threads shown.
    for (const { hit } of best) {
      if (hit.kind !== "thread") continue;
      const row = this.messageSnippet.get(match.any, hit.id) as { snippet: string } | undefined;
      hit.snippet = plainSnippet(row?.snippet ?? "");
    }
    return best.map((r) => r.hit);
  }

  /**
   * Threads holding every word, each in any of its messages or its title (a question and its answer
   * together): per word the best bm25 of the thread's messages and title, summed over the words.
   */
  private threadStatement(words: number): Statement {
    let statement = this.threadHits.get(words);
    if (!statement) {
      const perWord = Array.from(
        { length: words },
        (_, i) =>
          `SELECT m.thread_id AS thread_id, ${i} AS word, search_messages.rank AS rank
           FROM search_messages JOIN messages m ON m.id = search_messages.rowid WHERE search_messages MATCH ?
           UNION ALL SELECT thread_id, ${i}, rank FROM search_titles WHERE search_titles MATCH ?`,
      ).join(" UNION ALL ");
      statement = this.db.prepare(
        `WITH hits AS (${perWord}),
           best AS (SELECT thread_id, word, MIN(rank) AS rank FROM hits GROUP BY thread_id, word)
         SELECT b.thread_id AS id, t.title AS title, t.updated_at AS updated_at, SUM(b.rank) AS rank
         FROM best b JOIN threads t ON t.id = b.thread_id
         GROUP BY b.thread_id HAVING COUNT(*) = ? ORDER BY rank LIMIT ?`,
      );
      this.threadHits.set(words, statement);
    }
    return statement;
  }

  /** Forgets every note (the messages' index empties with their rows); for "delete all my data". */
  clear(): void {
    this.db.transaction(() => {
      this.db.exec("DELETE FROM search_notes; DELETE FROM search_note_files;");
    })();
  }

  close(): void {
    this.stopListening();
  }

  /** Catches the index up with the notes folder: new and changed files read again, removed ones forgotten. */
  syncNotes(): void {
    const onDisk = this.noteFiles();
    const indexed = this.db.prepare("SELECT name, doc, size, mtime_ms FROM search_note_files").all() as FileRow[];
    const gone = indexed.filter((r) => !onDisk.has(r.name)).map((r) => r.name);
    const known = new Map(indexed.map((r) => [r.name, r]));
    const changed = [...onDisk].filter(([name, st]) => {
      const row = known.get(name);
      return !row || row.size !== st.size || row.mtime_ms !== st.mtimeMs;
    });
    if (gone.length) this.forgetNotes(gone);
    for (const [name] of changed) {
      let content: string;
      try {
        content = this.notes.read(name).content;
      } catch {
        // A link or a file that vanished meanwhile: not a note Carefold opens, so not one it finds.
        if (known.has(name)) this.forgetNotes([name]);
        continue;
      }
      this.indexNote(name, content);
    }
  }

  private noteFiles(): Map<string, Stats> {
    const files = new Map<string, Stats>();
    let entries: string[];
    try {
      entries = readdirSync(this.notes.dir);
    } catch {
      return files;
    }
    for (const name of entries) {
      if (!NoteNameSchema.safeParse(name).success) continue;
      try {
        const st = lstatSync(join(this.notes.dir, name));
        if (st.isFile()) files.set(name, st);
      } catch {
        // Removed between listing and stat.
      }
    }
    return files;
  }

  private indexNote(name: string, content: string): void {
    let st: Stats;
    try {
      st = lstatSync(join(this.notes.dir, name));
    } catch {
      return;
    }
    const title = titleOf(name, content);
    this.db.transaction(() => {
      this.removeNoteRow(name);
      const doc = this.db.prepare("INSERT INTO search_notes (name, title, body) VALUES (?, ?, ?)").run(name, title, content).lastInsertRowid;
      this.db
        .prepare("INSERT INTO search_note_files (name, doc, size, mtime_ms, modified_at) VALUES (?, ?, ?, ?, ?)")
        .run(name, doc, st.size, st.mtimeMs, st.mtime.toISOString());
    })();
  }

  /** Deleting deletes: the note's rows go, and the WAL holding their old pages is emptied. */
  private forgetNotes(names: readonly string[]): void {
    this.db.transaction(() => {
      for (const name of names) this.removeNoteRow(name);
    })();
    releaseFreedPages(this.db, { vacuum: false });
  }

  private removeNoteRow(name: string): void {
    const row = this.db.prepare("SELECT doc FROM search_note_files WHERE name = ?").get(name) as { doc: number } | undefined;
    if (!row) return;
    this.db.prepare("DELETE FROM search_notes WHERE rowid = ?").run(row.doc);
    this.db.prepare("DELETE FROM search_note_files WHERE name = ?").run(name);
  }
}

/**
 * Snippet text as plain words: each line's Markdown markers (headings, list bullets, quotes, emphasis,
 * code) dropped, lines joined with " · ", whitespace collapsed, NFC, bounded.
 */
export function plainSnippet(text: string): string {
  const plain = text
    .normalize("NFC")
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s*(?:#{1,6}\s+|[-+*]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)+/, "")
        .replace(/[*`#|]+/g, " ")
        .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, "$1")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .join(" · ");
  return plain.length > MAX_SNIPPET_CHARS ? `${plain.slice(0, MAX_SNIPPET_CHARS - 1).trimEnd()}…` : plain;
}
