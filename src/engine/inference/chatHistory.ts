/**
 * LangChain messages → node-llama-cpp chat history. An AI message with tool calls, its tool results and the
 * AI message that follows form one model turn (`response: [text, functionCall+result, text]`), which is how
 * the chat wrapper renders a continued turn. Each call's previous `raw` text is passed back as `rawCall`,
 * so the re-rendered prompt is token-identical to what the model generated and the KV cache still hits.
 */
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse, LlamaTextJSON } from "node-llama-cpp";
import { flattenContent } from "./flattenMessages";

/** Where the raw function-call text of each tool call id travels inside `AIMessage.additional_kwargs`. */
export const RAW_CALLS_KEY = "llama_cpp_raw_calls";

export type RawCalls = Record<string, LlamaTextJSON>;

/** Tool results that are JSON stay structured (rendered as JSON); anything else is a string. */
function toolResultValue(text: string): unknown {
  const trimmed = text.trim();
  if ((trimmed.startsWith("{") && trimmed.endsWith("}")) || (trimmed.startsWith("[") && trimmed.endsWith("]"))) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}

interface ToolCallLike {
  id?: string;
  name: string;
  args: unknown;
}

export function toChatHistory(messages: readonly BaseMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const callsById = new Map<string, ChatModelFunctionCall>();
  const pendingCalls: ChatModelFunctionCall[] = [];
  let openModelTurn: ChatModelResponse | null = null;

  for (const message of messages) {
    const type = message.getType();
    if (type === "system") {
      history.push({ type: "system", text: flattenContent(message.content) });
      openModelTurn = null;
    } else if (type === "human" || type === "generic") {
      history.push({ type: "user", text: flattenContent(message.content) });
      openModelTurn = null;
    } else if (type === "ai") {
      if (!openModelTurn) {
        openModelTurn = { type: "model", response: [] };
        history.push(openModelTurn);
      }
      const text = flattenContent(message.content);
      if (text.length > 0) openModelTurn.response.push(text);
      const toolCalls = ((message as { tool_calls?: ToolCallLike[] }).tool_calls ?? []) as ToolCallLike[];
      const raw = (message.additional_kwargs?.[RAW_CALLS_KEY] ?? {}) as RawCalls;
      toolCalls.forEach((call, index) => {
        const entry: ChatModelFunctionCall = {
          type: "functionCall",
          name: call.name,
          params: call.args,
          result: undefined,
          startsNewChunk: index === 0,
        };
        const rawCall = call.id ? raw[call.id] : undefined;
        if (rawCall) entry.rawCall = rawCall;
        openModelTurn!.response.push(entry);
        if (call.id) callsById.set(call.id, entry);
        pendingCalls.push(entry);
      });
    } else if (type === "tool") {
      const id = (message as { tool_call_id?: string }).tool_call_id;
      const entry = (id && callsById.get(id)) || pendingCalls.find((c) => c.result === undefined);
      const result = toolResultValue(flattenContent(message.content));
      if (entry) {
        entry.result = result;
        pendingCalls.splice(pendingCalls.indexOf(entry), 1);
      } else {
        // A result without a matching call: keep the information rather than dropping it.
        history.push({ type: "user", text: `Tool result: ${flattenContent(message.content)}` });
        openModelTurn = null;
      }
    } else {
      throw new Error(`Unsupported message type for the local model: ${type}`);
    }
  }
  return history;
}
