/**
 * What a visit agenda is called on paper and on disk: its own first heading ("Your visit agenda",
 * "Questions for your heart visit"), never the first message cut off mid-word; a file name made of
 * whole words of that title.
 */
import { slugify } from "../../shared/text";

const HEADING = /^#{1,3}\s+(.+?)\s*#*\s*$/m;
/** Markdown emphasis and code marks, which a title on paper does not show. */
const MARKS = /[*_`~]+/g;

export function agendaTitle(markdown: string, fallback: string): string {
  const heading = HEADING.exec(markdown)?.[1]?.replace(MARKS, "").trim();
  return heading && /\p{L}/u.test(heading) ? heading.slice(0, 120) : fallback;
}

/** A slug of at most `max` characters that ends at a word boundary ("…-i-take" rather than "…-i-take-li"). */
export function wholeWordSlug(title: string, max = 40): string {
  const full = slugify(title, 1_000);
  if (full.length <= max) return full;
  const cut = full.slice(0, max + 1);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 0 ? cut.slice(0, boundary) : full.slice(0, max)).replace(/-+$/, "");
}
