/**
 * The kiosk-mode part of the contract (issue 16): whether this installation starts as a clinic kiosk,
 * and turning that on (a new admin PIN) or off (the admin PIN). The setting belongs to the installation,
 * not to a profile or a visitor, so the hosts answer these (HostHooks.kioskAdmin). Kept apart from
 * contract.ts for size; contract.ts puts them in its request table.
 */
import { z } from "zod";
import { PinSchema } from "./profileSchemas";

/** How long a kiosk waits without input before "Are you still here?" (as `carefold serve --idle-seconds`). */
export const KioskIdleSecondsSchema = z.int().min(30).max(3600);

/** Digits are fine, paste and password managers work (WCAG 3.3.8): the profile PIN's rules. */
export const AdminPinSchema = PinSchema;

/** "relaunch": the desktop app restarts itself now; "restart": from the next start of `carefold serve`. */
const TakesEffectSchema = z.enum(["relaunch", "restart"]);

export const KioskStatusSchema = z.strictObject({
  /** off; setting: turned on here (Settings, `carefold kiosk on`); flag: started with --kiosk (cannot be turned off here). */
  mode: z.enum(["off", "setting", "flag"]),
  idleSeconds: KioskIdleSecondsSchema,
  /** kiosk.json is there but cannot be read: kiosk mode stays on rather than opening the normal app. */
  unreadable: z.boolean(),
});
export type KioskStatus = z.infer<typeof KioskStatusSchema>;

const Empty = z.strictObject({});

export const kioskRequests = {
  "kiosk.status": { input: Empty, output: KioskStatusSchema },
  "kiosk.enable": {
    /** Outside a kiosk only. The UI asks for the new admin PIN twice; only one travels. */
    input: z.strictObject({ adminPin: AdminPinSchema, idleSeconds: KioskIdleSecondsSchema.optional() }),
    output: z.strictObject({ ok: z.literal(true), takesEffect: TakesEffectSchema }),
  },
  "kiosk.disable": {
    /** Wrong tries are counted and make the next one wait (as a profile PIN); nothing is erased for them. */
    input: z.strictObject({ adminPin: AdminPinSchema }),
    output: z.union([
      z.strictObject({ ok: z.literal(true), takesEffect: TakesEffectSchema }),
      z.strictObject({ ok: z.literal(false), reason: z.enum(["wrong_pin", "wait"]), retryAfterSeconds: z.int().nonnegative() }),
    ]),
  },
} as const;
