/** The message box: Enter sends, Shift+Enter adds a line; Stop cancels the running answer. */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";

export function Composer({ busy, onSend, onStop }: { busy: boolean; onSend(text: string): void; onStop(): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
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
      <textarea
        id="composer-input"
        value={text}
        rows={3}
        placeholder={t("composer.placeholder")}
        aria-describedby="composer-hint"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id="composer-hint" className="composer-hint">
        {t("composer.hint")}
      </p>
      <div className="composer-actions">
        {busy ? (
          <button type="button" className="button-secondary" onClick={onStop}>
            {t("composer.stop")}
          </button>
        ) : null}
        <button type="submit" className="button-primary" disabled={busy || !text.trim()}>
          {t("composer.send")}
        </button>
      </div>
    </form>
  );
}
