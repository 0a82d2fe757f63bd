/**
 * LoopGuard: per-turn limits on a specialist's model calls, tool calls and identical tool calls
 * (agent.yaml `limits`), and no execution of a tool call cut off by the token limit. A local model that
 * loops would otherwise run for minutes and end on LangGraph's recursion error; here the run ends with a
 * plain message in the user's language, as an ordinary answer, so the rest of the turn (synthesis,
 * output check, audit) runs as usual. It counts from the thread's messages since the turn's question,
 * so it survives approvals and restarts, and summarization (which only edits the request) does not
 * reset it.
 */
import { AIMessage, type BaseMessage, type ToolCall } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { AuditSink } from "../../audit/auditLog";
import { DEFAULT_TURN_LIMITS, type AgentRuntime, type TurnLimits } from "../../content";
import { invalidateCutOffCall, stoppedAtTokenLimit } from "../../inference/cutOffCalls";
import { turnStopMessage, type TurnStop } from "../../messages";

export interface LoopGuardOptions {
  agentId: string;
  threadId: string;
  language: "en" | "es";
  limits: TurnLimits;
  audit: AuditSink;
}

export function turnLimitsOf(runtime: Pick<AgentRuntime, "limits">): TurnLimits {
  return { ...DEFAULT_TURN_LIMITS, ...runtime.limits };
}

/**
 * A LangGraph step budget that the guard always reaches first: each model round is a handful of graph
 * steps (before-model hooks, the model, after-model hooks, tools). It stays as a backstop.
 */
export function recursionLimitFor(limits: TurnLimits): number {
  return 12 * (limits.model_calls + 2);
}

/** Same tool, same arguments: keys sorted, so argument order does not hide a repeat. */
export function callKey(call: Pick<ToolCall, "name" | "args">): string {
  const stable = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable((v as Record<string, unknown>)[k])]))
      : Array.isArray(v)
        ? v.map(stable)
        : v;
  return `${call.name}\u0000${JSON.stringify(stable(call.args ?? {}))}`;
}

/** This turn's model replies: the AI messages after the last user message. */
export function turnReplies(messages: readonly BaseMessage[]): AIMessage[] {
  let start = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.getType() === "human") {
      start = i + 1;
      break;
    }
  }
  return messages.slice(start).filter((m): m is AIMessage => m.getType() === "ai");
}

export type LimitHit = { stop: TurnStop; rule: "model_calls" | "tool_calls" | "identical_calls" | "cut_off"; limit: number | null };

/** Whether the reply about to be taken would break a limit, given the turn's earlier replies. */
export function checkReply(previous: readonly AIMessage[], reply: AIMessage, limits: TurnLimits): LimitHit | null {
  const calls = reply.tool_calls ?? [];
  if (calls.length === 0 && (reply.invalid_tool_calls?.length ?? 0) > 0 && stoppedAtTokenLimit(reply)) {
    return { stop: "cut_off", rule: "cut_off", limit: null };
  }
  const earlier = previous.flatMap((m) => m.tool_calls ?? []);
  if (earlier.length + calls.length > limits.tool_calls) return { stop: "steps", rule: "tool_calls", limit: limits.tool_calls };
  const seen = new Map<string, number>();
  for (const c of [...earlier, ...calls]) {
    const n = (seen.get(callKey(c)) ?? 0) + 1;
    if (n > limits.identical_calls) return { stop: "repeated", rule: "identical_calls", limit: limits.identical_calls };
    seen.set(callKey(c), n);
  }
  return null;
}

export function createLoopGuardMiddleware(options: LoopGuardOptions) {
  const { limits } = options;
  const stopWith = (hit: LimitHit, id?: string) => {
    options.audit.record({
      event: "model",
      thread: options.threadId,
      agents: [options.agentId],
      decision: "limit_reached",
      rule: hit.rule,
      detail: { limit: hit.limit },
    });
    return new AIMessage({ id, content: turnStopMessage(hit.stop, options.language) });
  };

  return createMiddleware({
    name: "LoopGuardMiddleware",
    async wrapModelCall(request, handler) {
      const previous = turnReplies((request.state as { messages?: BaseMessage[] }).messages ?? []);
      if (previous.length >= limits.model_calls) return stopWith({ stop: "steps", rule: "model_calls", limit: limits.model_calls });
      const response = await handler(request);
      if (!AIMessage.isInstance(response)) return response;
      const reply = invalidateCutOffCall(response);
      const hit = checkReply(previous, reply, limits);
      return hit ? stopWith(hit, reply.id) : reply;
    },
  });
}
