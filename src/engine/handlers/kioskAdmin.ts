/**
 * `kiosk.*`: the installation's kiosk setting, answered through the host (HostHooks.kioskAdmin), since it
 * is neither a profile's nor a visitor's. Where the host gives no hook (the plain CLI engine, `serve
 * --profile`) each is refused as unavailable. A kiosk visitor's engine may ask the status and turn the
 * setting off with the admin PIN (the clinic staff's button), never turn it on.
 */
import { EngineError } from "../../shared/rpc";
import { engineText, type EngineLanguage } from "../i18n";
import type { KioskAdminHooks, KioskRefusal } from "../kioskMode/admin";
import type { Handlers } from "./types";

/** Which sentence each refusal is, and its error code. */
const REFUSALS: Record<KioskRefusal["refused"], { code: "conflict" | "unavailable"; key: string }> = {
  already_on: { code: "conflict", key: "kiosk.admin.alreadyOn" },
  not_on: { code: "conflict", key: "kiosk.admin.notOn" },
  flag: { code: "unavailable", key: "kiosk.admin.flag" },
  no_verifier: { code: "unavailable", key: "kiosk.admin.noVerifier" },
};

export function kioskAdminHandlers({ admin, kiosk, language }: { admin: KioskAdminHooks | undefined; kiosk: boolean; language: () => EngineLanguage }): Handlers<"kiosk.status" | "kiosk.enable" | "kiosk.disable"> {
  const hooks = (): KioskAdminHooks => {
    if (!admin) throw new EngineError("unavailable", engineText(language(), "kiosk.admin.unavailable"));
    return admin;
  };
  const refuse = (r: KioskRefusal): never => {
    const { code, key } = REFUSALS[r.refused];
    throw new EngineError(code, engineText(language(), key));
  };
  return {
    "kiosk.status": async () => hooks().status(),
    "kiosk.enable": async (input) => {
      const h = hooks();
      if (kiosk) throw new EngineError("unavailable", engineText(language(), "kiosk.admin.enableInKiosk"));
      const r = await h.enable(input.adminPin, input.idleSeconds);
      if (!r.ok) return refuse(r);
      return { ok: true, takesEffect: h.takesEffect };
    },
    "kiosk.disable": async (input) => {
      const h = hooks();
      const r = await h.disable(input.adminPin);
      if (r.ok) return { ok: true, takesEffect: h.takesEffect };
      if ("refused" in r) return refuse(r);
      return { ok: false, reason: r.reason, retryAfterSeconds: r.retryAfterSeconds };
    },
  };
}
