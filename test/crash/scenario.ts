/** The crash test's scenario, shared by the killed engine process and the checks. */
export const NOTES = 2;

export const noteTitle = (n: number) => `Note ${n}`;

/** What note n holds once its approval is applied: the proposal (approve) or the user's edit. */
export function expectedNote(n: number, decision: "approve" | "edit"): string {
  const body = decision === "edit" ? "- my own words\n".repeat(40) : "- bring the medicine list\n".repeat(40);
  return `# Note ${n}${decision === "edit" ? " (edited)" : ""}\n\n${body}`;
}
