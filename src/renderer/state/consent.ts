/**
 * The consent prompt: a consult that needs a health (clinical_assist) specialist the user has not
 * allowed yet. It remembers the question so it can be re-sent once the user allows it.
 */
import type { EngineEvent, EventOf } from "../../shared/contract";

export interface ConsentPrompt {
  threadId: string;
  turnId: string;
  agents: EventOf<"consent.required">["agents"];
  /** The question to re-send after consent; null until known. */
  question: string | null;
}

export type ConsentAction =
  | { type: "event"; event: EngineEvent; questionOf(turnId: string): string | null }
  | { type: "dismiss" };

export function consentReducer(state: ConsentPrompt | null, action: ConsentAction): ConsentPrompt | null {
  if (action.type === "dismiss") return null;
  const event = action.event;
  if (event.type !== "consent.required") return state;
  return { threadId: event.threadId, turnId: event.turnId, agents: event.agents, question: action.questionOf(event.turnId) };
}

/** What "allow" sends: one consent.set per specialist, or a single global grant. */
export function consentRequests(
  prompt: ConsentPrompt,
  scope: "agent" | "global",
): ({ scope: "global"; granted: true } | { scope: "agent"; agentId: string; granted: true })[] {
  if (scope === "global") return [{ scope: "global", granted: true }];
  return prompt.agents.map((a) => ({ scope: "agent" as const, agentId: a.id, granted: true as const }));
}
