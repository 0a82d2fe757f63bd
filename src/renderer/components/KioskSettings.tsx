/**
 * Settings → Clinic kiosk (outside a kiosk): what kiosk mode does, and turning it on with a new admin PIN,
 * typed twice (password fields a password manager can fill and paste works in: WCAG 3.3.8, no memory
 * puzzle), and the idle time, after a confirmation. The desktop app restarts as a kiosk; `carefold serve`
 * becomes one at its next start, and until then the change can be undone here with the admin PIN.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { useKioskStatus } from "../hooks/useKioskStatus";
import { errorInfo } from "../lib/errors";
import { ConfirmDialog } from "./ConfirmDialog";
import { KioskOffForm, type TakesEffect } from "./KioskOffForm";

const DONE_KEYS: Record<"on" | "off", Record<TakesEffect, string>> = {
  on: { relaunch: "kioskAdmin.onRelaunch", restart: "kioskAdmin.onRestart" },
  off: { relaunch: "kioskAdmin.offRelaunch", restart: "kioskAdmin.offRestartSettings" },
};

/** The form's problem, if any, as an i18n key: the two PINs and the idle seconds. */
export function enableProblem(pin: string, again: string, idle: string): string | null {
  if (pin.length < 4) return "kioskAdmin.pinTooShort";
  if (pin !== again) return "kioskAdmin.pinMismatch";
  const seconds = Number(idle);
  if (!Number.isInteger(seconds) || seconds < 30 || seconds > 3600) return "kioskAdmin.idleRange";
  return null;
}

export function KioskSettings({ host }: { host: "desktop" | "browser" | "cli" }) {
  const { t } = useTranslation();
  const { client, announce } = useServices();
  const { status, refresh } = useKioskStatus(client);
  const id = useId();
  const [pin, setPin] = useState("");
  const [again, setAgain] = useState("");
  const [idle, setIdle] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!status) return null;
  const idleText = idle ?? String(status.idleSeconds);

  const finish = (key: string) => {
    setDone(key);
    announce(t(key));
    void refresh();
  };
  const enable = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const r = await client["kiosk.enable"]({ adminPin: pin, idleSeconds: Number(idleText) });
      setPin("");
      setAgain("");
      finish(DONE_KEYS.on[r.takesEffect]);
    } catch (err) {
      setProblem(t("kioskAdmin.failed", { message: errorInfo(err).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="kiosk-settings">
      <h3 id={`${id}-title`}>{t("kioskAdmin.title")}</h3>
      <p>{t("kioskAdmin.about")}</p>
      {done ? (
        <p className="notice" data-testid="kiosk-settings-done">
          {t(done)}
        </p>
      ) : status.mode === "setting" ? (
        <>
          <p className="notice">{t(status.unreadable ? "kioskAdmin.unreadable" : "kioskAdmin.pendingOn")}</p>
          <KioskOffForm onDone={(effect) => finish(DONE_KEYS.off[effect])} />
        </>
      ) : status.mode === "off" ? (
        <form
          className="inline-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const key = enableProblem(pin, again, idleText);
            setProblem(key ? t(key) : null);
            if (!key) setConfirming(true);
          }}
        >
          <label htmlFor={`${id}-pin`}>{t("kioskAdmin.pinLabel")}</label>
          <input id={`${id}-pin`} type="password" autoComplete="new-password" value={pin} onChange={(e) => setPin(e.target.value)} aria-describedby={`${id}-pin-hint`} />
          <p id={`${id}-pin-hint`} className="hint">
            {t("kioskAdmin.pinHint")}
          </p>
          <label htmlFor={`${id}-again`}>{t("kioskAdmin.pinAgainLabel")}</label>
          <input id={`${id}-again`} type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
          <label htmlFor={`${id}-idle`}>{t("kioskAdmin.idleLabel")}</label>
          <input id={`${id}-idle`} type="number" inputMode="numeric" min={30} max={3600} step={1} value={idleText} onChange={(e) => setIdle(e.target.value)} aria-describedby={`${id}-idle-hint`} />
          <p id={`${id}-idle-hint`} className="hint">
            {t("kioskAdmin.idleHint")}
          </p>
          {problem ? (
            <p className="form-problem" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="button-secondary" disabled={busy}>
            {t("kioskAdmin.turnOn")}
          </button>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t("kioskAdmin.confirmTitle")}
          body={t(host === "desktop" ? "kioskAdmin.confirmBodyDesktop" : "kioskAdmin.confirmBodyBrowser")}
          confirmLabel={t("kioskAdmin.turnOn")}
          cancelLabel={t("kioskAdmin.notNow")}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void enable()}
        />
      ) : null}
    </section>
  );
}
