/** Consult requests: ask, stop, decide an approval, and list the approvals waiting. */
import type { ConsultService } from "../consult/consultService";
import type { Handlers } from "./types";

/** `beforeAsk`: picks up user content packs changed since the last question (no restart needed). */
export function consultHandlers(consult: ConsultService, beforeAsk: () => void): Handlers<"consult.ask" | "consult.cancel" | "consult.decide" | "approvals.list"> {
  return {
    "consult.ask": async (input) => {
      beforeAsk();
      return consult.ask(input);
    },
    "consult.cancel": async (input) => ({ cancelled: consult.cancel(input.turnId) }),
    "consult.decide": async (input) => consult.decide(input),
    "approvals.list": async () => consult.pendingApprovals().map((r) => r.event),
  };
}
