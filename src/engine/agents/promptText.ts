/**
 * Prompt text hygiene: content files are wrapped at ~100 columns for people; models pay a token per
 * line break. Joining wrapped lines inside a paragraph or list item is free and byte-stable.
 */
const BLOCK_START = /^(\s*[-*+]\s|\s*\d+[.)]\s|#{1,6}\s|>|\||```)/;

export function unwrapMarkdown(text: string): string {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const prev = out.length ? out[out.length - 1]! : "";
    const joinable = line.trim() !== "" && prev.trim() !== "" && !BLOCK_START.test(line) && !/^#{1,6}\s/.test(prev) && !prev.startsWith("```");
    if (joinable) out[out.length - 1] = `${prev} ${line.trim()}`;
    else out.push(line);
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}
