/**
 * Orchestrator: puts the consult plan, the specialist's part in it, and earlier specialists' outputs
 * (pipeline) in front of the user's question. It edits the first user message, never the system
 * prompt, so the cached prompt prefix stays byte-stable.
 */
import { HumanMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";

export interface Briefing {
  /** One line: who is working on what. */
  plan: string;
  /** This specialist's part. */
  task: string;
  prior: { title: string; text: string }[];
}

export function renderBriefing(b: Briefing): string {
  const parts = [`# CONSULT PLAN\n${b.plan}\nYour part: ${b.task}`];
  if (b.prior.length) {
    parts.push(`# PRIOR SPECIALIST OUTPUTS\n${b.prior.map((p) => `## ${p.title}\n${p.text.trim()}`).join("\n\n")}`);
  }
  return parts.join("\n\n");
}

export function createOrchestratorMiddleware(briefing: Briefing | null) {
  const block = briefing ? renderBriefing(briefing) : null;
  return createMiddleware({
    name: "OrchestratorMiddleware",
    wrapModelCall(request, handler) {
      if (!block) return handler(request);
      const index = request.messages.findIndex((m) => m instanceof HumanMessage);
      if (index === -1) return handler(request);
      const first = request.messages[index]!;
      const text = typeof first.content === "string" ? first.content : JSON.stringify(first.content);
      const messages = request.messages.slice();
      messages[index] = new HumanMessage({ id: first.id, content: `${block}\n\n# USER\n${text}` });
      return handler({ ...request, messages });
    },
  });
}
