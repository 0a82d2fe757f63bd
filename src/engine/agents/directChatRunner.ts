/**
 * The simplest specialist: one streamed chat completion with the specialist's system prompt.
 * Tokens pass through the output guard before they are emitted; a blocked answer is replaced.
 */
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { ModelProvider } from "../inference/types";
import type { SpecialistRunner } from "../lifecycle/dispatch";
import type { OutputGuardFactory } from "../lifecycle/outputGuard";
import type { ConsultContext } from "../lifecycle/state";

export interface DirectChatDeps {
  provider: ModelProvider;
  systemPrompt(agentId: string): string;
  guard: OutputGuardFactory;
}

export function contextBlock(context: ConsultContext | null): string {
  if (!context) return "";
  const parts: string[] = [];
  for (const a of context.attachments) {
    const truncation = a.pagesRead !== null && a.pagesTotal !== null && a.pagesRead < a.pagesTotal ? ` (read ${a.pagesRead} of ${a.pagesTotal} pages)` : "";
    parts.push(a.text ? `Attachment "${a.name}"${truncation}:\n${a.text}` : `Attachment "${a.name}": ${a.problem ?? "no readable text"}`);
  }
  return parts.join("\n\n");
}

export function chunkText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((p) => (typeof p === "string" ? p : p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("");
  }
  return "";
}

export function createDirectChatRunner(deps: DirectChatDeps): SpecialistRunner {
  return async ({ task, prior, state, io, live }) => {
    const model = await deps.provider.getChatModel({ key: `${state.threadId}:${task.agent}` });
    const messages: BaseMessage[] = [new SystemMessage(deps.systemPrompt(task.agent))];
    for (const m of state.context?.history ?? []) {
      messages.push(m.role === "user" ? new HumanMessage(m.content) : new AIMessage(m.content));
    }
    const extra = [contextBlock(state.context), ...prior.map((p) => `Prior specialist output (${p.agent}):\n${p.text}`)]
      .filter(Boolean)
      .join("\n\n");
    messages.push(new HumanMessage(extra ? `${state.text}\n\n${extra}` : state.text));

    const guard = deps.guard(state.language);
    let shown = "";
    const emit = (text: string) => {
      if (!text) return;
      shown += text;
      if (live) io.emit({ type: "token", turnId: state.turnId, threadId: state.threadId, text });
    };
    const stream = await model.stream(messages, { signal: io.signal });
    for await (const chunk of stream) {
      emit(guard.push(chunkText(chunk.content)));
      if (guard.blocked) break;
    }
    if (!guard.blocked) emit(guard.end());
    if (guard.blocked) return guard.blocked.message ?? "";
    return shown;
  };
}
