/** Notes: the list, and one note open for editing; create, save, delete (after a confirmation). */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NoteSummary } from "../../shared/contract";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { formatDateTime } from "../lib/format";
import { noteNameFromTitle } from "../lib/noteNames";
import { ConfirmDialog } from "./ConfirmDialog";
import { NoteEditor, type OpenNote, type SaveResult } from "./NoteEditor";

/** `initialNote`: a note to open at once (chosen from search results), its text focused. */
export function NotesPanel({ initialNote = null }: { initialNote?: string | null } = {}) {
  const { t, i18n } = useTranslation();
  const { client, announce, reportError } = useServices();
  const [notes, setNotes] = useState<NoteSummary[]>([]);
  const [open, setOpen] = useState<OpenNote | null>(null);
  /** Remounts the editor when a note is (re)loaded. */
  const [editorKey, setEditorKey] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [focusEditor, setFocusEditor] = useState(false);

  const refresh = useCallback(() => {
    client["notes.list"]({})
      .then(setNotes)
      .catch((err: unknown) => reportError(errorInfo(err).message));
  }, [client, reportError]);
  useEffect(() => refresh(), [refresh]);

  const openNote = async (name: string, focus = false) => {
    try {
      const note = await client["notes.read"]({ name });
      setOpen({ name: note.name, content: note.content, revision: note.revision });
      setEditorKey((k) => k + 1);
      setFocusEditor(focus);
    } catch (err) {
      reportError(errorInfo(err).message);
    }
  };

  // Once, on opening: the note chosen in search results.
  const [requested] = useState(initialNote);
  useEffect(() => {
    if (requested) void openNote(requested, true);
  }, [requested]);
  useEffect(() => {
    if (!focusEditor) return;
    setFocusEditor(false);
    document.querySelector<HTMLElement>(".notes-editor-area textarea")?.focus();
  }, [focusEditor, editorKey]);

  const save = async (title: string, content: string): Promise<SaveResult> => {
    if (!open) return { ok: false, conflict: false, message: "" };
    const name = open.name ?? noteNameFromTitle(title);
    if (!name) return { ok: false, conflict: false, message: t("notes.badName") };
    try {
      // A new note must not replace an existing file of the same name: "" means "must not exist yet".
      const saved = await client["notes.write"]({ name, content, expectedRevision: open.revision ?? "" });
      setOpen({ name: saved.name, content, revision: saved.revision });
      announce(t("notes.saved", { name: saved.name }));
      refresh();
      return { ok: true };
    } catch (err) {
      const info = errorInfo(err);
      return { ok: false, conflict: info.code === "conflict", message: info.message };
    }
  };

  const remove = async () => {
    if (!open?.name) return;
    const name = open.name;
    setConfirmDelete(false);
    try {
      await client["notes.delete"]({ name });
      setOpen(null);
      announce(t("notes.deleted", { name }));
      refresh();
    } catch (err) {
      reportError(errorInfo(err).message);
    }
  };

  return (
    <section className="panel notes-panel" aria-labelledby="notes-title">
      <h2 id="notes-title">{t("notes.title")}</h2>
      <p className="intro">{t("notes.intro")}</p>
      <div className="notes-layout">
        <div className="notes-list">
          <button
            type="button"
            className="button-primary button-wide"
            onClick={() => {
              setOpen({ name: null, content: "", revision: null });
              setEditorKey((k) => k + 1);
            }}
          >
            {t("notes.new")}
          </button>
          {notes.length === 0 ? <p className="muted">{t("notes.none")}</p> : null}
          <ul aria-label={t("notes.listLabel")}>
            {notes.map((n) => (
              <li key={n.name}>
                <button type="button" className="thread-item" aria-current={open?.name === n.name ? "true" : undefined} onClick={() => void openNote(n.name)}>
                  <span className="thread-title">{n.title}</span>
                  <span className="thread-meta">
                    {n.name} · {formatDateTime(n.modifiedAt, i18n.language)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="notes-editor-area">
          {open ? (
            <NoteEditor
              key={editorKey}
              note={open}
              onSave={save}
              onDelete={() => setConfirmDelete(true)}
              onClose={() => setOpen(null)}
              onReload={() => open.name && void openNote(open.name)}
            />
          ) : (
            <p className="muted">{t("notes.pick")}</p>
          )}
        </div>
      </div>
      {confirmDelete && open?.name ? (
        <ConfirmDialog
          title={t("notes.deleteTitle")}
          body={t("notes.deleteBody", { name: open.name })}
          confirmLabel={t("notes.deleteConfirm")}
          cancelLabel={t("notes.keep")}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
        />
      ) : null}
    </section>
  );
}
