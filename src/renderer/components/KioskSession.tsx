/**
 * What a kiosk visitor sees of their session: that nothing is kept, a visible "End my session and
 * erase" (confirmed, since it cannot be undone), and the "Are you still here?" countdown. The number
 * counts down on screen; the dialog is announced once when it opens, not every second. `children`: what
 * else the bar holds (the clinic staff's button).
 */
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IdlePhase } from "../lib/kioskIdle";
import { ConfirmDialog } from "./ConfirmDialog";
import { Modal } from "./Modal";

export function KioskSession({ phase, countdownSeconds, onStillHere, onEnd, children }: { phase: IdlePhase; countdownSeconds: number; onStillHere(): void; onEnd(): void; children?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="kiosk-bar" aria-label={t("kiosk.region")} data-testid="kiosk-bar">
      <p>{t("kiosk.notice")}</p>
      <button type="button" className="button-danger" onClick={() => setConfirming(true)} data-testid="kiosk-end">
        {t("kiosk.end")}
      </button>
      {children}
      {confirming ? (
        <ConfirmDialog
          title={t("kiosk.confirmTitle")}
          body={t("kiosk.confirmBody")}
          confirmLabel={t("kiosk.confirm")}
          cancelLabel={t("kiosk.cancel")}
          onConfirm={onEnd}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {phase.phase === "asking" ? (
        <Modal labelledBy={`${id}-idle`} describedBy={`${id}-idle-body`} onCancel={onStillHere} testId="kiosk-idle" className="kiosk-idle">
          <h2 id={`${id}-idle`}>{t("kiosk.idleTitle")}</h2>
          <p id={`${id}-idle-body`}>{t("kiosk.idleBody", { count: countdownSeconds })}</p>
          <p className="kiosk-countdown" aria-hidden="true" data-testid="kiosk-countdown">
            {phase.secondsLeft}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button-primary" onClick={onStillHere} data-autofocus data-testid="kiosk-still-here">
              {t("kiosk.stillHere")}
            </button>
            <button type="button" className="button-secondary" onClick={onEnd}>
              {t("kiosk.endNow")}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
