/**
 * Saved notes reach the specialists: the context phase builds a compact index (title, date, first
 * line; capped), the runner renders it after the question, and note-read reads one note by title or
 * file name — never a path.
 */
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolContext } from "../../src/engine/agents/tools/context";
import { findNote, NOTE_READ_MAX_CHARS, noteRead, REGISTRY_TOOL_FACTORIES } from "../../src/engine/agents/tools/registryTools";
import { notesIndexBlock } from "../../src/engine/agents/deepAgentRunner";
import { traceLabel } from "../../src/engine/agents/traceLabels";
import { createContextLoader, NOTE_INDEX_LIMITS, noteIndex } from "../../src/engine/lifecycle/loadContext";
import type { ConsultContext, ConsultStateValue, TurnIO } from "../../src/engine/lifecycle/state";
import type { ThreadStore } from "../../src/engine/threads/threadStore";
import type { AttachmentsStore } from "../../src/engine/workspace/attachmentsStore";
import { firstLineOf, NotesStore } from "../../src/engine/workspace/notesStore";
import { loadContent } from "../../src/engine/content";
import { REPO } from "../support/engineHarness";
import { tempDir } from "../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const BP_LOG = "# Blood pressure log\n\nMorning readings before breakfast, left arm, sitting.\n\n| Date | Reading |\n|---|---|\n| May 1 | 142/91 |\n";

function store(): NotesStore {
  return new NotesStore(join(tmp.dir, "notes"));
}

/** Writes a note and dates it (seconds since the epoch give the order). */
function save(notes: NotesStore, name: string, content: string, isoDate: string): void {
  notes.write(name, content);
  const when = new Date(isoDate);
  utimesSync(join(notes.dir, name), when, when);
}

function toolContext(notes: NotesStore): ToolContext {
  return {
    content: loadContent(REPO),
    notes,
    attachments: {} as AttachmentsStore,
    attachmentIds: [],
    sanitizePii: (text) => ({ text, findings: [] }),
  };
}

async function read(notes: NotesStore, name: string): Promise<string> {
  return String(await noteRead(toolContext(notes)).invoke({ name }));
}

describe("firstLineOf", () => {
  it("skips the title heading and markdown markers, and says nothing for a title-only note", () => {
    expect(firstLineOf(BP_LOG)).toBe("Morning readings before breakfast, left arm, sitting.");
    expect(firstLineOf("- [ ] Bring   the medicine list\n- Ask")).toBe("Bring the medicine list");
    expect(firstLineOf("# Only a title\n\n")).toBe("");
    expect(firstLineOf("# T\n\n---\n## Questions\n")).toBe("Questions");
  });
});

describe("the context phase's note index", () => {
  it("lists title, date and first line, newest first", async () => {
    const notes = store();
    save(notes, "blood-pressure-log.md", BP_LOG, "2025-05-08T09:00:00Z");
    save(notes, "questions.md", "# Questions for Dr. Lee\n\n1. Is my log useful?\n", "2025-04-02T09:00:00Z");
    const load = createContextLoader({
      threads: { history: () => [] } as unknown as ThreadStore,
      notes,
      attachments: {} as AttachmentsStore,
      memoryFile: join(tmp.dir, "AGENTS.md"),
    });
    const update = await load({ threadId: "t", turnId: "u", attachmentIds: [] } as unknown as ConsultStateValue, {} as TurnIO);
    const context = update.context as ConsultContext;
    expect(context.notes).toEqual([
      { name: "blood-pressure-log.md", title: "Blood pressure log", date: "2025-05-08", firstLine: "Morning readings before breakfast, left arm, sitting." },
      { name: "questions.md", title: "Questions for Dr. Lee", date: "2025-04-02", firstLine: "Is my log useful?" },
    ]);
    expect(context.notesOmitted).toBe(0);
  });

  it("caps the number of notes and the length of titles and first lines, and counts the rest", () => {
    const notes = store();
    for (let i = 0; i < 25; i++) {
      const day = String(i + 1).padStart(2, "0");
      save(notes, `note-${day}.md`, `# Note ${day} ${"t".repeat(120)}\n\n${"word ".repeat(60)}\n`, `2025-03-${day}T12:00:00Z`);
    }
    const { entries, omitted } = noteIndex(notes);
    expect(entries).toHaveLength(NOTE_INDEX_LIMITS.notes);
    expect(omitted).toBe(5);
    expect(entries[0]!.name).toBe("note-25.md");
    expect(entries.at(-1)!.name).toBe("note-06.md");
    for (const e of entries) {
      expect([...e.title].length).toBeLessThanOrEqual(NOTE_INDEX_LIMITS.titleChars);
      expect([...e.firstLine].length).toBeLessThanOrEqual(NOTE_INDEX_LIMITS.firstLineChars);
      expect(e.firstLine.endsWith("…")).toBe(true);
    }
  });

  it("renders one short line per note and how many older notes exist", () => {
    const block = notesIndexBlock({
      history: [],
      attachments: [],
      memory: null,
      notes: [
        { name: "blood-pressure-log.md", title: "Blood pressure log", date: "2025-05-08", firstLine: "Morning readings." },
        { name: "empty.md", title: "Empty", date: "2025-05-01", firstLine: "" },
      ],
      notesOmitted: 3,
    });
    expect(block.split("\n")).toEqual([
      "Saved notes (newest first; read one with note-read, and name it by its title when you use it):",
      "- Blood pressure log (2025-05-08): Morning readings.",
      "- Empty (2025-05-01)",
      "- …and 3 older notes",
    ]);
    expect(notesIndexBlock({ history: [], attachments: [], memory: null, notes: [], notesOmitted: 0 })).toBe("");
    expect(notesIndexBlock(null)).toBe("");
  });
});

describe("note-read", () => {
  it("is in the registry and reads a note by title, file name or its words, with title and date", async () => {
    expect(REGISTRY_TOOL_FACTORIES["note-read"]).toBe(noteRead);
    const notes = store();
    save(notes, "blood-pressure-log.md", BP_LOG, "2025-05-08T09:00:00Z");
    for (const name of ["Blood pressure log", "blood PRESSURE log ", "blood-pressure-log.md", "blood-pressure-log", "blood pressure log.md"]) {
      const text = await read(notes, name);
      expect(text.startsWith('Note "Blood pressure log" (blood-pressure-log.md, saved 2025-05-08):\n')).toBe(true);
      expect(text).toContain("| May 1 | 142/91 |");
    }
  });

  it("finds a note whose title has a slash in it, by that title", async () => {
    const notes = store();
    save(notes, "bp-5-12.md", "# BP 5/12\n\nEvening.\n", "2025-05-12T20:00:00Z");
    expect(findNote(toolContext(notes), "BP 5/12")).toMatchObject({ name: "bp-5-12.md" });
    expect(await read(notes, "BP 5/12")).toContain("Evening.");
  });

  it("refuses paths: ../, absolute and home paths, backslashes — and lists the saved notes instead", async () => {
    const notes = store();
    save(notes, "blood-pressure-log.md", BP_LOG, "2025-05-08T09:00:00Z");
    for (const name of ["../carefold.db", "../../etc/passwd", "/etc/passwd", "/workspace/notes/blood-pressure-log.md", "~/.ssh/id_rsa", "..\\AGENTS.md", "C:\\Windows\\win.ini", "..", "notes/../../x.md"]) {
      const text = await read(notes, name);
      expect(text).toMatch(/^Note names are plain names .* never paths\./);
      expect(text).toContain('Saved notes: "Blood pressure log" (blood-pressure-log.md).');
      expect(text).not.toContain("142/91");
      expect(text).not.toContain("root:");
    }
  });

  it("answers an unknown name with the saved notes (capped), or says there are none", async () => {
    const notes = store();
    expect(await read(notes, "Blood pressure log")).toBe('No note named "Blood pressure log". The user has no saved notes.');
    save(notes, "blood-pressure-log.md", BP_LOG, "2025-05-08T09:00:00Z");
    expect(await read(notes, "Sugar log")).toBe('No note named "Sugar log". Saved notes: "Blood pressure log" (blood-pressure-log.md).');
    for (let i = 0; i < 22; i++) save(notes, `n${i}.md`, `# N${i}\n`, `2025-01-${String(i + 1).padStart(2, "0")}T00:00:00Z`);
    const text = await read(notes, "Sugar log");
    expect(text.match(/\(n\d+\.md\)/g)).toHaveLength(19);
    expect(text).toMatch(/, and 3 older\.$/);
  });

  it("cuts a very long note and says how much it showed", async () => {
    const notes = store();
    save(notes, "diary.md", `# Diary\n\n${"x".repeat(NOTE_READ_MAX_CHARS * 2)}`, "2025-05-08T09:00:00Z");
    const text = await read(notes, "Diary");
    expect(text).toContain(`[Showed the first ${NOTE_READ_MAX_CHARS} of ${NOTE_READ_MAX_CHARS * 2 + 9} characters.]`);
  });

  it("has a plain trace line in both languages", () => {
    const content = loadContent(REPO);
    expect(traceLabel("note-read", { name: "Blood pressure log" }, content, "en")).toBe("Reading your note “Blood pressure log”…");
    expect(traceLabel("note-read", { name: "Blood pressure log" }, content, "es")).toBe("Leyendo su nota «Blood pressure log»…");
  });
});
