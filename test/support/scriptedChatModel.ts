/**
 * A scripted LangChain chat model for tests: each call consumes the next step of a script (text,
 * streamed chunks, tool calls, an error, a delay), and every call's messages and bound tools are
 * recorded so tests can assert on what the real engine sent. Test-only: never shipped.
 */
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { Runnable } from "@langchain/core/runnables";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { parsePartialJson } from "@langchain/core/output_parsers";
import type { ModelInfo } from "../../src/shared/contract";
import type { ModelProvider } from "../../src/engine/inference/types";

export interface ScriptStep {
  /** Full reply text (streamed as `chunks` if given, else word by word). */
  text?: string;
  chunks?: string[];
  /** `rawArgs`: the arguments text as a provider would stream it (e.g. cut off), instead of `args`. */
  toolCalls?: { name: string; args?: Record<string, unknown>; rawArgs?: string; id?: string }[];
  /** response_metadata.finish_reason, e.g. "length" for a reply cut off by the token limit. */
  finishReason?: string;
  /** Throw this error instead of replying. */
  error?: string;
  /** Wait before each chunk (to test cancellation). */
  delayMs?: number;
}

export type Script = ScriptStep[] | ((messages: BaseMessage[], callIndex: number) => ScriptStep);

export interface RecordedCall {
  messages: BaseMessage[];
  tools: string[];
  /** The bound tools as given to bindTools (tool objects or JSON schemas), for schema-size checks. */
  toolDefinitions: BindToolsInput[];
}

interface Shared {
  script: Script;
  cursor: number;
  calls: RecordedCall[];
}

function toolName(tool: BindToolsInput): string {
  const t = tool as { name?: string; function?: { name?: string } };
  return t.name ?? t.function?.name ?? "unknown";
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("Aborted"));
      },
      { once: true },
    );
  });

export class ScriptedChatModel extends BaseChatModel {
  private readonly shared: Shared;
  readonly boundTools: string[];
  readonly boundToolDefinitions: BindToolsInput[];

  constructor(script: Script, shared?: Shared, boundTools: string[] = [], boundToolDefinitions: BindToolsInput[] = []) {
    super({});
    this.shared = shared ?? { script, cursor: 0, calls: [] };
    this.boundTools = boundTools;
    this.boundToolDefinitions = boundToolDefinitions;
  }

  get calls(): RecordedCall[] {
    return this.shared.calls;
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
    const bound = new ScriptedChatModel(this.shared.script, this.shared, tools.map(toolName), tools);
    bound.disableStreaming = this.disableStreaming;
    return bound as unknown as Runnable<
      BaseLanguageModelInput,
      AIMessageChunk,
      BaseChatModelCallOptions
    >;
  }

  private nextStep(messages: BaseMessage[]): ScriptStep {
    const index = this.shared.cursor++;
    this.shared.calls.push({ messages, tools: this.boundTools, toolDefinitions: this.boundToolDefinitions });
    const { script } = this.shared;
    if (typeof script === "function") return script(messages, index);
    const step = script[index];
    if (!step) throw new Error(`scripted model: no step ${index} (script has ${script.length})`);
    return step;
  }

  private static chunksOf(step: ScriptStep): string[] {
    if (step.chunks) return step.chunks;
    if (!step.text) return [];
    return step.text.split(/(?<=\s)/);
  }

  private static toolCalls(step: ScriptStep) {
    return (step.toolCalls ?? []).map((c, i) => ({
      name: c.name,
      text: c.rawArgs ?? JSON.stringify(c.args ?? {}),
      id: c.id ?? `call_${i}_${Math.random().toString(36).slice(2, 8)}`,
    }));
  }

  private static metadata(step: ScriptStep) {
    return step.finishReason ? { finish_reason: step.finishReason } : {};
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const step = this.nextStep(messages);
    if (step.delayMs) await sleep(step.delayMs, options.signal);
    if (step.error) throw new Error(step.error);
    const text = ScriptedChatModel.chunksOf(step).join("");
    // Like a provider that parses what it received leniently: cut-off arguments still make a "valid" call.
    const tool_calls = ScriptedChatModel.toolCalls(step).map((c) => ({ name: c.name, args: parsePartialJson(c.text) ?? {}, id: c.id, type: "tool_call" as const }));
    const message = new AIMessage({ content: text, tool_calls, response_metadata: ScriptedChatModel.metadata(step) });
    return { generations: [{ text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const step = this.nextStep(messages);
    if (step.error) throw new Error(step.error);
    for (const piece of ScriptedChatModel.chunksOf(step)) {
      if (step.delayMs) await sleep(step.delayMs, options.signal);
      if (options.signal?.aborted) throw new Error("Aborted");
      yield new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ content: piece }) });
      await runManager?.handleLLMNewToken(piece);
    }
    const calls = ScriptedChatModel.toolCalls(step);
    if (calls.length || step.finishReason) {
      yield new ChatGenerationChunk({
        text: "",
        message: new AIMessageChunk({
          content: "",
          tool_call_chunks: calls.map((c, index) => ({ name: c.name, args: c.text, id: c.id, index, type: "tool_call_chunk" as const })),
          response_metadata: ScriptedChatModel.metadata(step),
        }),
      });
    }
  }
}

/** A ModelProvider serving one shared scripted model (so tests can read all calls). */
export function scriptedProvider(script: Script, options: { streaming?: boolean } = {}): ModelProvider & { model: ScriptedChatModel; keys: string[] } {
  const model = new ScriptedChatModel(script);
  // Without streaming, LangChain calls _generate even under a streaming consumer.
  if (options.streaming === false) model.disableStreaming = true;
  const keys: string[] = [];
  const info: ModelInfo = { provider: "scripted", model: "scripted-test-model", contextSize: 8192 };
  return {
    model,
    keys,
    describe: () => info,
    getChatModel: async ({ key }) => {
      keys.push(key);
      return model;
    },
  };
}
