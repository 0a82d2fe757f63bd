/**
 * The real-model tier's wiring, shared by its tests and `bench:llm-real`: a fetched GGUF through the
 * product's own path (createModelProvider → validateGgufFile, hardware fit, LlamaRuntime, ChatNodeLlamaCpp)
 * and the real engine (router, catalog, lifecycle, Deep Agents, output guard), observed without changing
 * what either does: every model call's token accounting and streamed chunks, and every output guard's
 * input, released text and verdict.
 */
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessage } from "@langchain/core/messages";
import type { ChatGeneration, LLMResult } from "@langchain/core/outputs";
import { createEngine, type Engine, type EngineOptions } from "../../src/engine/engine";
import type { EvaluationStats } from "../../src/engine/inference/chatNodeLlamaCpp";
import { createModelProvider, type ModelProviderOptions } from "../../src/engine/inference/modelProvider";
import type { ChatModelRequest, ModelProvider } from "../../src/engine/inference/types";
import type { OutputGuardFactory } from "../../src/engine/lifecycle/outputGuard";
import type { EngineEvent, EventOf } from "../../src/shared/contract";
import { TEST_MODELS, locateTestModel } from "../../scripts/models/testModels";

export interface ModelCall {
  /** The provider key the call's model was asked for (`${threadId}:${agentId}`, or the router's). */
  key: string;
  startedAt: number;
  /** When the first streamed text chunk arrived (performance.now()), or null. */
  firstChunkAt: number | null;
  endedAt: number | null;
  /** Streamed text chunks (one per generated piece of text). */
  chunks: number;
  evaluation: EvaluationStats | null;
  finishReason: string | null;
  text: string;
  toolCalls: string[];
}

type Listener = (call: ModelCall) => void;

class CallRecorder extends BaseCallbackHandler {
  name = "carefold-real-model-recorder";
  private readonly open = new Map<string, ModelCall>();

  constructor(
    private readonly key: string,
    private readonly calls: ModelCall[],
    private readonly onChunk: Listener,
  ) {
    super();
  }

  private start(runId: string): ModelCall {
    let call = this.open.get(runId);
    if (!call) {
      call = { key: this.key, startedAt: performance.now(), firstChunkAt: null, endedAt: null, chunks: 0, evaluation: null, finishReason: null, text: "", toolCalls: [] };
      this.open.set(runId, call);
      this.calls.push(call);
    }
    return call;
  }

  override handleChatModelStart(_llm: unknown, _messages: unknown, runId: string): void {
    this.start(runId);
  }

  override handleLLMNewToken(token: string, _idx: unknown, runId: string): void {
    if (!token) return;
    const call = this.start(runId);
    call.chunks++;
    call.firstChunkAt ??= performance.now();
    this.onChunk(call);
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    const call = this.start(runId);
    this.open.delete(runId);
    const generation = output.generations[0]?.[0] as ChatGeneration | undefined;
    const message = generation?.message as AIMessage | undefined;
    const metadata = (message?.response_metadata ?? {}) as { evaluation?: EvaluationStats; finish_reason?: string };
    call.endedAt = performance.now();
    call.evaluation = metadata.evaluation ?? null;
    call.finishReason = metadata.finish_reason ?? null;
    call.text = typeof message?.content === "string" ? message.content : (generation?.text ?? "");
    call.toolCalls = (message?.tool_calls ?? []).map((c) => c.name);
  }

  override handleLLMError(_err: unknown, runId: string): void {
    const call = this.start(runId);
    this.open.delete(runId);
    call.endedAt = performance.now();
    call.finishReason = "error";
  }
}

export interface RealProvider {
  provider: ModelProvider;
  /** Every model call so far, in the order they started. */
  calls: ModelCall[];
  /** Called on every streamed chunk of any call (e.g. to cancel a turn once the model is generating). */
  onChunk(listener: Listener): () => void;
}

export interface RealProviderOptions extends Omit<ModelProviderOptions, "dataDir"> {
  dataDir: string;
  contextSize?: number;
}

/** createModelProvider for a GGUF file on the CPU, with every chat model it hands out observed. */
export function realModelProvider(modelPath: string, options: RealProviderOptions): RealProvider {
  const { contextSize, ...providerOptions } = options;
  const inner = createModelProvider({ provider: "llama-cpp", modelPath, contextSize: contextSize ?? 8192 }, { gpu: false, ...providerOptions });
  const calls: ModelCall[] = [];
  const listeners = new Set<Listener>();
  const provider: ModelProvider = {
    describe: () => inner.describe(),
    async getChatModel(request: ChatModelRequest): Promise<BaseChatModel> {
      const model = await inner.getChatModel(request);
      model.callbacks = [new CallRecorder(request.key, calls, (call) => listeners.forEach((l) => l(call)))];
      return model;
    },
    prewarm: (keys) => inner.prewarm?.(keys) ?? Promise.resolve([]),
    dispose: () => inner.dispose?.() ?? Promise.resolve(),
  };
  return {
    provider,
    calls,
    onChunk(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One output guard the engine created, as the engine used it. */
export interface GuardRecord {
  language: "en" | "es";
  /** Model text pushed in, chunk by chunk. */
  pushed: string[];
  /** Text the guard released (what the user may see), in order. */
  released: string[];
  blocked: { category: string | null; rule: string | null } | null;
  ended: boolean;
}

/** The real engine; its output guards (the product's createOutputGuard) are recorded, not replaced. */
export function observedEngine(options: EngineOptions): { engine: Engine; guards: GuardRecord[]; events: EngineEvent[] } {
  const guards: GuardRecord[] = [];
  const events: EngineEvent[] = [];
  const observe = (real: OutputGuardFactory): OutputGuardFactory => (language) => {
    const guard = real(language);
    const record: GuardRecord = { language, pushed: [], released: [], blocked: null, ended: false };
    guards.push(record);
    const note = (out: string) => {
      if (out) record.released.push(out);
      if (guard.blocked && !record.blocked) record.blocked = { category: guard.blocked.category, rule: guard.blocked.rule };
      return out;
    };
    return {
      push(chunk: string) {
        if (chunk) record.pushed.push(chunk);
        return note(guard.push(chunk));
      },
      end() {
        record.ended = true;
        return note(guard.end());
      },
      get blocked() {
        return guard.blocked;
      },
    };
  };
  const engine = createEngine({ ...options, observeOutputGuard: observe });
  engine.onEvent((e) => void events.push(e));
  return { engine, guards, events };
}

/** Resolves with the turn's `done` event; rejects after `timeoutMs` saying what did arrive. */
export function doneOf(events: EngineEvent[], turnId: string, timeoutMs: number): Promise<EventOf<"done">> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      const done = events.find((e): e is EventOf<"done"> => e.type === "done" && e.turnId === turnId);
      if (done) return resolve(done);
      if (Date.now() - started > timeoutMs) {
        const seen = events.filter((e) => "turnId" in e && e.turnId === turnId).map((e) => e.type);
        return reject(new Error(`no done event for turn ${turnId} after ${timeoutMs} ms; saw: ${seen.join(", ") || "nothing"}`));
      }
      setTimeout(check, 20);
    };
    check();
  });
}

/** Text that only appears when a chat template's control tokens leak into the answer. */
export const CONTROL_TOKEN_TEXT = /<\|im_(start|end)\|>|<\|endoftext\|>|<(start|end)_of_turn>|<\|eot_id\|>|<\|start_header_id\|>|<\/s>/;

export interface SelectedModel {
  id: string;
  instruct: boolean;
  path: string | null;
  /** Why this model's tests skip (null when it is in the cache). */
  skip: string | null;
}

/**
 * The models this run covers: $CAREFOLD_TEST_MODELS (comma-separated ids) or every model in
 * testModels.ts. A model that is not in the cache is returned with its skip reason, printed once.
 */
export function selectedModels(): SelectedModel[] {
  const wanted = process.env.CAREFOLD_TEST_MODELS?.split(",").map((s) => s.trim()).filter(Boolean);
  const ids = wanted?.length ? wanted : TEST_MODELS.map((m) => m.id);
  return ids.map((id) => {
    const located = locateTestModel(id);
    if (located.skip) process.stderr.write(`[real-model tier] SKIP ${id}: ${located.skip}\n`);
    return { id, instruct: located.model.instruct, path: located.path, skip: located.skip };
  });
}
