/**
 * ChatOllama as Carefold needs it: message content flattened to strings (plain ChatOllama throws on
 * array-valued tool/system content, which deepagents' read_file returns), an explicit context size, the
 * local default URL, and errors rewritten into actionable sentences.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { ChatOllama, type ChatOllamaInput } from "@langchain/ollama";
import { flattenMessages } from "./flattenMessages";
import { DEFAULT_OLLAMA_URL, toOllamaError } from "./ollamaErrors";

export interface CarefoldChatOllamaInput extends ChatOllamaInput {
  model: string;
  /** Context window in tokens; Ollama's own default (2,048–4,096) silently truncates long consults. */
  numCtx: number;
}

export class CarefoldChatOllama extends ChatOllama {
  static override lc_name(): string {
    return "CarefoldChatOllama";
  }

  constructor(fields: CarefoldChatOllamaInput) {
    super({ ...fields, baseUrl: (fields.baseUrl ?? DEFAULT_OLLAMA_URL).replace(/\/+$/, "") });
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
      yield* super._streamResponseChunks(flattenMessages(messages), options, runManager);
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
      yield* super._streamChatModelEvents(flattenMessages(messages), options, runManager);
    } catch (err) {
      throw this.mapError(err);
    }
  }
}
