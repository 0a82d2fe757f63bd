/** Leftover drafting markers that must never ship in content the model reads or the user prints. */

const MARKERS: readonly [RegExp, string][] = [
  [/\bTODO\b/, "TODO"],
  [/\bFIXME\b/, "FIXME"],
  [/\blorem ipsum\b/i, "lorem ipsum"],
];

/** A message naming the first marker and its line, or null. Fill-in blanks (____) are fine. */
export function findPlaceholder(text: string): string | null {
  const all = text.split("\n");
  for (let i = 0; i < all.length; i++) {
    for (const [re, name] of MARKERS) if (re.test(all[i]!)) return `line ${i + 1} contains "${name}": finish or remove it`;
  }
  return null;
}
