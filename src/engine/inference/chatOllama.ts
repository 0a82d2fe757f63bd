/**
 * ChatOllama as Carefold needs it: message content flattened to strings (plain ChatOllama throws on
 * array-valued tool/system content, which deepagents' read_file returns), an explicit context size, the
 * local default URL, `keep_alive` on every request (Ollama unloads an idle model after 5 minutes, and the
 * next question pays the load again), a limit on how long a silent server is waited for, and errors
 * rewritten into actionable sentences.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { ChatOllama, type ChatOllamaInput } from "@langchain/ollama";
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

export class CarefoldChatOllama extends ChatOllama {
  static override lc_name(): string {
    return "CarefoldChatOllama";
  }

  readonly idleTimeoutMs: number;

  constructor(fields: CarefoldChatOllamaInput) {
    const baseUrl = (fields.baseUrl ?? DEFAULT_OLLAMA_URL).replace(/\/+$/, "");
    const idleTimeoutMs = fields.idleTimeoutMs ?? DEFAULT_OLLAMA_IDLE_TIMEOUT_MS;
    const timeout = () => new OllamaError(noAnswerMessage(baseUrl, fields.model, idleTimeoutMs), "timeout");
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
    try {
      return await super._generate(flattenMessages(messages), options, runManager);
    } catch (err) {
      throw this.mapError(err);
    }
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    try {
      yield* this.abortable(super._streamResponseChunks(flattenMessages(messages), options, runManager), options.signal);
    } catch (err) {
      throw this.mapError(err);
    }
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
