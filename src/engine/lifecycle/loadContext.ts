/** Phase 1 — context load: history, notes, the attachments the user picked, workspace memory. */
import { dirname } from "node:path";
import { lexists, NotContainedError } from "../storage/containedFile";
import { FileSealer } from "../storage/sealedFile";
import type { AttachmentsStore } from "../workspace/attachmentsStore";
import { foldText } from "../../shared/text";
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

/** How much of the notes a message names the emergency gate reads. */
export const NAMED_NOTE_LIMITS = { notes: 5, chars: 12_000 } as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The notes a message points at ("read my note today.md", "my BP log"): by file name, with or without
 * .md, or by a name or title of five letters or more, as whole words, accents and case aside. What the user
 * sends with a question this way is gated for emergencies before any model reads it.
 */
export function notesNamedIn(message: string, notes: NotesStore, limits = NAMED_NOTE_LIMITS): { name: string; text: string }[] {
  if (!message) return [];
  const folded = foldText(message);
  const named: { name: string; text: string }[] = [];
  for (const summary of notes.list()) {
    if (named.length >= limits.notes) break;
    const names = [summary.name, summary.name.replace(/\.md$/, ""), summary.title].map(foldText).filter((n, i) => (i === 0 ? n.length > 3 : n.trim().length >= 5));
    if (!names.some((n) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, "u").test(folded))) continue;
    try {
      named.push({ name: summary.name, text: notes.read(summary.name).content.slice(0, limits.chars) });
    } catch {
      continue; // deleted or no longer readable since the list
    }
  }
  return named;
}

/** workspace/AGENTS.md, never through a link or a hard link planted in its place (null then, as when there is none). */
function readMemory(file: string, files: FileSealer): string | null {
  if (!lexists(file)) return null;
  try {
    return files.readContainedText(dirname(file), file).slice(0, 4000);
  } catch (err) {
    if (err instanceof NotContainedError) return null;
    throw err;
  }
}

export interface ContextDeps {
  threads: ThreadStore;
  notes: NotesStore;
  attachments: AttachmentsStore;
  /** workspace/AGENTS.md */
  memoryFile: string;
  /** How workspace files are encrypted (the data key); default: plain. */
  files?: FileSealer;
  historyTurns?: number;
}

export function createContextLoader(deps: ContextDeps): PhaseFn {
  return async (state) => {
    const attachments: ContextAttachment[] = [];
    for (const id of state.attachmentIds) {
      // A file still being read (a PDF, a scan) is waited for: the gate and the model need its text.
      await deps.attachments.whenRead(id);
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
        namedNotes: notesNamedIn(state.text, deps.notes),
        memory: readMemory(deps.memoryFile, deps.files ?? new FileSealer(dirname(deps.memoryFile), null)),
      },
    };
  };
}
