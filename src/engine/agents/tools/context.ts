/** What Carefold's registry tools may touch: the user's stores and the read-only content. */
import type { ContentSet } from "../../content";
import type { FreeTextReader } from "../../documents/freeText";
import type { AttachmentsStore } from "../../workspace/attachmentsStore";
import type { NotesStore } from "../../workspace/notesStore";

export interface ToolContext {
  content: ContentSet;
  attachments: AttachmentsStore;
  notes: NotesStore;
  /** Attachments the user picked for this consult (attach-read may only read these). */
  attachmentIds: readonly string[];
  /** The grammar-constrained model call for free text; absent when no model can serve it. */
  readFreeText?: FreeTextReader;
  sanitizePii(text: string): { text: string; findings: { type: string; count: number }[] };
}
