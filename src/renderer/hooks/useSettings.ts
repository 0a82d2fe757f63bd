/**
 * Settings and app info: loaded at start, applied to the page (language, text size, theme), and
 * saved through settings.set. The engine's answer is what the page shows, never the optimistic value.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_SETTINGS, type RequestOutput, type Settings, type SettingsPatch } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";
import { errorInfo } from "../lib/errors";
import { remoteModelHost } from "../../shared/modelHosts";

export type AppInfo = RequestOutput<"app.info">;

/** The user chose not to send their words to a model server off this computer: nothing was saved. */
export class RemoteHostDeclined extends Error {
  constructor(readonly host: string) {
    super(`not confirmed: ${host}`);
    this.name = "RemoteHostDeclined";
  }
}

export function applySettingsToPage(settings: Settings, root: HTMLElement = document.documentElement): void {
  root.lang = settings.language;
  root.style.setProperty("--text-scale", String(settings.textScale / 100));
  root.dataset.theme = settings.highContrast ? "contrast" : "default";
}

export function useSettings(client: EngineClient, reportError: (message: string) => void) {
  const { i18n, t } = useTranslation();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [info, setInfo] = useState<AppInfo | null>(null);

  const apply = useCallback(
    (s: Settings) => {
      setSettings(s);
      applySettingsToPage(s);
      if (i18n.language !== s.language) void i18n.changeLanguage(s.language);
    },
    [i18n],
  );

  useEffect(() => {
    client["settings.get"]({})
      .then(apply)
      .catch((err: unknown) => {
        reportError(errorInfo(err).message);
        // Still show the app (with the problem listed) rather than a page that never finishes loading;
        // the welcome is not shown again for a failure.
        setSettings((current) => current ?? { ...DEFAULT_SETTINGS, firstRunDone: true });
      });
    client["app.info"]({})
      .then(setInfo)
      .catch((err: unknown) => reportError(errorInfo(err).message));
  }, [client, apply, reportError]);

  /** Saves a change; resolves with the saved settings, or throws the engine's error. */
  const update = useCallback(
    async (change: SettingsPatch) => {
      // A new model server off this computer gets everything the user types: ask, naming its host.
      const host = remoteModelHost(change.model);
      let patch = change;
      if (host && host !== remoteModelHost(settings?.model)) {
        if (!window.confirm(t("settings.remoteModelConfirm", { host }))) throw new RemoteHostDeclined(host);
        patch = { ...change, confirmRemoteHost: host };
      }
      const { confirmRemoteHost: _confirmed, ...shown } = patch;
      // Show the change at once (a checkbox must not flick back while the engine saves it), then
      // take the engine's answer; on failure go back to what was saved before.
      let before: Settings | null = null;
      setSettings((current) => {
        before = current;
        return current ? { ...current, ...shown } : current;
      });
      try {
        const saved = await client["settings.set"](patch);
        apply(saved);
        return saved;
      } catch (err) {
        if (before) apply(before);
        throw err;
      }
    },
    [client, apply, settings, t],
  );

  return { settings, info, update };
}
