/** Health specialists' permission in Settings: see it, allow all, or withdraw it (consent.get/set). */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgentSummary, ConsentState } from "../../shared/contract";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";

export function ConsentSettings({ agents }: { agents: AgentSummary[] }) {
  const { t } = useTranslation();
  const { client, announce } = useServices();
  const [consent, setConsent] = useState<ConsentState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const show = useCallback(
    (err: unknown) => {
      const info = errorInfo(err);
      setProblem(info.code === "unavailable" ? t("consent.unavailable", { message: info.message }) : info.message);
    },
    [t],
  );

  useEffect(() => {
    client["consent.get"]({})
      .then(setConsent)
      .catch(show);
  }, [client, show]);

  // The box shows the user's choice at once (a controlled box that waits for the engine snaps back
  // under the pointer); it stays disabled until the engine answers, and returns if saving failed.
  const [savingGlobal, setSavingGlobal] = useState(false);
  const setGlobal = async (granted: boolean) => {
    if (!consent) return;
    const before = consent;
    setConsent({ ...consent, global: granted });
    setSavingGlobal(true);
    try {
      setConsent(await client["consent.set"]({ scope: "global", granted }));
      setProblem(null);
      announce(granted ? t("consent.allowedAll") : t("consent.withdrawnAll"));
    } catch (err) {
      setConsent(before);
      show(err);
    } finally {
      setSavingGlobal(false);
    }
  };
  const withdraw = async (agentId: string) => {
    try {
      setConsent(await client["consent.set"]({ scope: "agent", agentId, granted: false }));
      setProblem(null);
      announce(t("consent.withdrawn"));
    } catch (err) {
      show(err);
    }
  };
  const titleOf = (id: string) => agents.find((a) => a.id === id)?.title ?? id;

  return (
    <div className="consent-settings">
      <p>{t("consent.settingsIntro")}</p>
      {problem ? (
        <p className="kind-problem" role="status">
          {problem}
        </p>
      ) : null}
      {consent ? (
        <>
          <div className="check-field">
            <input
              id="consent-global"
              type="checkbox"
              className="checkbox"
              checked={consent.global}
              disabled={savingGlobal}
              aria-busy={savingGlobal}
              onChange={(e) => void setGlobal(e.target.checked)}
            />
            <label htmlFor="consent-global">{t("consent.globalLabel")}</label>
          </div>
          {!consent.persistent ? (
            <p className="notice" data-testid="consent-kiosk">
              {t("consent.kiosk")}
            </p>
          ) : null}
          <h4>{t("consent.perAgentTitle")}</h4>
          {consent.agents.length === 0 ? <p className="muted">{t("consent.noneAllowed")}</p> : null}
          <ul className="plain-list">
            {consent.agents.map((id) => (
              <li key={id} className="model-row">
                <span>{titleOf(id)}</span>
                <button type="button" className="button-secondary" onClick={() => void withdraw(id)}>
                  {t("consent.withdraw")}
                  <span className="visually-hidden"> {titleOf(id)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
