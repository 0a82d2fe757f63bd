/**
 * Pending approvals (agent-proposed file changes waiting for the user). They come from
 * approvals.list at start-up (so they survive a restart) and from live approval.requested events,
 * and leave on approval.resolved or once the user's decision is applied.
 */
import type { EngineEvent, EventOf } from "../../shared/contract";

export type ApprovalRequest = EventOf<"approval.requested">;

export type ApprovalsAction =
  | { type: "loaded"; approvals: ApprovalRequest[] }
  | { type: "event"; event: EngineEvent }
  | { type: "settled"; approvalId: string }
  /** The conversation was deleted (null: all data), and its approvals with it. */
  | { type: "forget"; threadId: string | null };

export function approvalsReducer(state: ApprovalRequest[], action: ApprovalsAction): ApprovalRequest[] {
  switch (action.type) {
    case "loaded": {
      const known = new Set(state.map((a) => a.approvalId));
      return [...state, ...action.approvals.filter((a) => !known.has(a.approvalId))].sort((a, b) =>
        a.requestedAt.localeCompare(b.requestedAt),
      );
    }
    case "event":
      if (action.event.type === "approval.requested") {
        const id = action.event.approvalId;
        return state.some((a) => a.approvalId === id) ? state : [...state, action.event];
      }
      if (action.event.type === "approval.resolved") {
        const id = action.event.approvalId;
        return state.filter((a) => a.approvalId !== id);
      }
      return state;
    case "settled":
      return state.filter((a) => a.approvalId !== action.approvalId);
    case "forget":
      return action.threadId === null ? [] : state.filter((a) => a.threadId !== action.threadId);
  }
}
