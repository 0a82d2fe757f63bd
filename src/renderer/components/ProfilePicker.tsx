/**
 * "Who is using Carefold?": one button per person; a profile with a PIN asks for it (plain digits are
 * fine, paste allowed, a "Show PIN" switch: WCAG 3.3.8, no memory puzzle). Wrong tries make the next one
 * wait; nothing is ever erased for them.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileSummary } from "../../shared/profileSchemas";
import type { EngineClient } from "../transport/connect";
import { profileLabel } from "../state/profiles";

export function ProfilePicker({
  client,
  profiles,
  lockedReason,
  onOpened,
}: {
  client: EngineClient;
  profiles: ProfileSummary[];
  lockedReason: "idle" | "removed" | null;
  onOpened(): void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<ProfileSummary | null>(null);
  const [pin, setPin] = useState("");
  const [showPin, setShowPin] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const me = t("profiles.me");

  useEffect(() => {
    if (asking) pinInput.current?.focus();
    else heading.current?.focus();
  }, [asking]);

  const open = async (profile: ProfileSummary, given?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const r = await client["profiles.open"]({ id: profile.id, ...(given !== undefined ? { pin: given } : {}) });
      if (r.opened) return onOpened();
      if (r.reason === "pin_needed") return setAsking(profile);
      setProblem(r.reason === "wait" || r.retryAfterSeconds > 0 ? t("profiles.pin.wait", { seconds: r.retryAfterSeconds }) : t("profiles.pin.wrong"));
      setPin("");
      pinInput.current?.focus();
    } catch {
      setProblem(t("profiles.openFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="app view-profiles">
      <header className="app-header">
        <div className="brand">
          <h1>{t("app.title")}</h1>
          <p className="tagline">{t("app.tagline")}</p>
        </div>
      </header>
      <main id="main" className="panel profile-picker" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {asking ? t("profiles.pin.title", { name: profileLabel(asking, me) }) : t("profiles.pickerTitle")}
        </h2>
        {lockedReason && !asking ? <p className="notice" role="status">{t(`profiles.locked.${lockedReason}`)}</p> : null}
        {asking ? (
          <form
            className="pin-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (pin.length > 0) void open(asking, pin);
            }}
          >
            <label htmlFor={`${id}-pin`}>{t("profiles.pin.label")}</label>
            <input
              id={`${id}-pin`}
              ref={pinInput}
              type={showPin ? "text" : "password"}
              inputMode="numeric"
              autoComplete="off"
              value={pin}
              onChange={(e) => setPin(e.target.value)}
              aria-describedby={problem ? `${id}-problem` : undefined}
              aria-invalid={problem ? true : undefined}
            />
            <label className="check-row">
              <input type="checkbox" className="checkbox" checked={showPin} onChange={(e) => setShowPin(e.target.checked)} />
              {t("profiles.pin.show")}
            </label>
            {problem ? (
              <p id={`${id}-problem`} className="form-problem" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="button-row">
              <button type="submit" className="button-primary" disabled={busy || pin.length === 0}>
                {t("profiles.pin.open")}
              </button>
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  setAsking(null);
                  setPin("");
                  setProblem(null);
                }}
              >
                {t("profiles.pin.back")}
              </button>
            </div>
          </form>
        ) : (
          <>
            <ul className="profile-list">
              {profiles.map((p) => (
                <li key={p.id}>
                  <button type="button" className="profile-button" disabled={busy} onClick={() => void (p.hasPin ? setAsking(p) : open(p))}>
                    <span className="profile-name">{profileLabel(p, me)}</span>
                    {p.hasPin ? <span className="profile-pin-note">{t("profiles.hasPin")}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
            {problem ? (
              <p className="form-problem" role="alert">
                {problem}
              </p>
            ) : null}
            <p className="hint">{t("profiles.pickerHint")}</p>
          </>
        )}
      </main>
    </div>
  );
}
