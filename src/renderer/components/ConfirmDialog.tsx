/** "Are you sure?" for things that cannot be undone; the safe choice has the initial focus. */
import { useId } from "react";
import { Modal } from "./Modal";

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const id = useId();
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-body`} onCancel={onCancel} testId="confirm-dialog">
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-body`}>{body}</p>
      <div className="dialog-actions">
        <button type="button" className="button-secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
