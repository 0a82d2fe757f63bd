/**
 * What the engine asks the user: approvals of file changes and consent for health specialists,
 * with the requests that answer them. Pending approvals are loaded at start-up so they reappear
 * after a restart.
 */
import { useCallback, useEffect, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EngineEvent } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";
import { approvalsReducer } from "../state/approvals";
import { consentReducer, consentRequests } from "../state/consent";
import { errorInfo } from "../lib/errors";
import type { Decision } from "../components/ApprovalDialog";

export function usePrompts(client: EngineClient, announce: (text: string) => void) {
  const { t } = useTranslation();
  const [approvals, dispatchApprovals] = useReducer(approvalsReducer, []);
  const [approvalProblem, setApprovalProblem] = useState<string | null>(null);
  const [approvalsHidden, setApprovalsHidden] = useState(false);
  const [consent, dispatchConsent] = useReducer(consentReducer, null);
  const [consentOpen, setConsentOpen] = useState(false);
  const [consentBusy, setConsentBusy] = useState(false);
  const [consentProblem, setConsentProblem] = useState<string | null>(null);

  useEffect(() => {
    client["approvals.list"]({})
      .then((list) => dispatchApprovals({ type: "loaded", approvals: list }))
      .catch(() => undefined); // nothing pending to show; the error surface has connection problems
  }, [client]);
  const forgetApprovals = useCallback((threadId: string | null) => dispatchApprovals({ type: "forget", threadId }), []);

  const onEvent = useCallback((event: EngineEvent, questionOf: (turnId: string) => string | null) => {
    dispatchApprovals({ type: "event", event });
    if (event.type === "approval.requested") setApprovalsHidden(false);
    if (event.type === "consent.required") {
      dispatchConsent({ type: "event", event, questionOf });
      setConsentProblem(null);
      // Asked once per conversation: after "Not now" the answer offers the dialog instead of opening it.
      setConsentOpen(!event.askedBefore);
    }
  }, []);

  const decide = useCallback(
    async (approvalId: string, d: Decision) => {
      setApprovalProblem(null);
      try {
        const { status } = await client["consult.decide"]({ approvalId, ...d });
        dispatchApprovals({ type: "settled", approvalId });
        announce(t(`approvals.status.${status}`));
      } catch (err) {
        const info = errorInfo(err);
        if (info.code === "not_found") {
          dispatchApprovals({ type: "settled", approvalId });
          announce(t("approvals.gone"));
        } else {
          setApprovalProblem(t("approvals.failed", { message: info.message }));
        }
      }
    },
    [client, announce, t],
  );

  /** Grants consent; resolves true when the question may be re-sent. */
  const allow = useCallback(
    async (scope: "agent" | "global") => {
      if (!consent) return false;
      setConsentBusy(true);
      setConsentProblem(null);
      try {
        for (const request of consentRequests(consent, scope)) await client["consent.set"](request);
        setConsentOpen(false);
        announce(t("consent.allowedAnnounce"));
        return true;
      } catch (err) {
        const info = errorInfo(err);
        setConsentProblem(info.code === "unavailable" ? t("consent.unavailable", { message: info.message }) : info.message);
        return false;
      } finally {
        setConsentBusy(false);
      }
    },
    [client, consent, announce, t],
  );

  return {
    approvals,
    forgetApprovals,
    approvalProblem,
    approvalsHidden,
    setApprovalsHidden,
    decide,
    consent,
    consentOpen,
    setConsentOpen,
    consentBusy,
    consentProblem,
    allow,
    dismissConsent: () => dispatchConsent({ type: "dismiss" }),
    onEvent,
  };
}
