/** What Carefold's registry tools may touch: the user's stores and the read-only content. */
import type { ContentSet } from "../../content";
import type { AttachmentsStore } from "../../workspace/attachmentsStore";
import type { NotesStore } from "../../workspace/notesStore";

export interface ToolContext {
  content: ContentSet;
  attachments: AttachmentsStore;
  notes: NotesStore;
  /** Attachments the user picked for this consult (attach-read may only read these). */
  attachmentIds: readonly string[];
  sanitizePii(text: string): { text: string; findings: { type: string; count: number }[] };
}

/** A note file name for a title: the same rule as the contract's NoteNameSchema. */
export function noteFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "note"}.md`;
}
