/**
 * A whole conversation as a text file anyone can open: its title and date, then each question and
 * answer in order, each labelled with who said it. Emergency turns keep what the app showed.
 */
import type { ChatMessage } from "../state/conversation";

export function conversationText(title: string, dateLine: string, messages: ChatMessage[], label: { you: string; carefold: string }): string {
  const parts = messages
    .filter((m) => m.text.trim() !== "")
    .map((m) => `${m.role === "user" ? label.you : label.carefold}:\n${m.text.trim()}`);
  return `${title}\n${dateLine}\n\n${parts.join("\n\n")}\n`;
}
