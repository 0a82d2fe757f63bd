/**
 * The connection to the engine as the person sees it: one polite status while it reconnects (never a
 * stack of notices), and, for an address from an earlier launch, one clear page with what to do and no
 * message box to type into (a message typed there could never be answered).
 */
import { useTranslation } from "react-i18next";
import type { ConnectionStatus } from "../transport/client";

export function ReconnectingStatus({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={status === "disconnected" ? "connection-status" : "visually-hidden"} data-testid="connection-status">
      {status === "disconnected" ? t("errors.disconnected") : ""}
    </div>
  );
}

export function OutOfDateAddress() {
  const { t } = useTranslation();
  return (
    <main id="main" className="app-main out-of-date" tabIndex={-1} data-testid="out-of-date">
      <h2>{t("connection.outOfDateTitle")}</h2>
      <p>{t("connection.outOfDateBody")}</p>
      <p>{t("connection.outOfDateSafe")}</p>
    </main>
  );
}
