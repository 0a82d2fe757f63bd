/**
 * The files a question was sent with, on the sent message: each by name (a button that opens what
 * Carefold read in it) and whether it was read, live while it is still being read.
 */
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../shared/contract";
import type { ReadProgress } from "../lib/attachmentState";
import type { SentFile } from "../state/conversation";
import { FileStatus } from "./FileStatus";

/** What the conversation knows of the user's files now. */
export interface FileLookup {
  items: Attachment[];
  progress: Record<string, ReadProgress>;
  onOpen(id: string): void;
}

export function SentFiles({ files, lookup }: { files: SentFile[]; lookup: FileLookup }) {
  const { t } = useTranslation();
  return (
    <div className="sent-files" role="group" aria-label={t("files.sentLabel")}>
      <span className="attached-title">{t("files.sentTitle", { count: files.length })}</span>
      <ul className="sent-file-list">
        {files.map((f) => {
          const a = lookup.items.find((x) => x.id === f.id) ?? null;
          return (
            <li key={f.id} className="sent-file" data-testid="sent-file">
              {a ? (
                <button type="button" className="link-button" onClick={() => lookup.onOpen(f.id)} aria-label={t("files.viewNamed", { name: f.name })}>
                  {f.name}
                </button>
              ) : (
                <span className="sent-file-name">{f.name}</span>
              )}
              {" — "}
              {a ? <FileStatus attachment={a} progress={lookup.progress[f.id]} /> : <span className="muted">{t("files.gone")}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
