/**
 * Unified-diff parsing for the approval dialog. Each line keeps its kind and old/new line numbers so
 * the view can label additions and removals in words, not by colour alone.
 */

export type DiffLineKind = "file" | "hunk" | "add" | "remove" | "context" | "note";

export interface DiffLine {
  kind: DiffLineKind;
  /** The line's text without its +/-/space marker. */
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

export interface DiffSummary {
  added: number;
  removed: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Hunk headers give how many old and new lines follow, so a removed line that itself starts with
 * "--" is never mistaken for a file header.
 */
export function parseUnifiedDiff(diff: string): DiffLine[] {
  const lines = diff.replace(/\r\n/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out: DiffLine[] = [];
  let oldNo = 0;
  let newNo = 0;
  let oldLeft = 0;
  let newLeft = 0;
  for (const raw of lines) {
    const inHunk = oldLeft > 0 || newLeft > 0;
    const hunk = inHunk ? null : HUNK.exec(raw);
    if (hunk) {
      oldNo = Number(hunk[1]);
      newNo = Number(hunk[3]);
      oldLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      newLeft = hunk[4] === undefined ? 1 : Number(hunk[4]);
      out.push({ kind: "hunk", text: raw, oldLine: null, newLine: null });
    } else if (raw.startsWith("\\")) {
      out.push({ kind: "note", text: raw.slice(1).trim(), oldLine: null, newLine: null });
    } else if (!inHunk) {
      out.push({ kind: "file", text: raw, oldLine: null, newLine: null });
    } else if (raw.startsWith("+")) {
      out.push({ kind: "add", text: raw.slice(1), oldLine: null, newLine: newNo++ });
      newLeft--;
    } else if (raw.startsWith("-")) {
      out.push({ kind: "remove", text: raw.slice(1), oldLine: oldNo++, newLine: null });
      oldLeft--;
    } else {
      out.push({ kind: "context", text: raw.startsWith(" ") ? raw.slice(1) : raw, oldLine: oldNo++, newLine: newNo++ });
      oldLeft--;
      newLeft--;
    }
  }
  return out;
}

export function summarizeDiff(lines: DiffLine[]): DiffSummary {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === "add") added++;
    else if (l.kind === "remove") removed++;
  }
  return { added, removed };
}
