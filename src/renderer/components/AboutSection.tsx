/**
 * About Carefold: the version, and the third-party licenses of what ships (from `app.licenses`, a list
 * generated from the dependency tree at build time). The list is loaded only when asked for.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RequestOutput } from "../../shared/contract";
import { useServices } from "../hooks/services";
import type { AppInfo } from "../hooks/useSettings";
import { errorInfo } from "../lib/errors";

type Licenses = RequestOutput<"app.licenses">;

export function AboutSection({ info }: { info: AppInfo | null }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [licenses, setLicenses] = useState<Licenses | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = () => {
    setProblem(null);
    client["app.licenses"]({})
      .then(setLicenses)
      .catch((err: unknown) => setProblem(errorInfo(err).message));
  };
  return (
    <section className="settings-section" aria-labelledby="settings-about">
      <h3 id="settings-about">{t("settings.aboutTitle")}</h3>
      <p>{t("settings.aboutText", { version: info?.version ?? "—" })}</p>
      <h4>{t("settings.licensesTitle")}</h4>
      {licenses === null ? (
        <button type="button" className="button-secondary" onClick={load}>
          {t("settings.licensesShow")}
        </button>
      ) : !licenses.available ? (
        <p className="muted">{t("settings.licensesMissing")}</p>
      ) : (
        <>
          <p>{t("settings.licensesCount", { count: licenses.packages.length })}</p>
          <ul className="plain-list licenses" aria-label={t("settings.licensesTitle")} data-testid="licenses">
            {licenses.packages.map((p) => (
              <li key={`${p.name}@${p.version}`}>
                <details>
                  <summary>
                    {p.name} {p.version} — {p.license}
                  </summary>
                  {p.repository ? <p className="small muted">{p.repository}</p> : null}
                  {p.textId && licenses.texts[p.textId] ? <pre className="license-text">{licenses.texts[p.textId]}</pre> : <p className="small">{t("settings.licenseNoText")}</p>}
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
      {problem ? <p className="kind-problem">{t("settings.licensesFailed", { message: problem })}</p> : null}
    </section>
  );
}
