/** A file's reading state in words, wherever the file is listed (composer, sent message, Attachments tab). */
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../shared/contract";
import { fileState, type ReadProgress } from "../lib/attachmentState";

export function FileStatus({ attachment, progress, sending = false }: { attachment: Attachment; progress?: ReadProgress | null; sending?: boolean }) {
  const { t } = useTranslation();
  const state = fileState(attachment, progress, sending);
  return (
    <span className={`file-status file-${state.tone}`} data-tone={state.tone}>
      {state.lines.map((line, i) => (
        <span key={line.key} className="file-status-line">
          {i > 0 ? " " : null}
          {t(line.key, line.params)}
        </span>
      ))}
    </span>
  );
}
