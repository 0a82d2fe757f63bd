/**
 * Editing one note: a plain Markdown textarea with a preview, saved with the revision it was opened
 * at, so a note changed elsewhere is never overwritten silently (the engine answers `conflict`).
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Markdown } from "./Markdown";

export interface OpenNote {
  /** null for a note that has not been saved yet. */
  name: string | null;
  content: string;
  revision: string | null;
}

export type SaveResult = { ok: true } | { ok: false; conflict: boolean; message: string };

export function NoteEditor({
  note,
  onSave,
  onDelete,
  onClose,
  onReload,
}: {
  note: OpenNote;
  onSave(title: string, content: string): Promise<SaveResult>;
  onDelete(): void;
  onClose(): void;
  onReload(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState("");
  const [content, setContent] = useState(note.content);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [problem, setProblem] = useState<{ conflict: boolean; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const result = await onSave(title, content);
    setSaving(false);
    setProblem(result.ok ? null : { conflict: result.conflict, message: result.message });
  };

  return (
    <form className="note-editor" onSubmit={save} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{note.name ? t("notes.editing", { name: note.name }) : t("notes.newNote")}</h3>
      {note.name === null ? (
        <div className="field">
          <label htmlFor={`${id}-title`}>{t("notes.nameLabel")}</label>
          <input id={`${id}-title`} value={title} maxLength={76} onChange={(e) => setTitle(e.target.value)} aria-describedby={`${id}-title-hint`} required />
          <p id={`${id}-title-hint`} className="hint">
            {t("notes.nameHint")}
          </p>
        </div>
      ) : null}
      <div className="tabs" role="group" aria-label={t("notes.viewLabel")}>
        <button type="button" className="tab" aria-pressed={tab === "write"} onClick={() => setTab("write")}>
          {t("notes.write")}
        </button>
        <button type="button" className="tab" aria-pressed={tab === "preview"} onClick={() => setTab("preview")}>
          {t("notes.preview")}
        </button>
      </div>
      {tab === "write" ? (
        <div className="field">
          <label htmlFor={`${id}-content`}>{t("notes.contentLabel")}</label>
          <textarea id={`${id}-content`} className="note-text" rows={14} value={content} onChange={(e) => setContent(e.target.value)} />
        </div>
      ) : (
        <div className="note-preview" data-testid="note-preview">
          {content.trim() ? <Markdown text={content} headingOffset={3} /> : <p className="muted">{t("notes.emptyPreview")}</p>}
        </div>
      )}
      <div aria-live="polite">
        {problem ? (
          <div className="kind-problem" data-testid="note-problem">
            <p>{problem.conflict ? t("notes.conflict") : t("notes.saveFailed", { message: problem.message })}</p>
            {problem.conflict ? (
              <button type="button" className="button-secondary" onClick={onReload}>
                {t("notes.loadLatest")}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="button-primary" disabled={saving}>
          {t("notes.save")}
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          {t("notes.close")}
        </button>
        {note.name ? (
          <button type="button" className="button-danger-outline" onClick={onDelete}>
            {t("notes.delete")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
