/**
 * "Add this question to my visit list" (issue 18, item 7): a question Carefold may not answer becomes a
 * line of the user's own visit-questions note, in their words. The note is created with a heading when
 * it does not exist yet; an existing note keeps everything and gains one list item at the end.
 */
export function withQuestion(existing: string | null, heading: string, question: string): string {
  const item = `- ${question.replace(/\s+/g, " ").trim()}`;
  if (existing === null || existing.trim() === "") return `# ${heading}\n\n${item}\n`;
  if (existing.split("\n").some((l) => l.trim() === item)) return existing; // already on the list
  return `${existing.replace(/\s*$/, "")}\n${item}\n`;
}
