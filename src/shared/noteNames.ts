/**
 * Note file names from titles, the same rule for the user's notes (the renderer's Notes panel) and the
 * model's (the workspace-note tool): the title itself, accents folded to ASCII, case and spaces kept,
 * other characters turned into spaces ("Preguntas: cardiólogo (marzo)" → "Preguntas cardiologo marzo.md").
 * Names stay what the user would type, so the notes folder reads well in any file manager.
 *
 * Before this rule the model's notes were lower-case slugs ("visit-agenda.md"). Those files are never
 * renamed: noteFileFor keeps writing to such a file when it is the one already on disk, and a lookup by
 * title finds it through legacyNoteFileName.
 */
import { NoteNameSchema } from "./contract";
import { slugify, stripMarks } from "./text";

/** Longest title part of a name (the contract allows 80 characters before ".md"). */
export const NOTE_TITLE_MAX = 76;

/** The note file name for a title, or null when the title has no letters or digits (or breaks the contract). */
export function noteNameFromTitle(title: string): string | null {
  const base = stripMarks(title)
    .replace(/\.md$/i, "")
    .replace(/[^A-Za-z0-9 _-]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[^A-Za-z0-9]+/, "")
    .trim()
    .slice(0, NOTE_TITLE_MAX)
    .trim();
  if (!base) return null;
  const name = `${base}.md`;
  return NoteNameSchema.safeParse(name).success ? name : null;
}

/** A name for any title, for callers that cannot refuse one (the model's tool): "Note.md" when nothing is left. */
export function noteFileName(title: string): string {
  return noteNameFromTitle(title) ?? "Note.md";
}

/** The model's old name for a title ("Visit agenda" → "visit-agenda.md"), as it wrote them; read, never newly written. */
export function legacyNoteFileName(title: string): string {
  return `${slugify(title, 60) || "note"}.md`;
}

/**
 * Where a note with this title is written: the current name, unless only the old-style file of the same
 * title exists on disk, which is then updated in place (no rename, no second copy).
 */
export function noteFileFor(title: string, exists: (name: string) => boolean): string {
  const name = noteFileName(title);
  if (exists(name)) return name;
  const legacy = legacyNoteFileName(title);
  return legacy !== name && exists(legacy) ? legacy : name;
}
