/**
 * Inside a kiosk turned on by the admin setting: a small, labelled "Clinic staff" button in the kiosk bar,
 * opening the admin PIN and "Turn off kiosk mode". Not shown where the kiosk was started with --kiosk
 * (nothing to turn off here) or where the host has no setting.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { useKioskStatus } from "../hooks/useKioskStatus";
import { KioskOffForm, type TakesEffect } from "./KioskOffForm";
import { Modal } from "./Modal";

export function KioskStaff() {
  const { t } = useTranslation();
  const { client, announce } = useServices();
  const { status } = useKioskStatus(client);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<TakesEffect | null>(null);
  if (done)
    return (
      <p className="kiosk-staff-done" data-testid="kiosk-staff-done">
        {t(done === "relaunch" ? "kioskAdmin.offRelaunch" : "kioskAdmin.offRestart")}
      </p>
    );
  if (status?.mode !== "setting") return null;
  return (
    <>
      <button type="button" className="button-secondary kiosk-staff" onClick={() => setOpen(true)} data-testid="kiosk-staff">
        {t("kioskAdmin.staff")}
      </button>
      {open ? (
        <Modal labelledBy={`${id}-title`} describedBy={`${id}-body`} onCancel={() => setOpen(false)} testId="kiosk-staff-dialog">
          <h2 id={`${id}-title`}>{t("kioskAdmin.staffTitle")}</h2>
          <p id={`${id}-body`}>{t("kioskAdmin.staffBody")}</p>
          {status.unreadable ? <p className="notice">{t("kioskAdmin.unreadable")}</p> : null}
          <KioskOffForm
            onCancel={() => setOpen(false)}
            onDone={(effect) => {
              setOpen(false);
              setDone(effect);
              announce(t(effect === "relaunch" ? "kioskAdmin.offRelaunch" : "kioskAdmin.offRestart"));
            }}
          />
        </Modal>
      ) : null}
    </>
  );
}
