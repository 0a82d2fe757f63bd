/**
 * ChatOllama as Carefold needs it: message content flattened to strings (plain ChatOllama throws on
 * array-valued tool/system content, which deepagents' read_file returns), an explicit context size, the
 * local default URL, `keep_alive` on every request (Ollama unloads an idle model after 5 minutes, and the
 * next question pays the load again), a limit on how long a silent server is waited for, and errors
 * rewritten into actionable sentences.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import { ChatOllama, type ChatOllamaInput } from "@langchain/ollama";
import { invalidCallChunk, stoppedAtTokenLimit } from "./cutOffCalls";
import { flattenMessages } from "./flattenMessages";
import { fetchWithIdleTimeout, raceAbort } from "./idleTimeout";
import { DEFAULT_OLLAMA_URL, noAnswerMessage, OllamaError, toOllamaError } from "./ollamaErrors";

/** How long Ollama keeps the model loaded after a request (its own default is 5 minutes). */
export const DEFAULT_OLLAMA_KEEP_ALIVE = "30m";

/**
 * How long a request may go without any byte from Ollama (headers or the next chunk) before it fails.
 * Ollama sends nothing while it loads the model and reads the prompt, which on a CPU can take minutes.
 */
export const DEFAULT_OLLAMA_IDLE_TIMEOUT_MS = 5 * 60_000;

export interface CarefoldChatOllamaInput extends ChatOllamaInput {
  model: string;
  /** Context window in tokens; Ollama's own default (2,048–4,096) silently truncates long consults. */
  numCtx: number;
  /** Sent as `keep_alive` (a duration such as "30m", seconds, or -1 for forever). Default "30m". */
  keepAlive?: string | number;
  /** Fail a request when Ollama sends nothing for this long (ms). Default DEFAULT_OLLAMA_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
}

/**
 * The same chunk with its last tool call turned into one that stays invalid when chunks are merged. It
 * gets an index of its own: Ollama gives every call index 0, and an id-less chunk would merge into those.
 */
function withLastCallInvalid(chunk: ChatGenerationChunk, freeIndex: number): ChatGenerationChunk {
  const message = chunk.message as AIMessageChunk;
  const calls = message.tool_call_chunks ?? [];
  const last = calls[calls.length - 1]!;
  const tool_call_chunks = [...calls.slice(0, -1), invalidCallChunk({ name: last.name ?? "", args: last.args ?? "" }, freeIndex)];
  return new ChatGenerationChunk({
    text: chunk.text,
    message: new AIMessageChunk({ content: message.content, additional_kwargs: message.additional_kwargs, response_metadata: message.response_metadata, tool_call_chunks }),
  });
}

export class CarefoldChatOllama extends ChatOllama {
  static override lc_name(): string {
    return "CarefoldChatOllama";
  }

  readonly idleTimeoutMs: number;

  constructor(fields: CarefoldChatOllamaInput) {
    const baseUrl = (fields.baseUrl ?? DEFAULT_OLLAMA_URL).replace(/\/+$/, "");
    const idleTimeoutMs = fields.idleTimeoutMs ?? DEFAULT_OLLAMA_IDLE_TIMEOUT_MS;
    const timeout = () => new OllamaError(noAnswerMessage(baseUrl, fields.model, idleTimeoutMs), "timeout", { baseUrl, model: fields.model });
    super({
      ...fields,
      baseUrl,
      keepAlive: fields.keepAlive ?? DEFAULT_OLLAMA_KEEP_ALIVE,
      fetch: fetchWithIdleTimeout(fields.fetch ?? fetch, idleTimeoutMs, timeout),
    });
    this.idleTimeoutMs = idleTimeoutMs;
  }

  /** Stops reading at once when the caller aborts, even while Ollama is silent. */
  private abortable<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
    return raceAbort(source, signal, () => this.client.abort());
  }

  private mapError(err: unknown): unknown {
    return toOllamaError(err, { baseUrl: this.baseUrl, model: this.model });
  }

  override async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    // ChatOllama's own _generate drops invalid_tool_calls; merge the (already mapped) stream here instead.
    options.signal?.throwIfAborted();
    let merged: AIMessageChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager)) {
      merged = merged ? merged.concat(chunk.message as AIMessageChunk) : (chunk.message as AIMessageChunk);
    }
    const message = new AIMessage({
      id: merged?.id,
      content: merged?.content ?? "",
      additional_kwargs: merged?.additional_kwargs,
      tool_calls: merged?.tool_calls,
      invalid_tool_calls: merged?.invalid_tool_calls,
      response_metadata: merged?.response_metadata,
      usage_metadata: merged?.usage_metadata,
    });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    // Tool-call chunks wait for the end of the stream: only then is it known whether Ollama stopped at the
    // token limit (done_reason "length"), and a call from such a response may be cut off.
    const held: ChatGenerationChunk[] = [];
    let cutOff = false;
    try {
      for await (const chunk of this.abortable(super._streamResponseChunks(flattenMessages(messages), options, runManager), options.signal)) {
        cutOff ||= stoppedAtTokenLimit(chunk.message);
        if ((chunk.message as AIMessageChunk).tool_call_chunks?.length) held.push(chunk);
        else yield chunk;
      }
    } catch (err) {
      throw this.mapError(err);
    }
    if (cutOff && held.length) {
      const indexes = held.flatMap((c) => ((c.message as AIMessageChunk).tool_call_chunks ?? []).map((t) => t.index ?? 0));
      held[held.length - 1] = withLastCallInvalid(held[held.length - 1]!, Math.max(...indexes) + 1);
    }
    yield* held;
  }

  override async *_streamChatModelEvents(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ) {
    try {
      yield* this.abortable(super._streamChatModelEvents(flattenMessages(messages), options, runManager), options.signal);
    } catch (err) {
      throw this.mapError(err);
    }
  }
}
