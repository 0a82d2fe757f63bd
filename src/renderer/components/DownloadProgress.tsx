/** One model download as a labelled progress bar (indeterminate when the size is unknown). */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes, percentOf } from "../lib/format";
import type { ModelProgress } from "../state/downloads";

export function DownloadProgress({ progress }: { progress: ModelProgress }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const pct = percentOf(progress.receivedBytes, progress.totalBytes);
  const amount = progress.totalBytes
    ? t("models.progressOf", { received: formatBytes(progress.receivedBytes, i18n.language), total: formatBytes(progress.totalBytes, i18n.language) })
    : formatBytes(progress.receivedBytes, i18n.language);
  return (
    <div className="download" data-state={progress.state}>
      <label id={id} htmlFor={`${id}-bar`}>
        {t(`models.state.${progress.state}`, { model: progress.model })}
      </label>
      {progress.state === "downloading" || progress.state === "verifying" ? (
        <progress id={`${id}-bar`} max={100} value={pct ?? undefined} aria-valuetext={pct === null ? amount : `${pct} % — ${amount}`} />
      ) : (
        <progress id={`${id}-bar`} max={100} value={progress.state === "done" ? 100 : 0} />
      )}
      <p className="muted small">{progress.message ?? amount}</p>
    </div>
  );
}
