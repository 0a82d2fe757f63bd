/**
 * Running one LlamaChat.generateResponse with functions and turning its result into LangChain tool calls.
 * Grammar-constrained params can still fail: an integer has no digit limit, so a model can produce one that
 * fails validation and generateResponse throws; a call cut off by maxTokens never completes. We retry a
 * failed call once with some randomness, and otherwise report it as an invalid tool call instead of throwing.
 */
import { randomUUID } from "node:crypto";
import type { InvalidToolCall, ToolCall } from "@langchain/core/messages/tool";
import type {
  ChatHistoryItem,
  ChatModelFunctions,
  LLamaChatGenerateResponseOptions,
  LlamaChatResponse,
  LlamaTextJSON,
} from "node-llama-cpp";
import type { RawCalls } from "./chatHistory";
import { stripOptionalNulls, type ToolDefinition } from "./toolSchema";

export type ResponseOptions = LLamaChatGenerateResponseOptions<ChatModelFunctions>;

/** The part of LlamaChat this module needs (a structural type, so the retry logic is testable alone). */
export interface ResponseGenerator {
  generateResponse(history: ChatHistoryItem[], options: ResponseOptions): Promise<LlamaChatResponse<ChatModelFunctions>>;
}

interface CompletedCall {
  functionName: string;
  params: unknown;
  raw: LlamaTextJSON;
}

export interface CallAttempt {
  /** null when both attempts threw a call validation error. */
  response: LlamaChatResponse<ChatModelFunctions> | null;
  retries: number;
  /** Calls that finished before a failure (with `response`, its functionCalls are used instead). */
  completed: CompletedCall[];
  /** A call that was started but not finished (validation error or maxTokens), with its params text so far. */
  unfinished: { name: string; args: string; error: string } | null;
}

export interface ToolCallResult {
  text: string;
  toolCalls: ToolCall[];
  invalidToolCalls: InvalidToolCall[];
  rawCalls: RawCalls;
  stopReason: string;
}

export const newCallId = (): string => `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`;

/** node-llama-cpp throws these when generated call params fail JSON parsing or schema validation. */
export function isCallValidationError(err: unknown): boolean {
  if (err instanceof SyntaxError) return true;
  const name = (err as { constructor?: { name?: string } } | null)?.constructor?.name ?? "";
  return /ValidationError$/.test(name);
}

export async function generateWithRetry(
  chat: ResponseGenerator,
  history: ChatHistoryItem[],
  base: ResponseOptions,
  onCallProgress: () => void = () => undefined,
): Promise<CallAttempt> {
  let lastFailure: CallAttempt | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const completed: CompletedCall[] = [];
    const partial = new Map<number, { name: string; args: string }>();
    const options = {
      ...base,
      ...(attempt > 0 ? { temperature: Math.max(base.temperature ?? 0, 0.7), seed: (base.seed ?? 0) + 1 } : {}),
      onFunctionCall: (call: CompletedCall) => {
        completed.push(call);
      },
      onFunctionCallParamsChunk: (chunk: { callIndex: number; functionName: string; paramsChunk: string }) => {
        onCallProgress();
        const entry = partial.get(chunk.callIndex) ?? { name: chunk.functionName, args: "" };
        entry.args += chunk.paramsChunk;
        partial.set(chunk.callIndex, entry);
      },
    } as ResponseOptions;
    const unfinished = (error: string) => {
      const last = partial.get(completed.length);
      return last ? { name: last.name, args: last.args.trimEnd(), error } : null;
    };
    try {
      const response = await chat.generateResponse(history, options);
      const cutOff = response.metadata.stopReason === "maxTokens" ? unfinished("cut off by maxTokens") : null;
      return { response, retries: attempt, completed, unfinished: cutOff };
    } catch (err) {
      if (!base.functions || !isCallValidationError(err) || base.signal?.aborted) throw err;
      lastFailure = {
        response: null,
        retries: attempt,
        completed,
        unfinished: unfinished(err instanceof Error ? err.message : String(err)),
      };
    }
  }
  return lastFailure!;
}

/** LangChain tool calls (with fresh unique ids) and the raw call text to pass back on the next turn. */
export function toToolCallResult(attempt: CallAttempt, definitions: readonly ToolDefinition[]): ToolCallResult {
  const schemaOf = (name: string) => definitions.find((d) => d.name === name)?.schema;
  const rawCalls: RawCalls = {};
  const calls: CompletedCall[] = attempt.response?.functionCalls ?? attempt.completed;
  const toolCalls: ToolCall[] = calls.map((call) => {
    const id = newCallId();
    rawCalls[id] = call.raw;
    const args = stripOptionalNulls(call.params ?? {}, schemaOf(call.functionName)) as Record<string, unknown>;
    return { id, name: call.functionName, args, type: "tool_call" };
  });
  const invalidToolCalls: InvalidToolCall[] = attempt.unfinished
    ? [
        {
          id: newCallId(),
          name: attempt.unfinished.name,
          args: attempt.unfinished.args,
          error: attempt.unfinished.error,
          type: "invalid_tool_call",
        },
      ]
    : [];
  return {
    text: attempt.response?.response ?? "",
    toolCalls,
    invalidToolCalls,
    rawCalls,
    stopReason: attempt.response?.metadata.stopReason ?? "invalidFunctionCall",
  };
}
