/**
 * Page text shared by every reader: whitespace tidied, then cut to the per-page and whole-document
 * character limits, each cut reported as a notice (nothing is dropped silently).
 */
import type { IngestLimits, IngestPage } from "../types";
import type { WorkerNotice } from "./protocol";

/** Trailing spaces and runs of blank lines are noise to the model; line breaks are kept. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function page(n: number, text: string, ocr: boolean): IngestPage {
  const tidied = tidy(text);
  return { n, text: tidied, ocr, empty: tidied === "", read: true, truncated: false };
}

export function notRead(n: number): IngestPage {
  return { n, text: "", ocr: false, empty: false, read: false, truncated: false };
}

/** Cuts at the last line break or space before the limit when there is one close by. */
function cut(text: string, max: number): string {
  const head = text.slice(0, max);
  const breakAt = Math.max(head.lastIndexOf("\n"), head.lastIndexOf(" "));
  return breakAt > max * 0.8 ? head.slice(0, breakAt) : head;
}

export function applyTextLimits(pages: IngestPage[], limits: IngestLimits): WorkerNotice[] {
  const notices: WorkerNotice[] = [];
  const cutPages: number[] = [];
  for (const p of pages) {
    if (p.text.length > limits.maxCharsPerPage) {
      p.text = cut(p.text, limits.maxCharsPerPage);
      p.truncated = true;
      cutPages.push(p.n);
    }
  }
  if (cutPages.length) notices.push({ code: "page_truncated", params: { pages: cutPages.join(","), chars: limits.maxCharsPerPage } });

  let budget = limits.maxTotalChars;
  let dropped = 0;
  for (const p of pages) {
    if (p.text.length <= budget) {
      budget -= p.text.length;
      continue;
    }
    p.text = budget > 0 ? cut(p.text, budget) : "";
    p.truncated = true;
    budget = 0;
    dropped++;
  }
  if (dropped) notices.push({ code: "text_truncated", params: { chars: limits.maxTotalChars, pages: dropped } });
  return notices;
}
