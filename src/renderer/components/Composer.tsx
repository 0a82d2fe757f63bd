/**
 * The message box: Enter sends, Shift+Enter adds a line; Stop cancels the running answer. Shows the
 * files that will go with the next question and, for each, whether Carefold could read it: the page
 * it is reading now, how much it read (with OCR or not), or why it could not, said plainly as not
 * read with the question. Takes a draft from "Edit question".
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../shared/contract";
import type { ReadProgress } from "../lib/attachmentState";
import { FileStatus } from "./FileStatus";

export interface Draft {
  text: string;
  /** Bumped each time a draft is handed over, so the same text can be set twice. */
  version: number;
}

export function Composer({
  busy,
  onSend,
  onStop,
  draft,
  attached,
  progress = {},
  onOpenFile,
  onUnattach,
  onAttachFiles,
}: {
  busy: boolean;
  onSend(text: string): void;
  onStop(): void;
  draft: Draft | null;
  attached: Attachment[];
  /** The page being read now, for files still being read. */
  progress?: Record<string, ReadProgress>;
  /** Opens what Carefold read in a file. */
  onOpenFile?(id: string): void;
  onUnattach(id: string): void;
  onAttachFiles(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    input.current?.focus();
  }, [draft]);
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    onSend(trimmed);
    setText("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor="composer-input" className="visually-hidden">
        {t("composer.label")}
      </label>
      {attached.length > 0 ? (
        <div className="attached" role="group" aria-label={t("composer.attachedLabel")}>
          <span className="attached-title">{t("composer.attachedTitle", { count: attached.length })}</span>
          <ul className="attached-list">
            {attached.map((a) => (
              <li key={a.id} className="attached-item" data-testid="attached-file" data-status={a.status}>
                <span className="attached-name">{a.name}</span>
                <FileStatus attachment={a} progress={progress[a.id]} sending />
                <span className="attached-actions">
                  {onOpenFile && a.status !== "reading" ? (
                    <button type="button" className="button-small" onClick={() => onOpenFile(a.id)} aria-label={t("files.viewNamed", { name: a.name })}>
                      {t("files.view")}
                    </button>
                  ) : null}
                  <button type="button" className="button-small" onClick={() => onUnattach(a.id)} aria-label={t("composer.unattach", { name: a.name })}>
                    {t("composer.unattachShort")}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <textarea
        ref={input}
        id="composer-input"
        value={text}
        rows={3}
        placeholder={t("composer.placeholder")}
        aria-describedby="composer-hint"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-bar">
        <p id="composer-hint" className="composer-hint">
          {t("composer.hint")}
        </p>
        <div className="composer-actions">
          <button type="button" className="button-secondary" onClick={onAttachFiles}>
            {t("composer.attach")}
          </button>
          {busy ? (
            <button type="button" className="button-secondary" onClick={onStop}>
              {t("composer.stop")}
            </button>
          ) : null}
          <button type="submit" className="button-primary" disabled={busy || !text.trim()}>
            {t("composer.send")}
          </button>
        </div>
      </div>
    </form>
  );
}
