/**
 * `profiles.*` asked of one engine directly: an engine is one profile's data, so it cannot list or open
 * others. The hosts answer these requests above the engines (src/engine/profiles/client.ts); a kiosk
 * visitor's session has no profiles at all.
 */
import type { profileRequests } from "../../shared/profileSchemas";
import { EngineError } from "../../shared/rpc";
import { engineText, type EngineLanguage } from "../i18n";
import type { Handlers } from "./types";

type ProfileMethod = keyof typeof profileRequests;

const METHODS: ProfileMethod[] = ["profiles.list", "profiles.create", "profiles.open", "profiles.lock", "profiles.rename", "profiles.setPin", "profiles.remove", "profiles.export", "profiles.configure"];

export function profileRefusals(kiosk: boolean, language: () => EngineLanguage = () => "en"): Handlers<ProfileMethod> {
  const refuse = async (): Promise<never> => {
    throw new EngineError("unavailable", engineText(language(), kiosk ? "profiles.errors.kiosk" : "profiles.errors.unavailable"));
  };
  return Object.fromEntries(METHODS.map((m) => [m, refuse])) as unknown as Handlers<ProfileMethod>;
}
