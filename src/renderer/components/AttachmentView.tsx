/**
 * One attachment, opened from the Attachments tab or from a file in the composer or a sent message:
 * its state, then what reading it found (attachments.read). While the file is still being read it
 * says so, and fills in when the engine reports it done.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../shared/contract";
import type { ReadProgress } from "../lib/attachmentState";
import { errorInfo } from "../lib/errors";
import { formatBytes } from "../lib/format";
import { typeKey } from "../lib/attachmentFiles";
import { AttachmentDocument, type AttachmentReading } from "./AttachmentDocument";
import { FileStatus } from "./FileStatus";

export function AttachmentView({
  attachment,
  progress,
  read,
  backTo,
  onBack,
}: {
  attachment: Attachment;
  progress: ReadProgress | null;
  read(id: string): Promise<AttachmentReading>;
  /** Where "Back" goes: the Attachments tab or the conversation the file was opened from. */
  backTo: "attachments" | "chat";
  onBack(): void;
}) {
  const { t, i18n } = useTranslation();
  const [reading, setReading] = useState<AttachmentReading | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { id, status } = attachment;
  // The view replaces the button that opened it: the focus moves to its title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (status === "reading") return;
    let live = true;
    setProblem(null);
    read(id)
      .then((r) => live && setReading(r))
      .catch((err: unknown) => live && setProblem(errorInfo(err).message));
    return () => {
      live = false;
    };
  }, [id, status, read]);
  return (
    <section className="panel attachment-view" aria-labelledby="attachment-view-title" data-testid="attachment-view">
      <div className="button-row no-print">
        <button type="button" className="button-secondary" onClick={onBack}>
          {backTo === "chat" ? t("documents.backToChat") : t("documents.back")}
        </button>
      </div>
      <h2 id="attachment-view-title" ref={title} tabIndex={-1}>{attachment.name}</h2>
      <p className="attachment-meta">
        {t(typeKey(attachment.mime, attachment.name))} · {formatBytes(attachment.size, i18n.language)}
      </p>
      <p className="attachment-reading">
        <FileStatus attachment={attachment} progress={progress} />
      </p>
      {status === "reading" ? <p className="muted">{t("documents.stillReading")}</p> : null}
      {problem ? <p className="kind-problem">{t("documents.loadFailed", { message: problem })}</p> : null}
      {status !== "reading" && !reading && !problem ? <p className="muted">{t("documents.loading")}</p> : null}
      {status !== "reading" && reading ? <AttachmentDocument reading={reading} /> : null}
    </section>
  );
}
