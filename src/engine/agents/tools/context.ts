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
