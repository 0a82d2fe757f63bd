/**
 * Settings: reading (language, text size, contrast), the emergency-number region, the model,
 * health specialists' permission, where data lives with the privacy statement and "Delete all my
 * data", people, the clinic kiosk mode, the user's own content packs, and About (version, third-party licenses). Simple choices
 * save at once; the model form saves with its button.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgentSummary, CrisisLocale, ModelSettings, Settings, SettingsPatch } from "../../shared/contract";
import { useServices } from "../hooks/services";
import { RemoteHostDeclined, type AppInfo } from "../hooks/useSettings";
import type { useModels } from "../hooks/useModels";
import { errorInfo } from "../lib/errors";
import type { ModelProgress } from "../state/downloads";
import { AboutSection } from "./AboutSection";
import { ConsentSettings } from "./ConsentSettings";
import { DeleteAllData } from "./DeleteAllData";
import { ProfilesSettings } from "./ProfilesSettings";
import { KioskSettings } from "./KioskSettings";
import { ModelLibrary } from "./ModelLibrary";
import { ActiveModel, ModelChoice } from "./ModelChoice";
import { ReadingSettings } from "./ReadingSettings";
import { StorageStatement } from "./StorageStatement";
import { UserPacksSection } from "./UserPacksSection";

export function SettingsPanel({
  settings,
  info,
  agents,
  models,
  downloads,
  update,
  onDataDeleted,
}: {
  settings: Settings;
  info: AppInfo | null;
  agents: AgentSummary[];
  models: ReturnType<typeof useModels>;
  downloads: Record<string, ModelProgress>;
  update(patch: SettingsPatch): Promise<Settings>;
  onDataDeleted(): void;
}) {
  const { t } = useTranslation();
  // Deleting all data withdraws consent: a new key reloads the consent section.
  const [erased, setErased] = useState(0);
  const { announce, reportError } = useServices();
  const save = async (patch: SettingsPatch) => {
    try {
      await update(patch);
      announce(t("settings.saved"));
    } catch (err) {
      if (err instanceof RemoteHostDeclined) return;
      reportError(t("settings.saveFailed", { message: errorInfo(err).message }));
    }
  };
  const chooseModel = async (model: ModelSettings) => {
    await save({ model });
    models.refresh();
  };
  const locales: CrisisLocale[] = info?.locales ?? ["US", "EU", "UK", "AU"];
  // On a shared kiosk the clinic set up the model and content; the visitor's own erase is the kiosk bar's.
  const kiosk = info?.kiosk ?? false;
  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t("settings.title")}</h2>

      <section className="settings-section" aria-labelledby="settings-reading">
        <h3 id="settings-reading">{t("settings.readingTitle")}</h3>
        <ReadingSettings settings={settings} onChange={(patch) => void save(patch)} />
      </section>

      <section className="settings-section" aria-labelledby="settings-crisis">
        <h3 id="settings-crisis">{t("settings.crisisTitle")}</h3>
        <div className="field">
          <label htmlFor="crisis-locale">{t("settings.crisisLabel")}</label>
          <select id="crisis-locale" value={settings.crisisLocale} onChange={(e) => void save({ crisisLocale: e.target.value as CrisisLocale })} aria-describedby="crisis-hint">
            {locales.map((l) => (
              <option key={l} value={l}>
                {t(`settings.locale.${l}`)}
              </option>
            ))}
          </select>
          <p id="crisis-hint" className="hint">
            {t("settings.crisisHint")}
          </p>
        </div>
      </section>

      <section className="settings-section" aria-labelledby="settings-model">
        <h3 id="settings-model">{t("settings.modelTitle")}</h3>
        <ActiveModel models={models.models} />
        {models.problem ? <p className="kind-problem">{t("models.failed", { message: models.problem })}</p> : null}
        {kiosk ? null : <ModelChoice key={JSON.stringify(settings.model)} current={settings.model} models={models.models} onSave={chooseModel} />}
        {models.models && !kiosk ? <ModelLibrary models={models.models} downloads={downloads} onChanged={models.refresh} onUseModel={(m) => void chooseModel(m)} /> : null}
      </section>

      <section className="settings-section" aria-labelledby="settings-consent">
        <h3 id="settings-consent">{t("settings.consentTitle")}</h3>
        <ConsentSettings key={erased} agents={agents} />
      </section>

      <section className="settings-section" aria-labelledby="settings-data">
        <h3 id="settings-data">{t("settings.dataTitle")}</h3>
        <p>{t(kiosk ? "kiosk.privacy" : "settings.privacy")}</p>
        <dl className="facts">
          {kiosk ? null : (
            <>
              <dt>{t("settings.dataFolder")}</dt>
              <dd>
                <code data-testid="data-dir">{info?.dataDir ?? "—"}</code>
              </dd>
            </>
          )}
          <dt>{t("settings.version")}</dt>
          <dd>{info?.version ?? "—"}</dd>
          <dt>{t("settings.runningIn")}</dt>
          <dd>{info ? t(`settings.host.${info.host}`) : "—"}</dd>
        </dl>
        <StorageStatement info={info} />
        {kiosk ? null : (
          <DeleteAllData
            onDeleted={() => {
              setErased((n) => n + 1);
              onDataDeleted();
            }}
          />
        )}
      </section>

      {kiosk ? null : <ProfilesSettings />}

      {kiosk || !info ? null : <KioskSettings host={info.host} />}

      {kiosk ? null : <UserPacksSection />}

      <AboutSection info={info} />
    </section>
  );
}
