/**
 * One file change per model turn. The human-in-the-loop middleware decides a turn's tool calls as a
 * batch, and one rejection drops every approved call in it; asking about one change at a time keeps
 * each decision exactly what the user chose. Read-only calls in the same turn are unaffected; the
 * model can propose the next change after this one is decided.
 */
import { AIMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";

export function createOneChangeAtATimeMiddleware(changingTools: readonly string[]) {
  const changing = new Set(changingTools);
  return createMiddleware({
    name: "OneChangeAtATimeMiddleware",
    async wrapModelCall(request, handler) {
      const response = await handler(request);
      if (!AIMessage.isInstance(response)) return response;
      const calls = response.tool_calls ?? [];
      const changes = calls.filter((c) => changing.has(c.name));
      if (changes.length <= 1) return response;
      const kept = calls.filter((c) => !changing.has(c.name) || c === changes[0]);
      return new AIMessage({ id: response.id, content: response.content, tool_calls: kept }) as unknown as typeof response;
    },
  });
}
