/**
 * The engine ends every answer with one canonical footer (an italic paragraph: helps you prepare, not a
 * doctor, not emergency care). The printed agenda shows it once, at the foot of the page, instead of
 * once in the body and again in the page's own footer.
 */

/** How the canonical footer begins, in each language the engine writes. */
const FOOTER_OPENINGS = ["Carefold helps you prepare and organize.", "Carefold le ayuda a prepararse y organizarse."];

export interface SplitAgenda {
  /** The agenda without its closing footer paragraph. */
  body: string;
  /** The footer's plain text, or null when the answer has none. */
  footer: string | null;
}

export function splitFooter(markdown: string): SplitAgenda {
  const text = markdown.trimEnd();
  const cut = text.lastIndexOf("\n\n");
  const last = (cut === -1 ? text : text.slice(cut + 2)).trim();
  // Emphasis markers around the whole paragraph only (_…_ or *…*); the words inside stay as they are.
  const plain = last.replace(/^([_*]{1,2})([\s\S]*)\1$/, "$2").trim();
  if (!FOOTER_OPENINGS.some((opening) => plain.startsWith(opening))) return { body: markdown, footer: null };
  return { body: cut === -1 ? "" : text.slice(0, cut).trimEnd() + "\n", footer: plain };
}
