/**
 * A LangChain chat model over node-llama-cpp's LlamaChat.generateResponse, which returns function calls
 * without running them — so LangGraph/deepagents run the tools. Each instance is bound to a sequence key:
 * successive calls of one consult reuse that key's context sequence and only evaluate the new tokens.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BaseChatModelParams,
  type BindToolsInput,
} from "@langchain/core/language_models/chat_models";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { AIMessage, AIMessageChunk, type BaseMessage, type UsageMetadata } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { LlamaChat, type ChatWrapper, type LlamaModel } from "node-llama-cpp";
import { RAW_CALLS_KEY, toChatHistory } from "./chatHistory";
import { ChunkQueue } from "./chunkQueue";
import { invalidCallChunk } from "./cutOffCalls";
import { generateWithRetry, toToolCallResult, type ResponseGenerator, type ResponseOptions, type ToolCallResult } from "./functionCalls";
import { prefillPrompt, renderPromptTokens } from "./promptPrefill";
import type { LlamaRuntime } from "./llamaRuntime";
import { callableFunctions, resolveToolChoice, toolChoiceChatWrapper } from "./toolChoice";
import { toChatModelFunctions, toToolDefinitions } from "./toolSchema";

export interface ChatNodeLlamaCppCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
  maxTokens?: number;
  temperature?: number;
  seed?: number;
}

export interface ChatNodeLlamaCppInput extends BaseChatModelParams {
  runtime: LlamaRuntime;
  /** Conversation key: calls with the same key share one context sequence (and its KV cache). */
  sequenceKey?: string;
  /** Shown in metadata and traces. */
  modelName?: string;
  maxTokens?: number;
  /** 0 (default) = greedy. */
  temperature?: number;
  topK?: number;
  topP?: number;
  seed?: number;
  /** Floor for maxTokens when tools may be called; a truncated call is useless (default 256). */
  minToolTurnTokens?: number;
  /**
   * Prompt tokens evaluated per abortable step (default 128). node-llama-cpp cannot abort inside prompt
   * evaluation, so the prompt is read in steps of this size: each step re-reads the weights once, so smaller
   * steps stop sooner but read more slowly (128 ≈ 1–2 s abort latency for a 1B model on 2 cores).
   */
  prefillChunkTokens?: number;
}

/** Token accounting of one call, for tests, benchmarks and the summarization trigger. */
export interface EvaluationStats {
  /** Prompt tokens actually evaluated (not served from the KV cache). */
  evaluatedInputTokens: number;
  outputTokens: number;
  /** Prompt length in tokens, as rendered by the chat wrapper. */
  promptTokens: number;
  /** Prompt tokens reused from the sequence's KV cache. */
  reusedPromptTokens: number;
  /** Whether the sequence last served this same key. */
  sameSequence: boolean;
  durationMs: number;
  timeToFirstTokenMs: number | null;
  retries: number;
  /** The prompt's stable prefix (system prompt and tools), in tokens. */
  prefixTokens: number;
  /** Its evaluated state was loaded from disk instead of evaluated (issue 14). */
  prefixLoaded: boolean;
  /** Its evaluated state was saved to disk by this call. */
  prefixSaved: boolean;
}

interface Generation extends ToolCallResult {
  evaluation: EvaluationStats;
}

export class ChatNodeLlamaCpp extends BaseChatModel<ChatNodeLlamaCppCallOptions> {
  readonly runtime: LlamaRuntime;
  readonly sequenceKey: string;
  readonly modelName: string;
  maxTokens?: number;
  temperature: number;
  topK?: number;
  topP?: number;
  seed?: number;
  minToolTurnTokens: number;
  prefillChunkTokens: number;

  static override lc_name(): string {
    return "ChatNodeLlamaCpp";
  }

  constructor(fields: ChatNodeLlamaCppInput) {
    super(fields);
    this.runtime = fields.runtime;
    this.sequenceKey = fields.sequenceKey ?? "default";
    this.modelName = fields.modelName ?? fields.runtime.options.modelPath;
    this.maxTokens = fields.maxTokens;
    this.temperature = fields.temperature ?? 0;
    this.topK = fields.topK;
    this.topP = fields.topP;
    this.seed = fields.seed;
    this.minToolTurnTokens = fields.minToolTurnTokens ?? 256;
    this.prefillChunkTokens = fields.prefillChunkTokens ?? 128;
  }

  override _llmType(): string {
    return "node-llama-cpp";
  }

  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<ChatNodeLlamaCppCallOptions>,
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, ChatNodeLlamaCppCallOptions> {
    // Validate names and schemas now rather than on the first call.
    toToolDefinitions(tools);
    return this.withConfig({ tools, ...kwargs });
  }

  override invocationParams(options?: this["ParsedCallOptions"]) {
    return {
      model: this.modelName,
      max_tokens: options?.maxTokens ?? this.maxTokens,
      temperature: options?.temperature ?? this.temperature,
      sequence_key: this.sequenceKey,
    };
  }

  override async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const generation = await this.runModel(messages, options, (text) => {
      void runManager?.handleLLMNewToken(text);
    });
    const message = new AIMessage({
      content: generation.text,
      tool_calls: generation.toolCalls,
      invalid_tool_calls: generation.invalidToolCalls,
      additional_kwargs: Object.keys(generation.rawCalls).length > 0 ? { [RAW_CALLS_KEY]: generation.rawCalls } : {},
      response_metadata: this.responseMetadata(generation),
      usage_metadata: usageOf(generation.evaluation),
    });
    return { generations: [{ text: generation.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const queue = new ChunkQueue<Generation>();
    const stopper = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stopper.signal]) : stopper.signal;
    const running = this.runModel(messages, { ...options, signal }, (text) => queue.push(text)).then(
      (generation) => queue.finish(generation),
      (err: unknown) => queue.fail(err),
    );
    try {
      for (;;) {
        const item = await queue.next();
        if (item.kind === "text") {
          const chunk = new ChatGenerationChunk({ text: item.text, message: new AIMessageChunk({ content: item.text }) });
          yield chunk;
          await runManager?.handleLLMNewToken(item.text, undefined, undefined, undefined, undefined, { chunk });
          continue;
        }
        const generation = item.result;
        const valid = generation.toolCalls.map((call, index) => ({
          type: "tool_call_chunk" as const,
          id: call.id,
          name: call.name,
          args: JSON.stringify(call.args),
          index,
        }));
        // An unfinished call must not be merged into a valid one by the partial-JSON parser.
        const invalid = generation.invalidToolCalls.map((call, index) =>
          invalidCallChunk({ name: call.name ?? "", args: call.args ?? "" }, valid.length + index),
        );
        yield new ChatGenerationChunk({
          text: "",
          message: new AIMessageChunk({
            content: "",
            tool_call_chunks: [...valid, ...invalid],
            additional_kwargs:
              Object.keys(generation.rawCalls).length > 0 ? { [RAW_CALLS_KEY]: generation.rawCalls } : {},
            response_metadata: this.responseMetadata(generation),
            usage_metadata: usageOf(generation.evaluation),
          }),
        });
        return;
      }
    } finally {
      // A consumer that stops reading early must not leave the model generating.
      if (!queue.settled) stopper.abort(new Error("stream closed by the consumer"));
      await running;
    }
  }

  private responseMetadata(generation: Generation) {
    return {
      model_provider: "node-llama-cpp",
      model_name: this.modelName,
      finish_reason: generation.stopReason,
      evaluation: generation.evaluation,
    };
  }

  /** One model call: render history, reuse the key's sequence, generate text or function calls. */
  private async runModel(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    onText: (text: string) => void,
  ): Promise<Generation> {
    options.signal?.throwIfAborted();
    const definitions = toToolDefinitions(options.tools ?? []);
    const allFunctions = toChatModelFunctions(definitions);
    const choice = resolveToolChoice(options.tool_choice, Object.keys(allFunctions));
    const functions = callableFunctions(allFunctions, choice);
    const forceCall = functions !== undefined && (choice.mode === "required" || choice.mode === "named");
    const history = toChatHistory(messages);
    let maxTokens = options.maxTokens ?? this.maxTokens;
    if (functions && maxTokens !== undefined) maxTokens = Math.max(maxTokens, this.minToolTurnTokens);
    const temperature = options.temperature ?? this.temperature;

    // Rendered only if this key has no sequence of its own and another key's has to be taken over.
    const prompt = (model: LlamaModel, wrapper: ChatWrapper) =>
      renderPromptTokens(toolChoiceChatWrapper(wrapper, definitions.length > 0 ? allFunctions : undefined, forceCall), { model }, history, functions);
    return this.runtime.withSequence(this.sequenceKey, async (lease) => {
      options.signal?.throwIfAborted();
      const wrapper = toolChoiceChatWrapper(lease.chatWrapper, definitions.length > 0 ? allFunctions : undefined, forceCall);
      const chat = new LlamaChat({ contextSequence: lease.sequence, chatWrapper: wrapper, autoDisposeSequence: false });
      const meterBefore = lease.sequence.tokenMeter.getState();
      const started = performance.now();
      let firstTokenAt: number | null = null;
      const markFirst = () => {
        firstTokenAt ??= performance.now();
      };
      const base: ResponseOptions = {
        signal: options.signal,
        maxTokens,
        temperature,
        topK: this.topK,
        topP: this.topP,
        seed: options.seed ?? this.seed,
        customStopTriggers: options.stop?.length ? options.stop : undefined,
        onTextChunk: onText,
        onResponseChunk: markFirst,
        functions,
      };
      try {
        const prefill = await prefillPrompt({
          sequence: lease.sequence,
          chatWrapper: wrapper,
          history,
          functions,
          signal: options.signal,
          chunkTokens: this.prefillChunkTokens,
          reserveTokens: maxTokens ?? this.minToolTurnTokens,
          prefixStates: lease.prefixStates,
          prefixKey: this.sequenceKey,
          onPrefix: lease.notePrefix,
        });
        const attempt = await generateWithRetry(chat as ResponseGenerator, history, base, markFirst);
        const generation = toToolCallResult(attempt, definitions);
        const meter = lease.sequence.tokenMeter.diff(meterBefore);
        return {
          ...generation,
          evaluation: {
            evaluatedInputTokens: meter.usedInputTokens,
            outputTokens: meter.usedOutputTokens,
            promptTokens: prefill.promptTokens,
            reusedPromptTokens: Math.max(0, prefill.promptTokens - meter.usedInputTokens),
            sameSequence: lease.sameKey,
            durationMs: performance.now() - started,
            timeToFirstTokenMs: firstTokenAt === null ? null : firstTokenAt - started,
            retries: attempt.retries,
            prefixTokens: prefill.prefixTokens,
            prefixLoaded: prefill.prefixLoaded,
            prefixSaved: prefill.prefixSaved,
          },
        };
      } finally {
        chat.dispose({ disposeSequence: false });
      }
    }, prompt);
  }
}

function usageOf(evaluation: EvaluationStats): UsageMetadata {
  return {
    input_tokens: evaluation.promptTokens,
    output_tokens: evaluation.outputTokens,
    total_tokens: evaluation.promptTokens + evaluation.outputTokens,
    input_token_details: { cache_read: evaluation.reusedPromptTokens },
  };
}
