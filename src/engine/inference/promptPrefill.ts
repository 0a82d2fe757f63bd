/**
 * Abortable prompt reading. node-llama-cpp checks the AbortSignal only between generated tokens; a long
 * prompt (a 4,000-token prompt takes ~40 s on 2 cores) is evaluated in one go and cannot be stopped. So we
 * render the prompt exactly as LlamaChat will, keep the sequence's longest common prefix, and evaluate the
 * rest in small chunks, checking the signal in between. LlamaChat then finds the prompt cached and only
 * evaluates what is left (at least the last token, which it needs to start generating).
 */
import type { ChatHistoryItem, ChatModelFunctions, ChatWrapper, LlamaContextSequence, Token } from "node-llama-cpp";

export interface PrefillOptions {
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper;
  history: readonly ChatHistoryItem[];
  functions: ChatModelFunctions | undefined;
  signal?: AbortSignal;
  /** Tokens per evaluation step; the abort latency is about the time of one step. */
  chunkTokens: number;
  /** Room to keep free for generation; prompts that would not fit are left to LlamaChat's context shift. */
  reserveTokens: number;
}

export interface PrefillResult {
  promptTokens: number;
  /** Tokens already in the sequence's KV cache before this call. */
  cachedTokens: number;
  evaluatedTokens: number;
}

/** The tokens LlamaChat will load for this history (it appends an empty model turn after a user turn). */
export function renderPromptTokens(
  chatWrapper: ChatWrapper,
  sequence: LlamaContextSequence,
  history: readonly ChatHistoryItem[],
  functions: ChatModelFunctions | undefined,
): Token[] {
  const last = history.at(-1);
  const withModelTurn = last?.type === "model" ? history : [...history, { type: "model" as const, response: [] }];
  const { contextText } = chatWrapper.generateContextState({ chatHistory: withModelTurn, availableFunctions: functions });
  return contextText.tokenize(sequence.model.tokenizer);
}

export async function prefillPrompt(options: PrefillOptions): Promise<PrefillResult> {
  const { sequence, signal, chunkTokens } = options;
  signal?.throwIfAborted();
  const tokens = renderPromptTokens(options.chatWrapper, sequence, options.history, options.functions);
  if (tokens.length + options.reserveTokens > sequence.contextSize) {
    return { promptTokens: tokens.length, cachedTokens: 0, evaluatedTokens: 0 };
  }
  // Keep the last token for LlamaChat: it has to evaluate at least one token to produce the next one.
  const target = tokens.slice(0, -1);
  const { firstDifferentIndex } = sequence.compareContextTokens(target);
  const cachedTokens = Math.min(firstDifferentIndex, target.length);
  if (sequence.nextTokenIndex > cachedTokens) {
    await sequence.eraseContextTokenRanges([{ start: cachedTokens, end: sequence.nextTokenIndex }]);
  }
  let evaluatedTokens = 0;
  for (let at = sequence.nextTokenIndex; at < target.length; at += chunkTokens) {
    signal?.throwIfAborted();
    const chunk = target.slice(at, at + chunkTokens);
    await sequence.evaluateWithoutGeneratingNewTokens(chunk);
    evaluatedTokens += chunk.length;
  }
  signal?.throwIfAborted();
  return { promptTokens: tokens.length, cachedTokens, evaluatedTokens };
}
