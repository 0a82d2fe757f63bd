/**
 * The first-run welcome: what Carefold is and is not, reading preferences, and getting a model
 * ready (Ollama, a download, or an import). Every step can be skipped; finishing sets firstRunDone.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModelSettings, Settings, SettingsPatch } from "../../shared/contract";
import { useServices } from "../hooks/services";
import type { useModels } from "../hooks/useModels";
import { errorInfo } from "../lib/errors";
import type { ModelProgress } from "../state/downloads";
import { ModelLibrary } from "./ModelLibrary";
import { ActiveModel } from "./ModelChoice";
import { ReadingSettings } from "./ReadingSettings";
import { RemoteHostDeclined } from "../hooks/useSettings";

const DOES = ["prepare", "organize", "paperwork", "track"] as const;
const NEVER = ["diagnose", "prescribe", "emergency"] as const;

export function FirstRun({
  settings,
  models,
  downloads,
  update,
}: {
  settings: Settings;
  models: ReturnType<typeof useModels>;
  downloads: Record<string, ModelProgress>;
  update(patch: SettingsPatch): Promise<Settings>;
}) {
  const { t } = useTranslation();
  const { announce, reportError } = useServices();
  const [step, setStep] = useState<1 | 2>(1);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);

  const save = async (patch: SettingsPatch) => {
    try {
      await update(patch);
    } catch (err) {
      if (err instanceof RemoteHostDeclined) return;
      reportError(t("settings.saveFailed", { message: errorInfo(err).message }));
    }
  };
  const chooseModel = async (model: ModelSettings) => {
    await save({ model });
    models.refresh();
    announce(t("settings.saved"));
  };
  const finish = () => void save({ firstRunDone: true });

  return (
    <section className="panel first-run" aria-labelledby="first-run-title">
      <p className="step-count">{t("firstRun.step", { step, total: 2 })}</p>
      {step === 1 ? (
        <>
          <h2 id="first-run-title" ref={heading} tabIndex={-1}>
            {t("firstRun.welcome")}
          </h2>
          <p className="intro">{t("firstRun.intro")}</p>
          <div className="two-columns">
            <div>
              <h3>{t("firstRun.doesTitle")}</h3>
              <ul>
                {DOES.map((k) => (
                  <li key={k}>{t(`firstRun.does.${k}`)}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3>{t("firstRun.neverTitle")}</h3>
              <ul>
                {NEVER.map((k) => (
                  <li key={k}>{t(`firstRun.never.${k}`)}</li>
                ))}
              </ul>
            </div>
          </div>
          <p className="notice">{t("firstRun.privacy")}</p>
          <h3>{t("firstRun.readingTitle")}</h3>
          <ReadingSettings settings={settings} onChange={(patch) => void save(patch)} />
          <div className="button-row first-run-actions">
            <button type="button" className="button-primary" onClick={() => setStep(2)}>
              {t("firstRun.next")}
            </button>
            <button type="button" className="button-secondary" onClick={finish}>
              {t("firstRun.skip")}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id="first-run-title" ref={heading} tabIndex={-1}>
            {t("firstRun.modelTitle")}
          </h2>
          <p className="intro">{t("firstRun.modelIntro")}</p>
          <ActiveModel models={models.models} />
          {models.models ? <ModelLibrary models={models.models} downloads={downloads} onChanged={models.refresh} onUseModel={(m) => void chooseModel(m)} headingLevel={3} place="firstRun" /> : null}
          <p className="muted">{t("firstRun.later")}</p>
          <div className="button-row first-run-actions">
            <button type="button" className="button-primary" onClick={finish}>
              {t("firstRun.finish")}
            </button>
            <button type="button" className="button-secondary" onClick={() => setStep(1)}>
              {t("firstRun.back")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
