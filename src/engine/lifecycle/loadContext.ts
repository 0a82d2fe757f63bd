/** Phase 1 — context load: history, notes, the attachments the user picked, workspace memory. */
import { existsSync, readFileSync } from "node:fs";
import type { AttachmentsStore } from "../workspace/attachmentsStore";
import { firstLineOf, type NotesStore } from "../workspace/notesStore";
import type { ThreadStore } from "../threads/threadStore";
import type { PhaseFn } from "./graph";
import type { ContextAttachment, NoteIndexEntry } from "./state";

/**
 * The note index is in every specialist's first message, and small local models pay for each token:
 * the most recent notes only, short lines, and a count of the rest.
 */
export const NOTE_INDEX_LIMITS = { notes: 20, titleChars: 80, firstLineChars: 80 } as const;

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}

/** Title, date and first line of the most recent notes (newest first), and how many more there are. */
export function noteIndex(notes: NotesStore, limits: { notes: number; titleChars: number; firstLineChars: number } = NOTE_INDEX_LIMITS) {
  const all = notes.list();
  const entries: NoteIndexEntry[] = [];
  for (const summary of all.slice(0, limits.notes)) {
    let content: string;
    try {
      content = notes.read(summary.name).content;
    } catch {
      continue; // deleted between list and read
    }
    entries.push({
      name: summary.name,
      title: shorten(summary.title, limits.titleChars),
      date: summary.modifiedAt.slice(0, 10),
      firstLine: shorten(firstLineOf(content), limits.firstLineChars),
    });
  }
  return { entries, omitted: Math.max(0, all.length - limits.notes) };
}

export interface ContextDeps {
  threads: ThreadStore;
  notes: NotesStore;
  attachments: AttachmentsStore;
  /** workspace/AGENTS.md */
  memoryFile: string;
  historyTurns?: number;
}

export function createContextLoader(deps: ContextDeps): PhaseFn {
  return async (state) => {
    const attachments: ContextAttachment[] = [];
    for (const id of state.attachmentIds) {
      const meta = deps.attachments.get(id);
      if (!meta) continue;
      attachments.push({
        id,
        name: meta.name,
        text: deps.attachments.contextText(id),
        pagesRead: meta.pagesRead,
        pagesTotal: meta.pagesTotal,
        problem: meta.problem,
      });
    }
    const notes = noteIndex(deps.notes);
    return {
      context: {
        // The current message is appended after this phase; history is what came before it.
        history: deps.threads.history(state.threadId, deps.historyTurns ?? 12).filter((m) => m.turnId !== state.turnId),
        notes: notes.entries,
        notesOmitted: notes.omitted,
        attachments,
        memory: existsSync(deps.memoryFile) ? readFileSync(deps.memoryFile, "utf8").slice(0, 4000) : null,
      },
    };
  };
}
