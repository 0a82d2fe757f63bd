/**
 * The kiosk setting as a host offers it to its engines (HostHooks.kioskAdmin): the desktop shell and
 * `carefold serve` make one over their data folder and give it to every engine they start (profiles,
 * kiosk visitors), because the setting is the installation's. The engine's handlers (handlers/kioskAdmin.ts)
 * decide who may ask what; this says what the setting is and changes it. Admin PIN tries run one at a
 * time, so parallel guesses cannot all skip the wait.
 */
import type { KioskStatus } from "../../shared/kioskSchemas";
import type { PinCheck } from "../profiles/pin";
import { readKioskSetting, turnKioskOff, turnKioskOn } from "./setting";

/** Why a change was not made (the handlers word it): on already, off already, started with --kiosk, no readable admin PIN. */
export type KioskRefusal = { ok: false; refused: "already_on" | "not_on" | "flag" | "no_verifier" };

export interface KioskAdminHooks {
  status(): KioskStatus;
  /** How a change takes effect here: the desktop app relaunches itself; `carefold serve` at its next start. */
  readonly takesEffect: "relaunch" | "restart";
  enable(adminPin: string, idleSeconds?: number): Promise<{ ok: true } | KioskRefusal>;
  disable(adminPin: string): Promise<PinCheck | KioskRefusal>;
}

export interface KioskAdminOptions {
  /** The installation's data folder (not a profile's). */
  root: string;
  /** Started with --kiosk: that kiosk cannot be turned off from inside it. */
  flag: boolean;
  /** The flag's idle time (the setting's is in kiosk.json). */
  flagIdleSeconds?: number;
  takesEffect: "relaunch" | "restart";
  /** After the setting changed (the desktop shell relaunches; called after the answer is on its way). */
  onChanged?(): void;
  now?: () => number;
}

export function kioskAdmin(options: KioskAdminOptions): KioskAdminHooks {
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  const changed = () => {
    if (options.onChanged) setTimeout(options.onChanged, 300).unref?.();
  };
  const status = (): KioskStatus => {
    const setting = readKioskSetting(options.root);
    const unreadable = setting.state === "unreadable";
    if (options.flag) return { mode: "flag", idleSeconds: options.flagIdleSeconds ?? setting.idleSeconds, unreadable };
    return { mode: setting.state === "off" ? "off" : "setting", idleSeconds: setting.idleSeconds, unreadable };
  };
  // Checked inside the queue: two requests at once cannot both pass the check and then both write.
  return {
    takesEffect: options.takesEffect,
    status,
    enable: (adminPin, idleSeconds) =>
      oneAtATime(async () => {
        if (status().mode !== "off") return { ok: false, refused: "already_on" } as const;
        await turnKioskOn(options.root, adminPin, idleSeconds);
        changed();
        return { ok: true } as const;
      }),
    disable: (adminPin) =>
      oneAtATime(async () => {
        const mode = status().mode;
        if (mode !== "setting") return { ok: false, refused: mode === "flag" ? "flag" : "not_on" } as const;
        const result = await turnKioskOff(options.root, adminPin, (options.now ?? Date.now)());
        if (!result.ok && result.reason === "no_verifier") return { ok: false, refused: "no_verifier" } as const;
        if (result.ok) changed();
        return result as PinCheck;
      }),
  };
}
