/**
 * Just enough Markdown structure for the content rules: headings (outside code fences), the text of
 * a section, list items with their wrapped continuation lines, and references/… mentions.
 */

export interface Heading {
  level: number;
  title: string;
  /** 0-based line index in the text. */
  line: number;
}

export function lines(text: string): string[] {
  return text.split("\n");
}

export function headings(text: string): Heading[] {
  const out: Heading[] = [];
  let fence: string | null = null;
  lines(text).forEach((raw, line) => {
    const fenceMatch = /^\s*(```|~~~)/.exec(raw);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1]!;
      else if (fenceMatch[1] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    if (m) out.push({ level: m[1]!.length, title: m[2]!, line });
  });
  return out;
}

/** Case, spacing, dashes and trailing punctuation folded, so "Choose the top 3-5 questions:" matches. */
export function normalizeTitle(title: string): string {
  return title
    .replace(/[*_`]/g, "")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.:]+$/, "")
    .toLowerCase();
}

/**
 * Body text of the first `## title` section (up to the next heading of level ≤ 2), or null when absent.
 * `match` compares normalized titles; the default is equality.
 */
export function section(
  text: string,
  title: string,
  match: (normalized: string, wanted: string) => boolean = (a, b) => a === b,
): string | null {
  const all = headings(text);
  const wanted = normalizeTitle(title);
  const idx = all.findIndex((h) => h.level === 2 && match(normalizeTitle(h.title), wanted));
  if (idx < 0) return null;
  const start = all[idx]!.line + 1;
  const next = all.slice(idx + 1).find((h) => h.level <= 2);
  return lines(text)
    .slice(start, next ? next.line : undefined)
    .join("\n");
}

export interface ListItem {
  /** "-", "*", "+" or the number of an ordered item. */
  marker: string;
  /** Item text with wrapped continuation lines joined by a space. */
  text: string;
  /** Leading spaces of the marker line (0 for a top-level item). */
  indent: number;
}

/**
 * List items and paragraphs of a block. A Markdown line break inside a bullet is not a new statement,
 * so continuation lines are joined to their item; a blank line ends it. Paragraph text outside a list
 * becomes an item with marker "".
 */
export function blocks(text: string): ListItem[] {
  const out: ListItem[] = [];
  let current: ListItem | null = null;
  for (const raw of lines(text)) {
    if (raw.trim() === "") {
      current = null;
      continue;
    }
    const m = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(raw);
    if (m) {
      current = { marker: m[2]!.replace(/[.)]$/, ""), text: m[3]!.trim(), indent: m[1]!.length };
      out.push(current);
    } else if (current) {
      current.text += ` ${raw.trim()}`;
    } else {
      current = { marker: "", text: raw.trim(), indent: 0 };
      out.push(current);
    }
  }
  return out;
}

/** Every `references/<file>` named in the text (the file part stops at spaces, quotes and brackets). */
export function referenceMentions(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/references\/([^\s`'"()[\]<>,;|*]+)/g)) {
    const name = m[1]!.replace(/[.:]+$/, ""); // sentence punctuation after the name
    if (name) found.add(name);
  }
  return [...found];
}

/** Words in running text (headings excluded): for length rules. */
export function wordCount(text: string): number {
  return lines(text)
    .filter((l) => !/^\s*#/.test(l))
    .join(" ")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function firstNonEmptyLine(text: string): { text: string; line: number } | null {
  const all = lines(text);
  for (let i = 0; i < all.length; i++) if (all[i]!.trim() !== "") return { text: all[i]!.trim(), line: i };
  return null;
}
