/** Turns a title the user types into a valid note file name (contract: simple name ending in .md). */
import { NoteNameSchema } from "../../shared/contract";

export function noteNameFromTitle(title: string): string | null {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.md$/i, "")
    .replace(/[^A-Za-z0-9 _-]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[^A-Za-z0-9]+/, "")
    .trim()
    .slice(0, 76)
    .trim();
  if (!base) return null;
  const name = `${base}.md`;
  return NoteNameSchema.safeParse(name).success ? name : null;
}
