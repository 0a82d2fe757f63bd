/**
 * Attachments: add by file picker or drag-and-drop, see type, size and how much was read (the page
 * being read now, truncation and OCR said plainly, or why a file could not be read), open what was
 * read, choose which go with the next question, remove. One error line per failed file.
 */
import { useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../shared/contract";
import { typeKey } from "../lib/attachmentFiles";
import { fileState, type ReadProgress } from "../lib/attachmentState";
import { formatBytes, formatDateTime } from "../lib/format";
import type { AttachmentsModel } from "../hooks/useAttachments";
import { FileStatus } from "./FileStatus";

function AttachmentRow({
  a,
  progress,
  selected,
  onToggle,
  onOpen,
  onRemove,
}: {
  a: Attachment;
  progress: ReadProgress | null;
  selected: boolean;
  onToggle(): void;
  onOpen(): void;
  onRemove(): void;
}) {
  const { t, i18n } = useTranslation();
  const tone = fileState(a, progress).tone;
  const checkboxId = `use-${a.id}`;
  return (
    <li className="attachment" data-testid="attachment-row">
      <div className="attachment-main">
        <input id={checkboxId} type="checkbox" className="checkbox" checked={selected} onChange={onToggle} />
        <label htmlFor={checkboxId} className="attachment-name">
          {a.name}
          <span className="visually-hidden"> — {t("attachments.useNext")}</span>
        </label>
      </div>
      <p className="attachment-meta">
        {t(typeKey(a.mime, a.name))} · {formatBytes(a.size, i18n.language)} · {t("attachments.addedAt", { when: formatDateTime(a.addedAt, i18n.language) })}
      </p>
      <p className={tone === "partial" || tone === "failed" ? "attachment-reading attention" : "attachment-reading"}>
        <FileStatus attachment={a} progress={progress} />
      </p>
      <div className="button-row">
        {a.status !== "reading" ? (
          <button type="button" className="button-secondary" onClick={onOpen} aria-label={t("files.viewNamed", { name: a.name })}>
            {t("files.view")}
          </button>
        ) : null}
        <button type="button" className="button-secondary" onClick={onRemove} aria-label={t("attachments.removeNamed", { name: a.name })}>
          {t("attachments.remove")}
        </button>
      </div>
    </li>
  );
}

export function AttachmentsPanel({ model, onPickFiles, onOpen }: { model: AttachmentsModel; onPickFiles(): void; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void model.addFiles(files);
  };
  return (
    <section className="panel" aria-labelledby="attachments-title">
      <h2 id="attachments-title">{t("attachments.title")}</h2>
      <p className="intro">{t("attachments.intro")}</p>
      <div
        className={dragging ? "drop-zone dragging" : "drop-zone"}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t("attachments.dropHere")}</p>
        <button type="button" className="button-primary" onClick={onPickFiles}>
          {t("attachments.choose")}
        </button>
        <p className="muted small">{t("attachments.limit")}</p>
      </div>
      {model.adding.length > 0 ? (
        <p className="progress" role="status">
          {t("attachments.adding", { names: model.adding.join(", ") })}
        </p>
      ) : null}
      <div aria-live="polite">
        {model.errors.length > 0 ? (
        <ul className="file-errors" aria-label={t("attachments.errorsLabel")}>
          {model.errors.map((e) => (
            <li key={e.id} className="error-item">
              <span>{t(e.key, e.params)}</span>
              <button type="button" className="button-small" onClick={() => model.dismissError(e.id)}>
                {t("errors.dismiss")}
              </button>
            </li>
          ))}
        </ul>
        ) : null}
      </div>
      <h3>{t("attachments.yours", { count: model.items.length })}</h3>
      {model.items.length === 0 ? <p className="muted">{t("attachments.none")}</p> : null}
      <ul className="attachment-list">
        {model.items.map((a) => (
          <AttachmentRow
            key={a.id}
            a={a}
            progress={model.progress[a.id] ?? null}
            selected={model.selected.includes(a.id)}
            onToggle={() => model.toggle(a.id)}
            onOpen={() => onOpen(a.id)}
            onRemove={() => void model.remove(a)}
          />
        ))}
      </ul>
    </section>
  );
}
