/**
 * Whether an answer is something to print and hand to a doctor: an agenda, checklist or log has a
 * heading, a table or a few list items; "Happy to help — what is the visit for?" does not, and gets no
 * print buttons.
 */
export function looksLikeAgenda(markdown: string): boolean {
  const lines = markdown.split("\n");
  if (lines.some((l) => /^#{1,4}\s+\S/.test(l) || /^\s*\|.+\|\s*$/.test(l))) return true;
  return lines.filter((l) => /^\s*(?:[-*+]|\d+[.)])\s+\S/.test(l)).length >= 3;
}
