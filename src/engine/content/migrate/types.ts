/** Shapes shared by the legacy-pack migration (ADR-0003 §9): its input tree, its plan and its report. */

/** A legacy agent or skill folder, read into memory: path inside the folder → raw bytes. */
export interface LegacyFolder {
  /** Folder name under agents/ or skills/. */
  id: string;
  /** Every regular file under the folder, keyed by its path relative to it (forward slashes). */
  files: Map<string, Buffer>;
}

/** A legacy content tree: what `readLegacyTree` finds under `<legacy-dir>`. */
export interface LegacyTree {
  agents: LegacyFolder[];
  skills: LegacyFolder[];
  /** Notes from reading the tree (links not followed, stray entries, unreadable files). */
  notes: MigrationNote[];
}

/**
 * One line of the report. `change`: something the migration did to reach the canonical layout.
 * `unplaced`: a legacy field or text with no place in the canonical layout, left out of the output.
 * `error`: an agent or skill (or one of its files) that could not be migrated at all.
 */
export type NoteKind = "change" | "unplaced" | "error";

export interface MigrationNote {
  /** Path relative to the legacy root (for unplaced/error) or the output root (for change). */
  path: string;
  kind: NoteKind;
  field?: string;
  message: string;
}

/** A file of the output tree. */
export interface PlannedFile {
  /** Relative to the output root, forward slashes. */
  path: string;
  content: Buffer;
}

/** What migrating a tree produces, before anything is written. */
export interface MigrationPlan {
  files: PlannedFile[];
  notes: MigrationNote[];
  /** Folders left out because they could not be migrated (their `error` notes say why). */
  skipped: { agents: string[]; skills: string[] };
}

export type FileAction = "create" | "update" | "unchanged";

export interface WrittenFile {
  path: string;
  action: FileAction;
}

export function note(path: string, kind: NoteKind, message: string, field?: string): MigrationNote {
  return field === undefined ? { path, kind, message } : { path, kind, field, message };
}
