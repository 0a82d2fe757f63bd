/**
 * Message content as plain strings. Tools such as deepagents' read_file return content blocks
 * (`[{type:"text", text}]`); ChatOllama throws "Non string tool message content is not supported" on them and
 * small OpenAI-compatible servers reject them, so every provider gets strings.
 */
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  type BaseMessage,
  type MessageContent,
} from "@langchain/core/messages";

/** Text of any LangChain content: strings as-is, text blocks joined by newlines, other blocks skipped. */
export function flattenContent(content: MessageContent | undefined): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  return content
    .map((block) => {
      if (typeof block === "string") return block;
      if (block.type === "text" && typeof block.text === "string") return block.text;
      return "";
    })
    .filter((text) => text.length > 0)
    .join("\n");
}

const hasNonTextBlocks = (content: MessageContent) =>
  Array.isArray(content) && content.some((b) => typeof b !== "string" && b.type !== "text");

/** Returns messages whose content is a string; human messages with images are left as they are. */
export function flattenMessages(messages: readonly BaseMessage[]): BaseMessage[] {
  return messages.map((message) => {
    if (typeof message.content === "string") return message;
    const text = flattenContent(message.content);
    const common = { content: text, id: message.id, name: message.name, additional_kwargs: message.additional_kwargs };
    switch (message.getType()) {
      case "tool": {
        const tool = message as ToolMessage;
        return new ToolMessage({ ...common, tool_call_id: tool.tool_call_id, status: tool.status, artifact: tool.artifact });
      }
      case "system":
        return new SystemMessage(common);
      case "ai": {
        const ai = message as AIMessage;
        return new AIMessage({
          ...common,
          tool_calls: ai.tool_calls,
          invalid_tool_calls: ai.invalid_tool_calls,
          response_metadata: ai.response_metadata,
          usage_metadata: ai.usage_metadata,
        });
      }
      case "human":
        return hasNonTextBlocks(message.content) ? message : new HumanMessage(common);
      default:
        return message;
    }
  });
}
