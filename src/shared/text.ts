/**
 * Text folding and slugs, one rule for the engine and the renderer: note names (whichever side makes
 * them), the agenda export's file name and the catalog's words. Pure string functions, no I/O.
 */

const MARKS = /\p{M}+/gu;

/** Accents removed, case kept: NFKD, then every combining mark dropped ("Corazón" → "Corazon"). */
export function stripMarks(text: string): string {
  return text.normalize("NFKD").replace(MARKS, "");
}

/** Lower case, accents removed: NFKD, combining marks dropped, lower-cased ("Riñón" → "rinon"). */
export function foldText(text: string): string {
  return stripMarks(text).toLowerCase();
}

/**
 * A file-name-safe slug: folded text, every run of anything but a–z and 0–9 turned into one "-", no
 * leading or trailing "-", at most `maxLength` characters (cut, then trailing "-" trimmed). "" when
 * nothing is left ("¿?"). "Cita del corazón" → "cita-del-corazon": the words stay readable, in ASCII.
 */
export function slugify(text: string, maxLength = 60): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, Math.max(0, maxLength))
    .replace(/-+$/, "");
}

/**
 * Text safe for a terminal or a plain-text export: every control character except newline and tab is
 * removed — ESC (so no colour, cursor, clear-screen or OSC-8 link sequence can form, even split across
 * streamed pieces), carriage return (which could overwrite a line), and the C1 controls.
 */
export function stripTerminalControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");
}

