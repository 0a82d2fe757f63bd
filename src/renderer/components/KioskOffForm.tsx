/**
 * The admin PIN and "Turn off kiosk mode": in the clinic staff's dialog inside a kiosk, and in Settings
 * while a change waits for `carefold serve` to restart. A password field the browser's password manager
 * can fill, paste allowed (WCAG 3.3.8); a wrong PIN and the wait after several are said plainly.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";

export type TakesEffect = "relaunch" | "restart";

export function KioskOffForm({ onDone, onCancel }: { onDone(takesEffect: TakesEffect): void; /** In a dialog: its Cancel. */ onCancel?(): void }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const id = useId();
  const [pin, setPin] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (pin.length < 4) return setProblem(t("kioskAdmin.pinTooShort"));
    setBusy(true);
    setProblem(null);
    try {
      const r = await client["kiosk.disable"]({ adminPin: pin });
      if (r.ok) return onDone(r.takesEffect);
      setPin("");
      if (r.reason === "wait") setProblem(t("kioskAdmin.wait", { seconds: r.retryAfterSeconds }));
      else setProblem(r.retryAfterSeconds > 0 ? t("kioskAdmin.wrongWait", { seconds: r.retryAfterSeconds }) : t("kioskAdmin.wrong"));
    } catch (err) {
      setProblem(t("kioskAdmin.failed", { message: errorInfo(err).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={onCancel ? "kiosk-off-form" : "pin-form"}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-pin`}>{t("kioskAdmin.adminPinLabel")}</label>
      <input
        id={`${id}-pin`}
        type="password"
        autoComplete="current-password"
        value={pin}
        onChange={(e) => setPin(e.target.value)}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        {...(onCancel ? { "data-autofocus": true } : {})}
      />
      {problem ? (
        <p id={`${id}-problem`} className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className={onCancel ? "dialog-actions" : "button-row"}>
        {onCancel ? (
          <button type="button" className="button-secondary" onClick={onCancel}>
            {t("kioskAdmin.close")}
          </button>
        ) : null}
        <button type="submit" className="button-primary" disabled={busy}>
          {t("kioskAdmin.turnOff")}
        </button>
      </div>
    </form>
  );
}
