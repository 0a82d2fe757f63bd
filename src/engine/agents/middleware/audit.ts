/** Audit: every model call and tool call with its duration and outcome — never prompt or tool text. */
import { ToolMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { AuditSink } from "../../audit/auditLog";

export function createAuditMiddleware(options: { agentId: string; threadId: string; audit: AuditSink }) {
  const base = { thread: options.threadId, agents: [options.agentId] };
  return createMiddleware({
    name: "AuditMiddleware",
    async wrapModelCall(request, handler) {
      const started = performance.now();
      try {
        const response = await handler(request);
        const calls = (response as { tool_calls?: unknown[] }).tool_calls?.length ?? 0;
        options.audit.record({ ...base, event: "model", decision: calls ? "tool_calls" : "answer", durationMs: performance.now() - started, detail: { toolCalls: calls, messages: request.messages.length } });
        return response;
      } catch (err) {
        options.audit.record({ ...base, event: "error", decision: "model_failed", durationMs: performance.now() - started });
        throw err;
      }
    },
    async wrapToolCall(request, handler) {
      const started = performance.now();
      const tool = request.toolCall.name;
      try {
        const result = await handler(request);
        const failed = result instanceof ToolMessage && result.status === "error";
        options.audit.record({ ...base, event: "tool", tool, decision: failed ? "error" : "ok", durationMs: performance.now() - started });
        return result;
      } catch (err) {
        options.audit.record({ ...base, event: "tool", tool, decision: "error", durationMs: performance.now() - started });
        throw err;
      }
    },
  });
}
