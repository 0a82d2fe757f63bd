/**
 * Replaces deepagents' MemoryMiddleware by name. The library's version appends ~900 tokens of
 * coding-agent guidance on every call; Carefold only needs what the user asked it to remember
 * (workspace/AGENTS.md), read once per run and added only when there is something to add. It goes with
 * the conversation's first message, not the system prompt: the system prompt stays the same for every
 * user, so its evaluated state can be kept and reloaded (issue 14) without holding anything of theirs.
 */
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { BackendProtocolV2 } from "deepagents";
import { createMiddleware } from "langchain";
import { z } from "zod";

/** Memory is a short note, not a document: keep the prompt small. */
export const MEMORY_MAX_CHARS = 2000;

export function renderMemory(text: string): string {
  const trimmed = text.trim().slice(0, MEMORY_MAX_CHARS);
  return trimmed ? `## What the user asked Carefold to remember\n${trimmed}` : "";
}

export function createWorkspaceMemoryMiddleware(options: { backend: BackendProtocolV2; file: string }) {
  return createMiddleware({
    name: "MemoryMiddleware",
    stateSchema: z.object({ carefoldMemory: z.string().optional() }),
    async beforeAgent(state) {
      if ((state as { carefoldMemory?: string }).carefoldMemory !== undefined) return undefined;
      const [file] = (await options.backend.downloadFiles?.([options.file])) ?? [];
      const text = file?.content ? new TextDecoder().decode(file.content) : "";
      return { carefoldMemory: renderMemory(text) };
    },
    wrapModelCall(request, handler) {
      const memory = (request.state as { carefoldMemory?: string }).carefoldMemory;
      return handler(memory ? { ...request, messages: withMemory(request.messages, memory) } : request);
    },
  });
}

/** The messages with `memory` after the text of the first human message (where the conversation starts). */
export function withMemory(messages: readonly BaseMessage[], memory: string): BaseMessage[] {
  const at = messages.findIndex((m) => m.getType() === "human");
  if (at < 0) return [...messages];
  const first = messages[at]!;
  const content = typeof first.content === "string" ? `${first.content}\n\n${memory}` : [...first.content, { type: "text" as const, text: `\n\n${memory}` }];
  return [...messages.slice(0, at), new HumanMessage({ content, id: first.id }), ...messages.slice(at + 1)];
}
