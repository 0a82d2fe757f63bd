/**
 * Consent for health (clinical_assist) specialists: what they do, what they never do, where to go in
 * an emergency, and three choices. Nothing is sent to them until the user allows it.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CrisisLocale } from "../../shared/contract";
import { crisisNumbers } from "../lib/crisisNumbers";
import type { ConsentPrompt } from "../state/consent";
import { actionText } from "./CrisisNumbers";
import { Modal } from "./Modal";

const NEVER = ["diagnose", "prescribe", "dose", "medicines", "emergency"] as const;

export function ConsentDialog({
  prompt,
  crisisLocale,
  busy,
  problem,
  kiosk = false,
  onAllow,
  onNotNow,
}: {
  prompt: ConsentPrompt;
  crisisLocale: CrisisLocale;
  /** A shared computer: the choice lasts for this session only. */
  kiosk?: boolean;
  busy: boolean;
  problem: string | null;
  onAllow(scope: "agent" | "global"): void;
  onNotNow(): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const numbers = crisisNumbers(crisisLocale, "911", i18n.language);
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-intro`} onCancel={onNotNow} className="modal-wide" testId="consent-dialog">
      <h2 id={`${id}-title`}>{t("consent.title")}</h2>
      <p id={`${id}-intro`}>{t("consent.intro", { count: prompt.agents.length })}</p>
      <ul className="consent-agents">
        {prompt.agents.map((a) => (
          <li key={a.id}>
            <strong>{a.title}</strong>
            <span> — {a.description}</span>
          </li>
        ))}
      </ul>
      <h3>{t("consent.neverTitle")}</h3>
      <ul className="consent-never">
        {NEVER.map((k) => (
          <li key={k}>{t(`consent.never.${k}`)}</li>
        ))}
      </ul>
      <div className="consent-emergency">
        <p>{t("consent.emergencyLead")}</p>
        <ul>
          {numbers.map((n) => (
            <li key={n.href}>
              <a href={n.href}>{actionText(t, n)}</a>
              <span> — {n.label}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="muted">{t("consent.revocable")}</p>
      {kiosk ? <p className="notice">{t("consent.kioskDialog")}</p> : null}
      <div aria-live="polite">{problem ? <p className="kind-problem">{problem}</p> : null}</div>
      <div className="dialog-actions">
        <button type="button" className="button-primary" disabled={busy} onClick={() => onAllow("agent")}>
          {t("consent.allowThis", { count: prompt.agents.length })}
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={() => onAllow("global")}>
          {t("consent.allowAll")}
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={onNotNow} data-autofocus>
          {t("consent.notNow")}
        </button>
      </div>
    </Modal>
  );
}
