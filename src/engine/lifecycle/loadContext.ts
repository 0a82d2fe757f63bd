/** Phase 1 — context load: history, notes, the attachments the user picked, workspace memory. */
import { existsSync, readFileSync } from "node:fs";
import type { AttachmentsStore } from "../workspace/attachmentsStore";
import type { NotesStore } from "../workspace/notesStore";
import type { ThreadStore } from "../threads/threadStore";
import type { PhaseFn } from "./graph";
import type { ContextAttachment } from "./state";

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
    return {
      context: {
        // The current message is appended after this phase; history is what came before it.
        history: deps.threads.history(state.threadId, deps.historyTurns ?? 12).filter((m) => m.turnId !== state.turnId),
        notes: deps.notes.list().map((n) => ({ name: n.name, title: n.title })),
        attachments,
        memory: existsSync(deps.memoryFile) ? readFileSync(deps.memoryFile, "utf8").slice(0, 4000) : null,
      },
    };
  };
}
