/** What the attachments panel says about a file: size limit, a friendly type, and how much was read. */
import { MAX_ATTACHMENT_BYTES, type Attachment } from "../../shared/contract";

export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

/** Checked before reading a file, so a huge file is refused at once with a clear reason. */
export function sizeProblem(file: { name: string; size: number }): Message | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return { key: "attachments.tooLarge", params: { name: file.name, limit: 20 } };
  if (file.size === 0) return { key: "attachments.empty", params: { name: file.name } };
  return null;
}

const TYPES: [RegExp, string][] = [
  [/pdf/, "pdf"],
  [/^image\//, "image"],
  [/markdown/, "markdown"],
  [/csv/, "csv"],
  [/json/, "json"],
  [/html/, "html"],
  [/xml/, "xml"],
  [/wordprocessingml|msword/, "word"],
  [/^text\//, "text"],
];

const EXTENSIONS: Record<string, string> = {
  pdf: "pdf", md: "markdown", txt: "text", csv: "csv", json: "json", html: "html", htm: "html", xml: "xml",
  doc: "word", docx: "word", png: "image", jpg: "image", jpeg: "image", gif: "image", heic: "image",
};

/** i18n key of a short type name ("PDF", "Text"). */
export function typeKey(mime: string, name: string): string {
  for (const [pattern, kind] of TYPES) if (pattern.test(mime)) return `attachments.type.${kind}`;
  const ext = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return `attachments.type.${EXTENSIONS[ext] ?? "other"}`;
}

/** Honest reading status: all pages, some pages ("read 4 of 40 pages"), or why nothing was read. */
export function readingStatus(a: Pick<Attachment, "pagesRead" | "pagesTotal" | "problem">): Message & { truncated: boolean; problem: boolean } {
  if (a.problem) return { key: "attachments.problem", params: { problem: a.problem }, truncated: false, problem: true };
  if (a.pagesRead === null || a.pagesTotal === null) return { key: "attachments.notRead", truncated: false, problem: false };
  if (a.pagesRead < a.pagesTotal) {
    return { key: "attachments.readSome", params: { read: a.pagesRead, total: a.pagesTotal }, truncated: true, problem: false };
  }
  return { key: "attachments.readAll", params: { count: a.pagesTotal }, truncated: false, problem: false };
}
