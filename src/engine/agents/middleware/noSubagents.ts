/**
 * Replaces deepagents' subAgentMiddleware by name when a specialist has no subagents: the
 * general-purpose subagent is disabled (carefold-profile.yaml) and specialists never delegate
 * (ADR-0001 rejected the peer-to-peer mesh; the lifecycle dispatches). This removes the `task` tool
 * and its schema tokens from every model call.
 */
import { createMiddleware } from "langchain";

export function createNoSubagentsMiddleware() {
  return createMiddleware({ name: "subAgentMiddleware" });
}
