/**
 * Hop 1's last resort: when the deterministic classifier is unsure and a model is configured, ask the
 * model to pick one guide with a forced tool call whose only parameter is an enum of the visible
 * agent ids (grammar-constrained on llama.cpp). The answer is checked against that list again, since
 * not every provider enforces the enum; anything else is reported, never trusted.
 */
import { HumanMessage, SystemMessage, type AIMessage } from "@langchain/core/messages";
import type { ModelProvider } from "../inference/types";

export const ROUTER_TOOL_NAME = "choose_guide";
/** KV-cache key: the router's prompt is byte-stable, so repeated calls reuse the cached prefix. */
export const ROUTER_MODEL_KEY = "router";
/** The model reads at most this much of the message (prompt tokens are seconds on a laptop CPU). */
export const MAX_MODEL_INPUT_CHARS = 2_000;

export interface GuideOption {
  id: string;
  title: string;
  description: string;
}

export type ModelChoice =
  | { status: "chosen"; agent: string }
  | { status: "invalid"; value: unknown }
  | { status: "no-call" }
  | { status: "error"; message: string };

export function routerTool(options: readonly GuideOption[]) {
  return {
    type: "function" as const,
    function: {
      name: ROUTER_TOOL_NAME,
      description: "Choose the one Carefold guide that best fits the person's message.",
      parameters: {
        type: "object",
        properties: { agent: { type: "string", enum: options.map((o) => o.id), description: "The guide's id." } },
        required: ["agent"],
        additionalProperties: false,
      },
    },
  };
}

/** Same options → same bytes, so the prompt prefix stays cached between consults. */
export function routerSystemPrompt(options: readonly GuideOption[]): string {
  const lines = options.map((o) => `- ${o.id}: ${o.title}. ${o.description.replace(/\s+/g, " ").trim()}`);
  return [
    "You route a message to one guide of Carefold, a healthcare navigation app.",
    "Pick the guide whose area fits the person's main concern. If none fits, pick the general visit guide.",
    "Guides:",
    ...lines,
  ].join("\n");
}

export async function askModelForGuide(
  provider: ModelProvider,
  options: readonly GuideOption[],
  text: string,
  timeoutMs: number,
): Promise<ModelChoice> {
  try {
    const model = await provider.getChatModel({ key: ROUTER_MODEL_KEY });
    if (typeof model.bindTools !== "function") return { status: "error", message: "the configured model cannot call tools" };
    const bound = model.bindTools([routerTool(options)], { tool_choice: ROUTER_TOOL_NAME });
    const reply = (await bound.invoke(
      [new SystemMessage(routerSystemPrompt(options)), new HumanMessage(text.slice(0, MAX_MODEL_INPUT_CHARS))],
      { signal: AbortSignal.timeout(timeoutMs) },
    )) as AIMessage;
    const call = reply.tool_calls?.find((c) => c.name === ROUTER_TOOL_NAME);
    if (!call) return { status: "no-call" };
    const value: unknown = (call.args as Record<string, unknown> | undefined)?.["agent"];
    if (typeof value === "string" && options.some((o) => o.id === value)) return { status: "chosen", agent: value };
    return { status: "invalid", value };
  } catch (err) {
    return { status: "error", message: err instanceof Error ? err.message : String(err) };
  }
}
