/**
 * "Delete all my data": every conversation, attachment, note and workspace file, and consent, after a
 * confirmation that says what goes and what stays. Settings and model files are kept.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { ConfirmDialog } from "./ConfirmDialog";

export function DeleteAllData({ onDeleted }: { onDeleted(): void }) {
  const { t } = useTranslation();
  const { client, announce, reportError } = useServices();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const erase = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await client["data.deleteAll"]({ confirm: true });
      onDeleted();
      announce(t("settings.deleteAll.done"));
    } catch (err) {
      reportError(t("settings.deleteAll.failed", { message: errorInfo(err).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="delete-all" data-testid="delete-all">
      <h4>{t("settings.deleteAll.title")}</h4>
      <p>{t("settings.deleteAll.hint")}</p>
      <button type="button" className="button-danger-outline" onClick={() => setConfirming(true)} disabled={busy}>
        {t("settings.deleteAll.button")}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t("settings.deleteAll.confirmTitle")}
          body={t("settings.deleteAll.confirmBody")}
          confirmLabel={t("settings.deleteAll.confirm")}
          cancelLabel={t("settings.deleteAll.keep")}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void erase()}
        />
      ) : null}
    </div>
  );
}
