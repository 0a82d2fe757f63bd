/** Conversations: list, read, rename, delete (deleting deletes), delete everything, and agenda export. */
import { EngineError } from "../../shared/rpc";
import { stripTerminalControls } from "../../shared/text";
import { engineText, type EngineLanguage } from "../i18n";
import { agendaTitle, wholeWordSlug } from "../synthesis/agendaTitle";
import type { ConsultService } from "../consult/consultService";
import type { Eraser } from "../erasure/eraser";
import type { ThreadStore } from "../threads/threadStore";
import type { Handlers } from "./types";

type ThreadRequests = "threads.list" | "threads.get" | "threads.rename" | "threads.delete" | "data.deleteAll" | "agenda.export";

export function threadHandlers(
  threads: ThreadStore,
  consult: ConsultService,
  eraser: Eraser,
  language: () => EngineLanguage = () => "en",
  /** The medicines the user listed or attached in a thread, as written (the agenda's "Medicines" list). */
  medicines: (threadId: string) => string[] = () => [],
): Handlers<ThreadRequests> {
  const threadOrThrow = (threadId: string) => {
    const thread = threads.summary(threadId);
    if (!thread) throw new EngineError("not_found", `No conversation with id ${threadId}`);
    return thread;
  };
  return {
    "threads.list": async () => threads.list(),
    "threads.get": async (input) => ({ thread: threadOrThrow(input.threadId), messages: threads.messages(input.threadId) }),
    "threads.rename": async (input) => {
      threadOrThrow(input.threadId);
      threads.rename(input.threadId, input.title);
      return threadOrThrow(input.threadId);
    },
    "threads.delete": async (input) => {
      // A running turn would write checkpoints again after the delete: stop it first.
      await consult.stopTurns(input.threadId);
      return { deleted: eraser.eraseThread(input.threadId) };
    },
    "data.deleteAll": async () => {
      await consult.stopTurns(null);
      return eraser.eraseAll();
    },
    "agenda.export": async (input) => {
      const thread = threadOrThrow(input.threadId);
      const answers = threads
        .messages(input.threadId)
        .filter((m) => m.role === "assistant" && (m.outcome === "answered" || m.outcome === null))
        .filter((m) => !input.turnId || m.turnId === input.turnId);
      const answer = answers.at(-1);
      if (!answer) throw new EngineError("not_found", "There is no answer to export in this conversation yet");
      const day = answer.createdAt.slice(0, 10);
      // The agenda's own heading names it, else the conversation's title (whole words), else "Visit agenda".
      const title = agendaTitle(answer.text, /\p{L}/u.test(thread.title) ? thread.title : engineText(language(), "agenda.exportTitle"));
      // The title and the Markdown keep every letter; the file name is an ASCII slug of whole words of the
      // title with accents folded ("Cita del corazón" → "…-cita-del-corazon"), safe on every file system.
      const slug = wholeWordSlug(title, 40) || "visit";
      // No control characters in an export: a terminal or editor showing it is never driven by it.
      return {
        fileName: `carefold-agenda-${day}-${slug}`,
        title: stripTerminalControls(title),
        markdown: stripTerminalControls(answer.text),
        medicines: medicines(input.threadId).map(stripTerminalControls),
      };
    },
  };
}
