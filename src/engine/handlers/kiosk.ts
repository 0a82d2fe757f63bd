/**
 * What a kiosk visitor may not do: the clinic sets up the model and content, so a visitor cannot
 * download, import or remove models, point the app at another model server (their words would go
 * there), or pick files on the kiosk's disk; nor are they shown where the session's files are.
 */
import { EngineError } from "../../shared/rpc";
import type { EngineRequests } from "../../shared/contract";
import { engineText } from "../i18n";

const CLINIC_ONLY = ["models.pull", "models.import", "models.remove", "host.pickModelFile"] as const;

export function kioskRestricted(handlers: EngineRequests, language: () => "en" | "es" = () => "en"): EngineRequests {
  const refuse = async () => {
    throw new EngineError("unavailable", engineText(language(), "kiosk.clinicOnly"));
  };
  const settingsSet = handlers["settings.set"];
  const packs = handlers["content.packs"];
  return {
    ...handlers,
    ...Object.fromEntries(CLINIC_ONLY.map((m) => [m, refuse])),
    // A visitor is never shown where the session's files are.
    "content.packs": async (input) => ({ ...(await packs(input)), folder: null }),
    "settings.set": async (input) => {
      if (input.model !== undefined) return refuse();
      return settingsSet(input);
    },
  };
}
