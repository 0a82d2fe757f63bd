/**
 * Search across conversations and notes (issue 18, item 8): finds by question, by answer and by note;
 * case and accents folded both ways; Spanish; the last word as a prefix; kept in step when answers
 * change, threads or notes go (also notes changed outside Carefold); rebuilt at start when missing;
 * and no query can break FTS5's syntax.
 */
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { plainSnippet, SearchIndex } from "../../../src/engine/search";
import { openDatabase, type Db } from "../../../src/engine/storage/database";
import { ThreadStore } from "../../../src/engine/threads/threadStore";
import { NotesStore } from "../../../src/engine/workspace/notesStore";
import { tempDir } from "../../support/tempDir";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let threads: ThreadStore;
let notes: NotesStore;
let index: SearchIndex;

function open(): void {
  db = openDatabase(join(tmp.dir, "carefold.db"));
  threads = new ThreadStore(db);
  notes = new NotesStore(join(tmp.dir, "workspace", "notes"));
  index = SearchIndex.open(db, notes);
}
function reopen(): void {
  index.close();
  db.close();
  open();
}

beforeEach(() => {
  tmp = tempDir("carefold-search-");
  open();
});
afterEach(() => {
  index.close();
  db.close();
  tmp.cleanup();
});

const ANSWER = { outcome: "answered", agents: ["visit-steward"] };
function thread(id: string, question: string, answer: string): void {
  threads.ensure(id, question);
  threads.append(id, `${id}-u1`, "user", question);
  threads.answer(id, `${id}-u1`, answer, ANSWER);
}
const found = (query: string) => index.search(query).map((r) => `${r.kind}:${r.id}`);

describe("search: what it finds", () => {
  beforeEach(() => {
    thread("t_heart", "Help me prepare for my cardiology visit", "Bring your **medicine list** and your blood pressure log.");
    thread("t_kidney", "¿Qué preguntas llevo a la cita del riñón?", "Pregunte por su análisis de creatinina y por la dieta.");
    notes.write("questions.md", "# Preguntas para el corazón\n\n- ¿Puedo nadar?\n- Ask about the insurance referral\n");
  });

  it("finds a conversation by its question, by its answer, and a note by its text", () => {
    expect(found("cardiology")).toEqual(["thread:t_heart"]);
    expect(found("blood pressure")).toEqual(["thread:t_heart"]);
    expect(found("referral")).toEqual(["note:questions.md"]);
    const [hit] = index.search("medicine");
    expect(hit).toMatchObject({ kind: "thread", id: "t_heart", title: "Help me prepare for my cardiology visit" });
    // Plain text: no HTML and no Markdown markers; the renderer marks the words.
    expect(hit!.snippet).toContain("medicine list");
    expect(hit!.snippet).not.toMatch(/[<>*]/);
    expect(Number.isNaN(Date.parse(hit!.updatedAt))).toBe(false);
    const [note] = index.search("nadar");
    expect(note).toMatchObject({ kind: "note", id: "questions.md", title: "Preguntas para el corazón" });
    expect(note!.snippet).toContain("Puedo nadar");
    expect(note!.snippet).not.toContain("#");
  });

  it("folds accents and case both ways, in Spanish and English", () => {
    expect(found("corazon")).toEqual(["note:questions.md"]);
    expect(found("CORAZÓN")).toEqual(["note:questions.md"]);
    expect(found("riñón")).toEqual(["thread:t_kidney"]);
    expect(found("rinon")).toEqual(["thread:t_kidney"]);
    expect(found("analisis creatinina")).toEqual(["thread:t_kidney"]);
    thread("t_plain", "Notes for the corazon clinic", "Okay.");
    expect(found("corazón").sort()).toEqual(["note:questions.md", "thread:t_plain"]);
    expect(found("Cardiology")).toEqual(["thread:t_heart"]);
  });

  it("matches the last word as a prefix while typing; the words before it whole; all of them required", () => {
    expect(found("cardi")).toEqual(["thread:t_heart"]);
    expect(found("preg").sort()).toEqual(["note:questions.md", "thread:t_kidney"]);
    expect(found("dieta creat")).toEqual(["thread:t_kidney"]);
    expect(found("cardi visit")).toEqual([]); // "cardi" is not a whole word
    expect(found("visit cardi")).toEqual(["thread:t_heart"]);
    expect(found("cardiology creatinina")).toEqual([]);
    // A conversation's words may be spread over its messages: asked about in the question, answered in the answer.
    expect(found("cardiology pressure")).toEqual(["thread:t_heart"]);
  });

  it("returns a thread once, with its best message, and at most 30 results best first", () => {
    for (let i = 0; i < 40; i++) thread(`t_${i}`, `Visit number ${i} about sleep`, i === 7 ? "Sleep sleep sleep: keep a sleep diary." : "Keep a diary.");
    const results = index.search("sleep");
    expect(results).toHaveLength(30);
    expect(new Set(results.map((r) => r.id)).size).toBe(30);
    expect(results[0]!.id).toBe("t_7");
    expect(results[0]!.snippet).toContain("sleep diary");
  });

  it("makes snippets plain text: Markdown markers dropped, lines joined", () => {
    expect(plainSnippet("## Papers\n\n- The **referral** letter\n- [x] lab `results`\n\n_Carefold helps…_")).toBe("Papers · The referral letter · lab results · Carefold helps…");
    expect(plainSnippet("snake_case stays")).toBe("snake_case stays");
    expect(plainSnippet("x".repeat(500))).toHaveLength(240);
  });

  it("has nothing to search for in an empty query, punctuation or emoji", () => {
    for (const q of ["", "   ", "¿?", "…", "🙂🙂", "--"]) expect(index.search(q), q).toEqual([]);
  });
});

describe("search: hostile queries", () => {
  const HOSTILE = [
    '"', '""', '"unbalanced', "AND (", "(", ")", "NEAR", "NEAR(a b)", "NEAR/2", "a OR", "OR", "NOT", "a NOT b", "AND",
    "*", "a*", "^a", "^", "content:foo", "body:x", "{content}: x", "a + b", "-a", "a:b:c", "'", "\\", "a\u0301",
    "\u0301", "x".repeat(200), "a ".repeat(100), "SELECT * FROM messages; --", "%_", "\u202e", "🙂 near 🙂",
  ];

  it("never throws, and treats operators as words", () => {
    thread("t_near", "Is there a clinic near my home?", "Ask your insurer OR your doctor; do NOT skip it.");
    for (const q of HOSTILE) expect(() => index.search(q), JSON.stringify(q)).not.toThrow();
    expect(found("NEAR")).toEqual(["thread:t_near"]);
    expect(found("near (")).toEqual(["thread:t_near"]);
    expect(found('"clinic" OR')).toEqual(["thread:t_near"]); // "or" is a word of the answer
    expect(found("NOT")).toEqual(["thread:t_near"]);
    expect(found("content:clinic")).toEqual([]); // no column filter: "content" is a word it does not have
    expect(found("clinic*")).toEqual(["thread:t_near"]);
  });
});

describe("search: kept in step", () => {
  it("follows an answer replaced in place", () => {
    thread("t1", "My question", "An answer that waits for approval.");
    threads.answer("t1", "t1-u1", "The approved answer about vaccines.", ANSWER);
    expect(found("approval")).toEqual([]);
    expect(found("vaccines")).toEqual(["thread:t1"]);
  });

  it("finds a renamed conversation by its new name, no longer by the old one", () => {
    thread("t1", "My first question", "An answer.");
    threads.rename("t1", "Checkup in March");
    expect(found("checkup mar")).toEqual(["thread:t1"]);
    expect(found("checkup answer")).toEqual(["thread:t1"]); // title and message words together
    const [hit] = index.search("checkup");
    expect(hit).toMatchObject({ title: "Checkup in March", snippet: "" }); // no message matched: no snippet
    threads.rename("t1", "Dentist");
    expect(found("checkup")).toEqual([]);
    expect(found("dentist")).toEqual(["thread:t1"]);
    threads.delete("t1");
    expect(found("dentist")).toEqual([]);
  });

  it("forgets a deleted thread, and every thread after delete all", () => {
    thread("t1", "Questions about asthma", "Bring your inhaler.");
    thread("t2", "More about asthma", "Write down when it happens.");
    threads.delete("t1");
    expect(found("asthma")).toEqual(["thread:t2"]);
    expect(found("inhaler")).toEqual([]);
    threads.deleteAll();
    expect(found("asthma")).toEqual([]);
  });

  it("follows notes written and deleted through the store", () => {
    notes.write("a.md", "# Allergy\n\npenicillin rash");
    expect(found("penicillin")).toEqual(["note:a.md"]);
    notes.write("a.md", "# Allergy\n\nlatex gloves");
    expect(found("penicillin")).toEqual([]);
    expect(found("latex")).toEqual(["note:a.md"]);
    notes.delete("a.md");
    expect(found("latex")).toEqual([]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM search_notes").get()).toEqual({ n: 0 });
  });

  it("catches up with notes changed, added or removed outside Carefold", () => {
    notes.write("diary.md", "# Diary\n\nslept badly");
    const file = join(notes.dir, "diary.md");
    writeFileSync(file, "# Diary\n\nwalked the dog");
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    writeFileSync(join(notes.dir, "editor.md"), "Typed in another editor: glucose 110");
    writeFileSync(join(notes.dir, "not-a-note.txt"), "glucose elsewhere");
    expect(found("slept")).toEqual([]);
    expect(found("walked")).toEqual(["note:diary.md"]);
    expect(found("glucose")).toEqual(["note:editor.md"]);
    rmSync(join(notes.dir, "editor.md"));
    expect(found("glucose")).toEqual([]);
  });

  it("clear() forgets every note", () => {
    notes.write("a.md", "ferritin");
    index.clear();
    rmSync(join(notes.dir, "a.md"));
    expect(found("ferritin")).toEqual([]);
  });
});

describe("search: at start", () => {
  it("indexes what an older database already held", () => {
    index.close();
    db.close();
    db = openDatabase(join(tmp.dir, "carefold.db"));
    threads = new ThreadStore(db);
    thread("t_old", "Written before search existed", "About migraines.");
    writeFileSync(join(tmp.dir, "workspace", "notes", "old.md"), "An old note on migraines");
    db.prepare("DELETE FROM schema_migrations WHERE module = 'search'").run();
    for (const { type, name } of db.prepare("SELECT type, name FROM sqlite_master WHERE name LIKE 'search%' AND type IN ('trigger', 'table')").all() as { type: string; name: string }[]) {
      if (type === "trigger" || !/_(data|idx|content|docsize|config)$/.test(name)) db.exec(`DROP ${type.toUpperCase()} IF EXISTS ${name}`);
    }
    db.close();
    open();
    expect(found("migraines").sort()).toEqual(["note:old.md", "thread:t_old"]);
  });

  it("rebuilds an index or trigger that went missing", () => {
    thread("t1", "Knee surgery questions", "Ask about physiotherapy.");
    notes.write("knee.md", "knee brace");
    db.exec("DROP TABLE search_messages; DROP TABLE search_notes;");
    reopen();
    expect(found("physiotherapy")).toEqual(["thread:t1"]);
    expect(found("brace")).toEqual(["note:knee.md"]);
    db.exec("DROP TRIGGER search_messages_insert; DROP TRIGGER search_titles_update");
    thread("t2", "Written while a trigger was missing", "About physiotherapy too.");
    threads.rename("t1", "Renamed meanwhile");
    reopen();
    expect(found("physiotherapy").sort()).toEqual(["thread:t1", "thread:t2"]);
    expect(found("meanwhile")).toEqual(["thread:t1"]);
    thread("t3", "After the rebuild", "physiotherapy again");
    expect(found("physiotherapy")).toHaveLength(3);
  });
});
