/**
 * LangChain `tool_choice` on node-llama-cpp. The chat wrapper always renders the full bound tool list, so the
 * prompt prefix stays byte-stable (KV cache hits) whatever the choice; the choice only changes which functions
 * the grammar may call, and — when a call is required — makes the context state start with the wrapper's
 * function-call prefix so generation begins inside a call.
 */
import { LlamaText, type ChatModelFunctions, type ChatWrapper, type ChatWrapperGenerateContextStateOptions } from "node-llama-cpp";

export type ResolvedToolChoice =
  | { mode: "auto" }
  | { mode: "none" }
  | { mode: "required" }
  | { mode: "named"; name: string };

/** Normalizes the shapes LangChain callers use: "auto" | "any" | "required" | "none" | name | {function:{name}}. */
export function resolveToolChoice(choice: unknown, toolNames: readonly string[]): ResolvedToolChoice {
  if (choice === undefined || choice === null || choice === "auto") return { mode: "auto" };
  if (choice === "none") return { mode: "none" };
  if (choice === "any" || choice === "required") return { mode: "required" };
  let name: unknown = choice;
  if (typeof choice === "object") {
    const obj = choice as { type?: string; name?: unknown; function?: { name?: unknown } };
    if (obj.type === "any" || obj.type === "required") return { mode: "required" };
    if (obj.type === "auto") return { mode: "auto" };
    if (obj.type === "none") return { mode: "none" };
    name = obj.function?.name ?? obj.name;
  }
  if (typeof name !== "string") throw new Error(`Unsupported tool_choice: ${JSON.stringify(choice)}`);
  if (!toolNames.includes(name)) throw new Error(`tool_choice names "${name}", which is not a bound tool.`);
  return { mode: "named", name };
}

/** The functions the grammar may call for this choice (undefined: no calls possible). */
export function callableFunctions(all: ChatModelFunctions, choice: ResolvedToolChoice): ChatModelFunctions | undefined {
  if (Object.keys(all).length === 0 || choice.mode === "none") return undefined;
  if (choice.mode === "named") return { [choice.name]: all[choice.name]! };
  return all;
}

/**
 * A view of `base` that renders `renderFunctions` in the prompt regardless of what LlamaChat passes, and,
 * when `forceCall` is set, starts generation inside a function call.
 */
export function toolChoiceChatWrapper(base: ChatWrapper, renderFunctions: ChatModelFunctions | undefined, forceCall: boolean): ChatWrapper {
  const hasRenderFunctions = renderFunctions !== undefined && Object.keys(renderFunctions).length > 0;
  const generateContextState = (options: ChatWrapperGenerateContextStateOptions) => {
    const state = base.generateContextState({
      ...options,
      availableFunctions: hasRenderFunctions ? renderFunctions : undefined,
    });
    const functionSettings = base.settings.functions;
    if (!forceCall || !hasRenderFunctions || functionSettings == null) return state;
    const inject = LlamaText([functionSettings.parallelism?.call.sectionPrefix ?? "", functionSettings.call.prefix]);
    return {
      contextText: state.contextText,
      stopGenerationTriggers: state.stopGenerationTriggers,
      noPrefixTrigger: { type: "functionCall" as const, inject },
      detectFunctionCalls: true,
    };
  };
  return new Proxy(base, {
    get(target, property) {
      if (property === "generateContextState") return generateContextState;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
