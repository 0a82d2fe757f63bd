/**
 * The installation's kiosk setting, in the data folder itself (the desktop's userData, `serve --data-dir`),
 * never in a profile's: `kiosk.json` {version, enabled, idleSeconds}, written atomically (0600), and the
 * admin PIN's scrypt verifier beside it (`kiosk-admin-pin.json`, profiles/pin.ts, which also makes
 * wrong tries wait) — not in keys/, which belongs to the first profile and goes when that profile is removed.
 *
 * A kiosk.json that is there but cannot be read (corrupt, a newer version's, not readable) counts as
 * kiosk mode ON: a clinic kiosk must never quietly start as the normal app, with its profiles, because a
 * file went bad. Whoever can reach the data folder (the computer's administrator) deletes the file to
 * turn it off; a visitor at the kiosk window cannot.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { KioskIdleSecondsSchema } from "../../shared/kioskSchemas";
import { checkPinFile, hasPinFile, setPinFile, type PinCheck } from "../profiles/pin";
import { writeFileAtomic } from "../storage/atomicWrite";

/** A kiosk asks after 3 minutes without input, then counts down 30 s (WCAG 2.2.1: at least 20 s to answer). */
export const DEFAULT_KIOSK_SESSION = { idleSeconds: 180, countdownSeconds: 30 };

export const KIOSK_FILE = "kiosk.json";
export const ADMIN_PIN_FILE = "kiosk-admin-pin.json";

const KioskFileSchema = z.strictObject({ version: z.literal(1), enabled: z.boolean(), idleSeconds: KioskIdleSecondsSchema });

export type KioskSetting =
  | { state: "off" | "on"; idleSeconds: number }
  /** On, with the default idle time; `problem` says why the file could not be read. */
  | { state: "unreadable"; idleSeconds: number; problem: string };

export type KioskOffResult = PinCheck | { ok: false; reason: "no_verifier" };

export function readKioskSetting(root: string): KioskSetting {
  let text: string;
  try {
    text = readFileSync(join(root, KIOSK_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { state: "off", idleSeconds: DEFAULT_KIOSK_SESSION.idleSeconds };
    return unreadable(err);
  }
  try {
    const file = KioskFileSchema.parse(JSON.parse(text));
    return { state: file.enabled ? "on" : "off", idleSeconds: file.idleSeconds };
  } catch (err) {
    return unreadable(err);
  }
}

function unreadable(err: unknown): KioskSetting {
  const why = err instanceof z.ZodError ? "not a kiosk setting this version of Carefold can read" : err instanceof Error ? err.message : String(err);
  return { state: "unreadable", idleSeconds: DEFAULT_KIOSK_SESSION.idleSeconds, problem: why };
}

/** What a host says on stderr when the setting cannot be read, so the administrator knows where to look. */
export function unreadableNotice(root: string, setting: Extract<KioskSetting, { state: "unreadable" }>): string {
  return `Carefold: ${join(root, KIOSK_FILE)} cannot be read (${setting.problem}): starting as a clinic kiosk. To leave kiosk mode, turn it off with the admin PIN, or delete that file.`;
}

function write(root: string, enabled: boolean, idleSeconds: number): void {
  writeFileAtomic(join(root, KIOSK_FILE), JSON.stringify({ version: 1, enabled, idleSeconds }, null, 2) + "\n");
}

/** Turns kiosk mode on with a new admin PIN: the verifier first, so an "on" setting always has one. */
export async function turnKioskOn(root: string, adminPin: string, idleSeconds: number = DEFAULT_KIOSK_SESSION.idleSeconds): Promise<void> {
  KioskIdleSecondsSchema.parse(idleSeconds);
  await setPinFile(join(root, ADMIN_PIN_FILE), adminPin);
  write(root, true, idleSeconds);
}

/**
 * Turns kiosk mode off when `adminPin` is right (a wrong try counts and may make the next one wait).
 * Without a readable verifier nothing opens it: pin.ts accepts any PIN where there is none, and a lost
 * verifier must not turn into "no PIN needed".
 */
export async function turnKioskOff(root: string, adminPin: string, now: number = Date.now()): Promise<KioskOffResult> {
  const pinFile = join(root, ADMIN_PIN_FILE);
  let check: PinCheck;
  try {
    if (!hasPinFile(pinFile)) return { ok: false, reason: "no_verifier" };
    check = await checkPinFile(pinFile, adminPin, now);
  } catch {
    return { ok: false, reason: "no_verifier" }; // a corrupt verifier
  }
  if (!check.ok) return check;
  const current = readKioskSetting(root);
  write(root, false, current.idleSeconds);
  // The old PIN is not kept: turning kiosk mode on again asks for a new one.
  await setPinFile(pinFile, null);
  return { ok: true };
}
