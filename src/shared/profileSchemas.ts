/**
 * The profiles part of the contract (several people on one installation: self, a parent, a child).
 * A profile is its own data folder with its own engine; these requests pick, add and manage them.
 * Kept apart from contract.ts for size; contract.ts puts them in its request table.
 */
import { z } from "zod";
import { userTextProblem, withoutInvisible } from "./userText";

const ProfileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1–64 letters, digits, '-' or '_'");

/** A display name the person chose ("Mum", "Leo"); never a path, never shown in logs. */
export const ProfileNameSchema = z
  .string()
  .trim()
  .min(1, "name is empty")
  .max(60)
  .superRefine((s, ctx) => {
    const problem = userTextProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(withoutInvisible);

/**
 * A local PIN: plain digits are fine (WCAG 3.3.8: no puzzle, paste allowed); letters too for whoever wants
 * them. 4–64 characters with no control characters.
 */
export const PinSchema = z
  .string()
  .min(4, "a PIN has at least 4 characters")
  .max(64)
  .regex(/^[^\p{Cc}]+$/u, "a PIN has no control characters");

export const ProfileSummarySchema = z.strictObject({
  id: ProfileIdSchema,
  /** Null for the installation's first profile until someone names it (the app says "Me"). */
  name: z.string().max(60).nullable(),
  hasPin: z.boolean(),
  createdAt: z.string(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

/** Minutes without a request before an open profile returns to the picker (0: never). */
export const RelockMinutesSchema = z.int().min(0).max(720);
export const DEFAULT_RELOCK_MINUTES = 10;

const Empty = z.strictObject({});

export const profileRequests = {
  "profiles.list": {
    input: Empty,
    output: z.strictObject({
      profiles: z.array(ProfileSummarySchema),
      /** The profile this window or connection has open, or null (the picker is shown). */
      current: ProfileIdSchema.nullable(),
      relockMinutes: RelockMinutesSchema,
    }),
  },
  "profiles.create": {
    /** A new, empty profile (it is not opened). */
    input: z.strictObject({ name: ProfileNameSchema, pin: PinSchema.optional() }),
    output: ProfileSummarySchema,
  },
  "profiles.open": {
    /** Switch this window or connection to that profile; a profile with a PIN needs it. */
    input: z.strictObject({ id: ProfileIdSchema, pin: PinSchema.optional() }),
    output: z.union([
      z.strictObject({ opened: z.literal(true), profile: ProfileSummarySchema }),
      z.strictObject({
        opened: z.literal(false),
        /** pin_needed: none given; wrong_pin: not right; wait: too many wrong tries, try again later. */
        reason: z.enum(["pin_needed", "wrong_pin", "wait"]),
        retryAfterSeconds: z.int().nonnegative(),
      }),
    ]),
  },
  "profiles.lock": {
    /** Close this window's or connection's profile: the picker is shown again. */
    input: Empty,
    output: z.strictObject({ locked: z.boolean() }),
  },
  "profiles.rename": {
    /** The open profile, or one without a PIN. */
    input: z.strictObject({ id: ProfileIdSchema, name: ProfileNameSchema }),
    output: ProfileSummarySchema,
  },
  "profiles.setPin": {
    /** Set or change the open profile's PIN, or remove it (no `pin`); changing or removing one needs the current PIN. */
    input: z.strictObject({ pin: PinSchema.optional(), currentPin: PinSchema.optional() }),
    output: ProfileSummarySchema,
  },
  "profiles.remove": {
    /** Delete everything of that profile (conversations, notes, files, consent, memory); its PIN if it has one. */
    input: z.strictObject({ id: ProfileIdSchema, confirm: z.literal(true), pin: PinSchema.optional() }),
    output: z.strictObject({ removed: z.boolean() }),
  },
  "profiles.export": {
    /** The open profile's notes, conversations (as text) and attachments, as one zip. */
    input: Empty,
    output: z.strictObject({
      fileName: z.string(),
      dataBase64: z.string(),
      notes: z.int().nonnegative(),
      conversations: z.int().nonnegative(),
      attachments: z.int().nonnegative(),
    }),
  },
  "profiles.configure": {
    /** How long an open profile may sit unused before it returns to the picker. */
    input: z.strictObject({ relockMinutes: RelockMinutesSchema }),
    output: z.strictObject({ relockMinutes: RelockMinutesSchema }),
  },
} as const;

/** Sent to one window or connection when its profile closed without it asking (idle, removed). */
export const profileLockedEventSchema = z.strictObject({
  type: z.literal("profiles.locked"),
  reason: z.enum(["idle", "removed"]),
});
