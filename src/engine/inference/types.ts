/**
 * How the engine gets a chat model. The lifecycle never constructs models itself: the host passes a
 * ModelProvider (llama.cpp, Ollama, an OpenAI-compatible clinic server, or a scripted model in tests).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ModelInfo } from "../../shared/contract";

export interface ChatModelRequest {
  /**
   * Stable key for what the model serves (a specialist: `specialist:<agentId>`; the router; extraction).
   * Providers with a KV cache reuse one context sequence per key, so a key's byte-stable prefix stays warm.
   */
  key: string;
}

export interface ModelProvider {
  /** The configured provider and model, or null when none is set up. */
  describe(): ModelInfo | null;
  /** A chat model that supports bindTools and streaming. Throws a clear Error when unavailable. */
  getChatModel(request: ChatModelRequest): Promise<BaseChatModel>;
  /**
   * When the app is idle: load what makes the next answer from these keys (most likely first) fast — a
   * local model reloads their saved prefixes. Resolves with the keys warmed. Optional: servers need none.
   */
  prewarm?(keys: readonly string[]): Promise<string[]>;
  /** Release loaded models and contexts. */
  dispose?(): Promise<void>;
}
