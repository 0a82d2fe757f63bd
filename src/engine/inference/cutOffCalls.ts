/**
 * Tool calls cut off by the token limit. Generation stops mid-call, and LangChain's chunk merging runs
 * the partial-JSON parser on what arrived, which turns `{"file_path": "/skills/vis` into a *valid* call
 * with truncated arguments. A call from a response that stopped at the token limit is therefore never
 * trusted: it becomes an invalid tool call (`invalid_tool_calls`), which nothing executes.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { InvalidToolCall, ToolCall, ToolCallChunk } from "@langchain/core/messages/tool";

export const CUT_OFF_ERROR = "cut off by the token limit";

/** Finish reasons meaning "the token limit was reached": node-llama-cpp, Ollama/OpenAI, Anthropic. */
const TOKEN_LIMIT_STOPS = new Set(["maxTokens", "length", "max_tokens"]);

export function stopReasonOf(message: BaseMessage): string | null {
  const meta = (message.response_metadata ?? {}) as Record<string, unknown>;
  const reason = meta["finish_reason"] ?? meta["done_reason"] ?? meta["stop_reason"];
  return typeof reason === "string" ? reason : null;
}

export function stoppedAtTokenLimit(message: BaseMessage): boolean {
  const reason = stopReasonOf(message);
  return reason !== null && TOKEN_LIMIT_STOPS.has(reason);
}

/**
 * A stream chunk for a call that must stay invalid once chunks are merged: LangChain reports a chunk
 * without an id as an invalid call whatever its arguments parse to.
 */
export function invalidCallChunk(call: { name: string; args: string }, index: number): ToolCallChunk {
  return { type: "tool_call_chunk", name: call.name, args: call.args, index };
}

/**
 * The backstop for every provider and path: when a response stopped at the token limit and the provider
 * reported no invalid call, the last tool call is the one that was being written — it becomes invalid.
 * (Earlier calls in the same response were finished before the limit.)
 */
export function invalidateCutOffCall(message: AIMessage): AIMessage {
  const calls: ToolCall[] = message.tool_calls ?? [];
  const invalid: InvalidToolCall[] = message.invalid_tool_calls ?? [];
  if (!stoppedAtTokenLimit(message) || calls.length === 0 || invalid.length > 0) return message;
  const last = calls[calls.length - 1]!;
  return new AIMessage({
    id: message.id,
    name: message.name,
    content: message.content,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    usage_metadata: message.usage_metadata,
    tool_calls: calls.slice(0, -1),
    invalid_tool_calls: [{ type: "invalid_tool_call", id: last.id, name: last.name, args: JSON.stringify(last.args ?? {}), error: CUT_OFF_ERROR }],
  });
}
