/** Language, text size (100–200 %) and the high-contrast theme; each saves as soon as it changes. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Settings, SettingsPatch } from "../../shared/contract";
import { clampScale, LANGUAGE_NAMES, TEXT_SCALE_MAX, TEXT_SCALE_MIN, TEXT_SCALE_STEP } from "../lib/reading";

export function ReadingSettings({ settings, onChange }: { settings: Settings; onChange(patch: SettingsPatch): void }) {
  const { t } = useTranslation();
  // The slider moves freely; the saved value follows when the user lets go (or on each key press).
  const [scale, setScale] = useState(settings.textScale);
  useEffect(() => setScale(settings.textScale), [settings.textScale]);
  const commit = (value: number) => {
    const next = clampScale(value);
    setScale(next);
    if (next !== settings.textScale) onChange({ textScale: next });
  };
  return (
    <>
      <div className="field">
        <label htmlFor="language">{t("settings.languageLabel")}</label>
        <select id="language" value={settings.language} onChange={(e) => onChange({ language: e.target.value as Settings["language"] })}>
          {(Object.keys(LANGUAGE_NAMES) as Settings["language"][]).map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="text-scale">{t("settings.textSizeLabel")}</label>
        <div className="scale-row">
          <button type="button" className="button-secondary" onClick={() => commit(scale - TEXT_SCALE_STEP)} disabled={scale <= TEXT_SCALE_MIN}>
            <span aria-hidden="true">{t("settings.smallerShort")}</span>
            <span className="visually-hidden">{t("settings.smaller")}</span>
          </button>
          <input
            id="text-scale"
            type="range"
            min={TEXT_SCALE_MIN}
            max={TEXT_SCALE_MAX}
            step={TEXT_SCALE_STEP}
            value={scale}
            aria-valuetext={`${scale} %`}
            onChange={(e) => commit(Number(e.target.value))}
          />
          <button type="button" className="button-secondary" onClick={() => commit(scale + TEXT_SCALE_STEP)} disabled={scale >= TEXT_SCALE_MAX}>
            <span aria-hidden="true">{t("settings.largerShort")}</span>
            <span className="visually-hidden">{t("settings.larger")}</span>
          </button>
          <output htmlFor="text-scale" className="scale-value" data-testid="text-scale-value">
            {scale} %
          </output>
        </div>
      </div>
      <div className="check-field">
        <input id="high-contrast" type="checkbox" className="checkbox" checked={settings.highContrast} onChange={(e) => onChange({ highContrast: e.target.checked })} />
        <label htmlFor="high-contrast">{t("settings.highContrast")}</label>
      </div>
    </>
  );
}
