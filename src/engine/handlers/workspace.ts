/** The user's files: attachments and saved notes. */
import { EngineError } from "../../shared/rpc";
import { noticeText } from "../documents";
import type { AttachmentsStore } from "../workspace/attachmentsStore";
import type { NotesStore } from "../workspace/notesStore";
import type { Handlers } from "./types";

type WorkspaceRequests = "attachments.add" | "attachments.list" | "attachments.read" | "attachments.remove" | "notes.list" | "notes.read" | "notes.write" | "notes.delete";

export function workspaceHandlers(attachments: AttachmentsStore, notes: NotesStore, language: () => "en" | "es" = () => "en"): Handlers<WorkspaceRequests> {
  return {
    "attachments.add": async (input) => attachments.add(input.name, input.dataBase64, input.mime),
    "attachments.list": async () => attachments.list(),
    "attachments.read": async ({ id }) => {
      const attachment = attachments.get(id);
      if (!attachment) throw new EngineError("not_found", `No attachment with id ${id}`);
      const doc = attachments.document(id);
      return {
        attachment,
        pages: doc?.pages ?? [],
        table: doc?.table ?? null,
        structured: doc?.structured ?? null,
        notices: doc?.notices.map((n) => noticeText(n as Parameters<typeof noticeText>[0], language())) ?? [],
      };
    },
    "attachments.remove": async (input) => ({ removed: attachments.remove(input.id) }),
    "notes.list": async () => notes.list(),
    "notes.read": async (input) => notes.read(input.name),
    "notes.write": async (input) => notes.write(input.name, input.content, input.expectedRevision),
    "notes.delete": async (input) => ({ deleted: notes.delete(input.name) }),
  };
}
