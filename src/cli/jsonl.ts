/** One line of a `--jsonl` stream: {"id", "text", …} checked the same way by every command. */

export type IdTextLine = { id: string; text: string; record: Record<string, unknown> } | { id: string | null; error: string };

/** Parses and checks one input line; never throws. */
export function parseIdTextLine(line: string): IdTextLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { id: null, error: "line is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { id: null, error: 'line must be a JSON object with "id" and "text"' };
  }
  const record = value as Record<string, unknown>;
  const id = typeof record.id === "string" ? record.id : typeof record.id === "number" ? String(record.id) : null;
  if (id === null) return { id: null, error: '"id" must be a string' };
  if (typeof record.text !== "string") return { id, error: '"text" must be a string' };
  return { id, text: record.text, record };
}
