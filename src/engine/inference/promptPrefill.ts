/**
 * Abortable prompt reading. node-llama-cpp checks the AbortSignal only between generated tokens; a long
 * prompt (a 4,000-token prompt takes ~40 s on 2 cores) is evaluated in one go and cannot be stopped. So we
 * render the prompt exactly as LlamaChat will, keep the sequence's longest common prefix, and evaluate the
 * rest in small chunks, checking the signal in between. LlamaChat then finds the prompt cached and only
 * evaluates what is left (at least the last token, which it needs to start generating).
 */
import type { ChatHistoryItem, ChatModelFunctions, ChatWrapper, LlamaContextSequence, Token } from "node-llama-cpp";
import type { PrefixStateStore } from "./prefixStates";

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
  /** Where evaluated prefixes are saved and loaded from (issue 14); none: always evaluated. */
  prefixStates?: PrefixStateStore | null;
  /** The key the prefix is saved for, and told of the prefix it uses (for a later pre-warm). */
  prefixKey?: string;
  onPrefix?(tokens: readonly Token[]): void;
}

export interface PrefillResult {
  promptTokens: number;
  /** Tokens already in the sequence's KV cache before this call. */
  cachedTokens: number;
  evaluatedTokens: number;
  /** The prompt's stable prefix (system prompt and tools, up to the conversation), in tokens. */
  prefixTokens: number;
  /** Its evaluated state was loaded from disk instead of evaluated. */
  prefixLoaded: boolean;
  /** Its evaluated state was saved to disk by this call. */
  prefixSaved: boolean;
}

function commonPrefix(a: readonly Token[], b: readonly Token[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * How many of `prompt`'s tokens are the same whatever the conversation: the history's system message and
 * the functions, rendered before two different user messages, agree up to where the conversation starts.
 */
export function stablePrefixLength(
  chatWrapper: ChatWrapper,
  sequence: Pick<LlamaContextSequence, "model">,
  history: readonly ChatHistoryItem[],
  functions: ChatModelFunctions | undefined,
  prompt: readonly Token[],
): number {
  const system = history[0];
  if (system?.type !== "system") return 0;
  const a = renderPromptTokens(chatWrapper, sequence, [system, { type: "user", text: "a" }], functions);
  const b = renderPromptTokens(chatWrapper, sequence, [system, { type: "user", text: "b" }], functions);
  return Math.min(commonPrefix(a, b), commonPrefix(a, prompt));
}

/** The tokens LlamaChat will load for this history (it appends an empty model turn after a user turn). */
export function renderPromptTokens(
  chatWrapper: ChatWrapper,
  sequence: Pick<LlamaContextSequence, "model">,
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
  const none = { promptTokens: tokens.length, cachedTokens: 0, evaluatedTokens: 0, prefixTokens: 0, prefixLoaded: false, prefixSaved: false };
  if (tokens.length + options.reserveTokens > sequence.contextSize) return none;
  // Keep the last token for LlamaChat: it has to evaluate at least one token to produce the next one.
  const target = tokens.slice(0, -1);
  const states = options.prefixStates ?? null;
  const prefix = states ? target.slice(0, stablePrefixLength(options.chatWrapper, sequence, options.history, options.functions, target)) : [];
  let cachedTokens = Math.min(sequence.compareContextTokens(target).firstDifferentIndex, target.length);
  let prefixLoaded = false;
  if (states && cachedTokens < prefix.length && states.has(prefix)) {
    prefixLoaded = await states.load(sequence, prefix);
    // Loaded: the sequence holds exactly the prefix. Not: a failed load emptied it.
    cachedTokens = prefixLoaded ? prefix.length : Math.min(sequence.compareContextTokens(target).firstDifferentIndex, target.length);
  }
  if (sequence.nextTokenIndex > cachedTokens) {
    await sequence.eraseContextTokenRanges([{ start: cachedTokens, end: sequence.nextTokenIndex }]);
  }
  // A prefix evaluated here for the first time is saved the moment the sequence holds exactly it.
  let saveAt = states && !prefixLoaded && sequence.nextTokenIndex < prefix.length && !states.has(prefix) ? prefix.length : -1;
  let prefixSaved = false;
  let evaluatedTokens = 0;
  for (let at = sequence.nextTokenIndex; at < target.length; ) {
    signal?.throwIfAborted();
    const end = Math.min(at + chunkTokens, target.length, saveAt > at ? saveAt : Infinity);
    await sequence.evaluateWithoutGeneratingNewTokens(target.slice(at, end));
    evaluatedTokens += end - at;
    at = end;
    if (at === saveAt) {
      prefixSaved = await states!.save(sequence, prefix, options.prefixKey ?? "");
      saveAt = -1;
    }
  }
  signal?.throwIfAborted();
  if (prefix.length && (prefixLoaded || prefixSaved || states?.has(prefix))) options.onPrefix?.(prefix);
  return { promptTokens: tokens.length, cachedTokens, evaluatedTokens, prefixTokens: prefix.length, prefixLoaded, prefixSaved };
}
