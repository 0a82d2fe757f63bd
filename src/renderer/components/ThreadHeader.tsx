/** The open conversation's title, with rename (inline) and delete (after a confirmation). */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ThreadSummary } from "../../shared/contract";
import { ConfirmDialog } from "./ConfirmDialog";

export function ThreadHeader({
  thread,
  onRename,
  onDelete,
  onSave,
  onPrint,
  onSavePdf,
}: {
  thread: ThreadSummary | null;
  onRename(title: string): Promise<boolean>;
  onDelete(): void;
  /** Save the whole conversation as a text file. */
  onSave?(): void;
  /** Print the whole conversation (also on a shared kiosk: paper goes home with the visitor). */
  onPrint?(): void;
  /** The desktop app: save the whole conversation as a PDF. */
  onSavePdf?(): void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState("");
  const [confirming, setConfirming] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    if (await onRename(title.trim())) setEditing(false);
  };

  if (!thread) {
    return (
      <div className="thread-header">
        <h2 id="chat-title">{t("threads.newTitle")}</h2>
      </div>
    );
  }
  return (
    <div className="thread-header">
      {editing ? (
        <form className="rename-form" onSubmit={submit}>
          <h2 id="chat-title" className="visually-hidden">
            {thread.title}
          </h2>
          <label htmlFor="rename-input">{t("threads.renameLabel")}</label>
          <input id="rename-input" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} autoFocus />
          <button type="submit" className="button-primary">
            {t("threads.save")}
          </button>
          <button type="button" className="button-secondary" onClick={() => setEditing(false)}>
            {t("common.cancel")}
          </button>
        </form>
      ) : (
        <>
          <h2 id="chat-title">{thread.title}</h2>
          <div className="button-row">
            <button
              type="button"
              className="button-secondary"
              onClick={() => {
                setTitle(thread.title);
                setEditing(true);
              }}
            >
              {t("threads.rename")}
            </button>
            {onSave ? (
              <button type="button" className="button-secondary" onClick={onSave}>
                {t("threads.save_conversation")}
              </button>
            ) : null}
            {onPrint ? (
              <button type="button" className="button-secondary" onClick={onPrint}>
                {t("threads.print_conversation")}
              </button>
            ) : null}
            {onSavePdf ? (
              <button type="button" className="button-secondary" onClick={onSavePdf}>
                {t("threads.pdf_conversation")}
              </button>
            ) : null}
            <button type="button" className="button-secondary" onClick={() => setConfirming(true)}>
              {t("threads.delete")}
            </button>
          </div>
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t("threads.deleteTitle")}
          body={t("threads.deleteBody", { title: thread.title })}
          confirmLabel={t("threads.deleteConfirm")}
          cancelLabel={t("threads.keep")}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onDelete();
          }}
        />
      ) : null}
    </div>
  );
}
