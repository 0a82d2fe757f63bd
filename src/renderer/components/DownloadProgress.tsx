/**
 * One model download: a labelled progress bar while it runs (indeterminate when the size is unknown),
 * then either "ready" or a plain failure message that says nothing was installed and what to do
 * instead, with the engine's reason below.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes, percentOf } from "../lib/format";
import type { ModelProgress } from "../state/downloads";

export function DownloadProgress({ progress, title }: { progress: ModelProgress; title: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const pct = percentOf(progress.receivedBytes, progress.totalBytes);
  const amount = progress.totalBytes
    ? t("models.progressOf", { received: formatBytes(progress.receivedBytes, i18n.language), total: formatBytes(progress.totalBytes, i18n.language) })
    : formatBytes(progress.receivedBytes, i18n.language);
  const label = t(`models.state.${progress.state}`, { model: title });
  if (progress.state === "failed") {
    return (
      <div className="download kind-problem" data-state="failed" data-testid="download-failed">
        <p className="download-label">{label}</p>
        <p>{t("models.downloadFailedHelp")}</p>
        {progress.message ? <p className="small download-detail">{t("models.detail", { message: progress.message })}</p> : null}
      </div>
    );
  }
  if (progress.state === "done") {
    return (
      <div className="download" data-state="done">
        <p className="download-label">{label}</p>
      </div>
    );
  }
  return (
    <div className="download" data-state={progress.state}>
      <label className="download-label" htmlFor={`${id}-bar`}>
        {label}
      </label>
      <progress id={`${id}-bar`} max={100} value={pct ?? undefined} aria-valuetext={pct === null ? amount : `${pct} % — ${amount}`} />
      <p className="muted small">{amount}</p>
    </div>
  );
}
