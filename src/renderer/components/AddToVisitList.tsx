/**
 * The user's OK before Carefold changes a note: what will be added, and to which note. Nothing is
 * written until they choose "Add to my visit list".
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./Modal";

export function AddToVisitList({ question, noteTitle, busy, problem, onAdd, onCancel }: { question: string; noteTitle: string; busy: boolean; problem: string | null; onAdd(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-body`} onCancel={onCancel} testId="visit-list-dialog">
      <h2 id={`${id}-title`}>{t("visitList.title")}</h2>
      <p id={`${id}-body`}>{t("visitList.body", { note: noteTitle })}</p>
      <blockquote className="visit-list-question">{question}</blockquote>
      {problem ? <p className="kind-problem">{problem}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="button-secondary" onClick={onCancel} data-autofocus>
          {t("visitList.cancel")}
        </button>
        <button type="button" className="button-primary" onClick={onAdd} disabled={busy}>
          {t("visitList.add")}
        </button>
      </div>
    </Modal>
  );
}
