/**
 * What the app says about a file's reading, wherever the file is shown (the composer, a sent message,
 * the Attachments tab): still reading (page n of m, or the scan by OCR), read in full or in part, read
 * with OCR, the structured data found in it, or why Carefold could not read it. Pure, so it is tested.
 */
import type { Attachment, EventOf } from "../../shared/contract";
import type { Message } from "./attachmentFiles";

/** The latest attachment.progress event of a file still being read. */
export type ReadProgress = Pick<EventOf<"attachment.progress">, "page" | "pages" | "stage">;

export type FileTone = "reading" | "read" | "partial" | "failed";

export interface FileState {
  tone: FileTone;
  /** The main line ("Reading page 3 of 12…", "Read in full (2 pages).", "Carefold could not read this file: …"). */
  lines: Message[];
}

type Reading = Pick<Attachment, "status" | "pagesRead" | "pagesTotal" | "problem" | "ocrPages" | "structured">;

/** Structured data kinds worth a trend chart. */
export const TREND_KINDS = ["bp_log", "glucose_log"] as const;

export function hasTrend(a: Pick<Attachment, "structured">): boolean {
  return a.structured !== null && (TREND_KINDS as readonly string[]).includes(a.structured);
}

function progressLine(progress: ReadProgress | null | undefined): Message {
  if (!progress || progress.pages === 0) return { key: "files.reading" };
  const page = Math.max(1, Math.min(progress.page, progress.pages));
  return { key: progress.stage === "ocr" ? "files.readingScan" : "files.readingPage", params: { page, pages: progress.pages } };
}

/**
 * The file's state in words. `sending` adds what that means for the next question: a file still being
 * read is waited for, and a file that could not be read is said plainly not to be read with it.
 */
export function fileState(a: Reading, progress?: ReadProgress | null, sending = false): FileState {
  if (a.status === "reading") {
    const lines = [progressLine(progress)];
    if (sending) lines.push({ key: "files.waitsForReading" });
    return { tone: "reading", lines };
  }
  if (a.status === "failed" || a.problem) {
    const lines: Message[] = [a.problem ? { key: "files.couldNotRead", params: { problem: a.problem } } : { key: "files.couldNotReadPlain" }];
    if (sending) lines.push({ key: "files.willNotBeRead" });
    return { tone: "failed", lines };
  }
  const lines: Message[] = [];
  let tone: FileTone = "read";
  if (a.pagesRead === null || a.pagesTotal === null) lines.push({ key: "attachments.notRead" });
  else if (a.pagesRead < a.pagesTotal) {
    tone = "partial";
    lines.push({ key: "attachments.readSome", params: { read: a.pagesRead, total: a.pagesTotal } });
  } else lines.push({ key: "attachments.readAll", params: { count: a.pagesTotal } });
  if (a.ocrPages > 0) lines.push({ key: "files.readWithOcr", params: { count: a.ocrPages } });
  if (a.structured) lines.push({ key: `files.found.${a.structured}` });
  return { tone, lines };
}

/** One short word for a sent message's file list ("read", "partly read", "not read", "reading"). */
export function shortStateKey(a: Reading): string {
  return `files.short.${fileState(a).tone}`;
}
