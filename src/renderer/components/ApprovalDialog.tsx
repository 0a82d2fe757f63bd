/**
 * A change a specialist wants to make to your files, waiting for your OK: where, what (a diff), and
 * approve / edit (then save your version) / reject. One dialog at a time, oldest first.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApprovalRequest } from "../state/approvals";
import { DiffView } from "./DiffView";
import { Modal } from "./Modal";

export type Decision = { decision: "approve" } | { decision: "reject" } | { decision: "edit"; editedContent: string };

export function ApprovalDialog({
  request,
  waiting,
  agentTitle,
  onDecide,
  onLater,
  problem,
}: {
  request: ApprovalRequest;
  /** How many more are waiting after this one. */
  waiting: number;
  agentTitle: string | null;
  onDecide(decision: Decision): void;
  onLater(): void;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(request.proposed ?? "");
  const fileName = request.path.split("/").pop() ?? request.path;
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-what`} onCancel={onLater} className="modal-wide" testId="approval-dialog">
      <h2 id={`${id}-title`}>{t(`approvals.title.${request.operation}`, { name: fileName })}</h2>
      <p id={`${id}-what`}>
        {agentTitle ? t("approvals.byAgent", { agent: agentTitle }) : t("approvals.byCarefold")} {t("approvals.nothingYet")}
      </p>
      <dl className="approval-facts">
        <dt>{t("approvals.where")}</dt>
        <dd>
          <code>{request.path}</code>
        </dd>
      </dl>
      {editing ? (
        <div className="field">
          <label htmlFor={`${id}-edit`}>{t("approvals.editLabel")}</label>
          <textarea id={`${id}-edit`} className="note-text" rows={12} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        </div>
      ) : (
        <>
          <h3 id={`${id}-diff`}>{t("approvals.changes")}</h3>
          <DiffView diff={request.diff} labelId={`${id}-diff`} />
        </>
      )}
      <div aria-live="polite">{problem ? <p className="kind-problem">{problem}</p> : null}</div>
      {waiting > 0 ? <p className="muted">{t("approvals.more", { count: waiting })}</p> : null}
      <div className="dialog-actions">
        {editing ? (
          <>
            <button type="button" className="button-primary" onClick={() => onDecide({ decision: "edit", editedContent: text })}>
              {t("approvals.saveEdited")}
            </button>
            <button type="button" className="button-secondary" onClick={() => setEditing(false)}>
              {t("approvals.backToChanges")}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button-primary" onClick={() => onDecide({ decision: "approve" })} data-autofocus autoFocus>
              {t("approvals.approve")}
            </button>
            {request.proposed !== null ? (
              <button type="button" className="button-secondary" onClick={() => setEditing(true)}>
                {t("approvals.edit")}
              </button>
            ) : null}
            <button type="button" className="button-danger-outline" onClick={() => onDecide({ decision: "reject" })}>
              {t("approvals.reject")}
            </button>
          </>
        )}
        <button type="button" className="button-secondary" onClick={onLater}>
          {t("approvals.later")}
        </button>
      </div>
    </Modal>
  );
}
