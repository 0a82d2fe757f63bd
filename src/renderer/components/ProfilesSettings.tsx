/**
 * Settings → People: the profiles of this installation (self, a parent, a child). Add one (a PIN is
 * optional), rename or lock the open one with a PIN, export its records as a zip, remove a person and
 * everything of theirs (after a confirmation), and how soon an unused profile returns to the picker.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { profileLabel, useProfile } from "../state/profiles";
import { ConfirmDialog } from "./ConfirmDialog";
import { downloadBlob } from "../lib/download";

const RELOCK_CHOICES = [5, 10, 30, 60, 0] as const;

function downloadBase64(fileName: string, base64: string): void {
  downloadBlob(fileName, new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: "application/zip" }));
}

function PinField({ id, label, value, onChange, show }: { id: string; label: string; value: string; onChange(v: string): void; show: boolean }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} type={show ? "text" : "password"} inputMode="numeric" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

export function ProfilesSettings() {
  const { t } = useTranslation();
  const { client, announce, reportError } = useServices();
  const profile = useProfile();
  const id = useId();
  const [newName, setNewName] = useState("");
  const [newPin, setNewPin] = useState("");
  const [rename, setRename] = useState<string | null>(null);
  const [pinNow, setPinNow] = useState("");
  const [pinNext, setPinNext] = useState("");
  const [showPins, setShowPins] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!profile) return null;
  const me = t("profiles.me");
  const current = profile.current;

  const run = async (work: () => unknown, done: string) => {
    setBusy(true);
    try {
      await work();
      announce(done);
      await profile.refresh();
    } catch (err) {
      reportError(t("profiles.failed", { message: errorInfo(err).message }));
    } finally {
      setBusy(false);
    }
  };
  const removeTarget = profile.profiles.find((p) => p.id === removing) ?? null;

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="profiles-settings">
      <h3 id={`${id}-title`}>{t("profiles.settingsTitle")}</h3>
      <p>{t("profiles.settingsHint")}</p>
      <ul className="profile-rows">
        {profile.profiles.map((p) => (
          <li key={p.id}>
            <span className="profile-name">{profileLabel(p, me)}</span>
            {p.id === current.id ? <span className="profile-open-note"> {t("profiles.openNow")}</span> : null}
            {p.hasPin ? <span className="profile-pin-note"> {t("profiles.hasPin")}</span> : null}
            {profile.profiles.length > 1 && (p.id === current.id || !p.hasPin) ? (
              <button type="button" className="button-danger-outline" disabled={busy} onClick={() => setRemoving(p.id)} aria-label={t("profiles.removeNamed", { name: profileLabel(p, me) })}>
                {t("profiles.remove")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>

      <h4>{t("profiles.renameTitle", { name: profileLabel(current, me) })}</h4>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const name = (rename ?? "").trim();
          if (name) void run(() => client["profiles.rename"]({ id: current.id, name }), t("profiles.renamed"));
          setRename(null);
        }}
      >
        <label htmlFor={`${id}-rename`}>{t("profiles.nameLabel")}</label>
        <input id={`${id}-rename`} value={rename ?? profileLabel(current, me)} maxLength={60} onChange={(e) => setRename(e.target.value)} />
        <button type="submit" className="button-secondary" disabled={busy}>
          {t("profiles.save")}
        </button>
      </form>

      <h4>{t("profiles.pinTitle")}</h4>
      <p className="hint">{t(current.hasPin ? "profiles.pinHintSet" : "profiles.pinHintNone")}</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const currentPin = current.hasPin ? { currentPin: pinNow } : {};
          void run(() => client["profiles.setPin"]({ pin: pinNext, ...currentPin }), t("profiles.pinSaved")).then(() => (setPinNow(""), setPinNext("")));
        }}
      >
        {current.hasPin ? <PinField id={`${id}-pin-now`} label={t("profiles.pinCurrent")} value={pinNow} onChange={setPinNow} show={showPins} /> : null}
        <PinField id={`${id}-pin-next`} label={t("profiles.pinNew")} value={pinNext} onChange={setPinNext} show={showPins} />
        <label className="check-row">
          <input type="checkbox" className="checkbox" checked={showPins} onChange={(e) => setShowPins(e.target.checked)} />
          {t("profiles.pin.show")}
        </label>
        <div className="button-row">
          <button type="submit" className="button-secondary" disabled={busy || pinNext.length < 4}>
            {t("profiles.pinSave")}
          </button>
          {current.hasPin ? (
            <button type="button" className="button-secondary" disabled={busy || pinNow.length === 0} onClick={() => void run(() => client["profiles.setPin"]({ currentPin: pinNow }), t("profiles.pinRemoved")).then(() => setPinNow(""))}>
              {t("profiles.pinRemove")}
            </button>
          ) : null}
        </div>
      </form>

      <h4>{t("profiles.exportTitle")}</h4>
      <p className="hint">{t("profiles.exportHint")}</p>
      <button
        type="button"
        className="button-secondary"
        disabled={busy}
        onClick={() =>
          void run(async () => {
            const out = await client["profiles.export"]({});
            downloadBase64(out.fileName, out.dataBase64);
          }, t("profiles.exported"))
        }
      >
        {t("profiles.export")}
      </button>

      <h4>{t("profiles.addTitle")}</h4>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const name = newName.trim();
          if (!name) return;
          void run(() => client["profiles.create"]({ name, ...(newPin ? { pin: newPin } : {}) }), t("profiles.added", { name })).then(() => (setNewName(""), setNewPin("")));
        }}
      >
        <label htmlFor={`${id}-new-name`}>{t("profiles.nameLabel")}</label>
        <input id={`${id}-new-name`} value={newName} maxLength={60} onChange={(e) => setNewName(e.target.value)} />
        <PinField id={`${id}-new-pin`} label={t("profiles.pinOptional")} value={newPin} onChange={setNewPin} show={showPins} />
        <button type="submit" className="button-secondary" disabled={busy || newName.trim().length === 0 || (newPin.length > 0 && newPin.length < 4)}>
          {t("profiles.add")}
        </button>
      </form>

      <h4>
        <label htmlFor={`${id}-relock`}>{t("profiles.relockLabel")}</label>
      </h4>
      <select
        id={`${id}-relock`}
        value={profile.relockMinutes}
        disabled={busy}
        onChange={(e) => void run(() => client["profiles.configure"]({ relockMinutes: Number(e.target.value) }), t("profiles.relockSaved"))}
      >
        {RELOCK_CHOICES.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t("profiles.relockNever") : t("profiles.relockMinutes", { minutes: m })}
          </option>
        ))}
      </select>
      <p className="hint">{t("profiles.relockHint")}</p>

      {removeTarget ? (
        <ConfirmDialog
          title={t("profiles.removeTitle", { name: profileLabel(removeTarget, me) })}
          body={t("profiles.removeBody", { name: profileLabel(removeTarget, me) })}
          confirmLabel={t("profiles.removeConfirm")}
          cancelLabel={t("profiles.removeKeep")}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            void run(() => client["profiles.remove"]({ id: removeTarget.id, confirm: true }), t("profiles.removed", { name: profileLabel(removeTarget, me) }));
          }}
        />
      ) : null}
    </section>
  );
}
