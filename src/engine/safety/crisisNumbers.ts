/**
 * Crisis numbers per locale (resources/crisis-numbers.json) and the banner headline for a decision.
 * Numbers live only in that file; headlines here are templates filled from it.
 */
import { z } from "zod";
import type { CrisisLocale, CrisisNumber } from "../../shared/contract";
import table from "../../../resources/crisis-numbers.json";
import type { EmergencyAction, GateLanguage } from "./rules/index";

const LabelSchema = z.strictObject({ en: z.string().min(1), es: z.string().min(1) });
const EntrySchema = z.strictObject({
  number: z.string().regex(/^[0-9][0-9 -]*$/),
  kind: z.enum(["call", "text"]),
  href: z.string().regex(/^(tel|sms):\+?[0-9]+$/),
  label: LabelSchema,
});
const LocaleSchema = z
  .strictObject({
    numbers: z.record(z.string(), EntrySchema),
    actions: z.strictObject({ "911": z.array(z.string()).min(1), "988": z.array(z.string()).min(1), poison: z.array(z.string()).min(1) }),
  })
  .refine((l) => Object.values(l.actions).every((ids) => ids.every((id) => id in l.numbers)), "an action names an unknown number")
  .refine((l) => "emergency" in l.numbers, "every locale needs an emergency number");
export const CrisisTableSchema = z.strictObject({
  $comment: z.string().optional(),
  US: LocaleSchema,
  EU: LocaleSchema,
  UK: LocaleSchema,
  AU: LocaleSchema,
});
export type CrisisTable = z.infer<typeof CrisisTableSchema>;

/** Validated once at load: a broken table must fail loudly at start-up, never at the moment of crisis. */
export const CRISIS_TABLE: CrisisTable = CrisisTableSchema.parse(table);

export interface CrisisResponse {
  headline: string;
  numbers: CrisisNumber[];
}

type Templates = Record<EmergencyAction, { withHelpline: string; emergencyOnly: string }>;

const HEADLINES: Record<GateLanguage, Templates> = {
  en: {
    "911": {
      withHelpline: "This may be a medical emergency. Call {emergency} now.",
      emergencyOnly: "This may be a medical emergency. Call {emergency} now.",
    },
    "988": {
      withHelpline:
        "You are not alone, and help is available right now. {contact} {first}. If you might act on these thoughts or are in danger, call {emergency}.",
      emergencyOnly: "You are not alone, and help is available right now. Call {emergency} now.",
    },
    poison: {
      withHelpline:
        "Call {first} now for poisoning help. If the person is hard to wake, not breathing normally or having a seizure, call {emergency}.",
      emergencyOnly: "This may be a poisoning emergency. Call {emergency} now.",
    },
  },
  es: {
    "911": {
      withHelpline: "Esto puede ser una emergencia médica. Llame al {emergency} ahora.",
      emergencyOnly: "Esto puede ser una emergencia médica. Llame al {emergency} ahora.",
    },
    "988": {
      withHelpline:
        "No está solo y hay ayuda ahora mismo. {contact} {first}. Si podría hacerse daño o está en peligro, llame al {emergency}.",
      emergencyOnly: "No está solo y hay ayuda ahora mismo. Llame al {emergency} ahora.",
    },
    poison: {
      withHelpline:
        "Llame al {first} ahora para ayuda con envenenamientos. Si la persona no despierta bien, no respira normalmente o tiene una convulsión, llame al {emergency}.",
      emergencyOnly: "Esto puede ser una emergencia por envenenamiento. Llame al {emergency} ahora.",
    },
  },
};

const CONTACT: Record<GateLanguage, { call: string; callOrText: string }> = {
  en: { call: "Call", callOrText: "Call or text" },
  es: { call: "Llame al", callOrText: "Llame o envíe un mensaje al" },
};

/** The numbers for an action, in order, labelled in the user's language. */
export function crisisNumbers(locale: CrisisLocale, action: EmergencyAction, language: GateLanguage): CrisisNumber[] {
  const entry = CRISIS_TABLE[locale];
  return entry.actions[action].map((id) => {
    const n = entry.numbers[id];
    return { label: n.label[language], number: n.number, kind: n.kind, href: n.href };
  });
}

/**
 * Headline and numbers for the banner, the numbers for the decision's action first. A decision without
 * an action (no emergency) gets the emergency number, so a caller can never show an empty banner.
 */
export function crisisResponse(
  decision: { action: EmergencyAction | null },
  locale: CrisisLocale,
  language: GateLanguage,
): CrisisResponse {
  const lang: GateLanguage = language === "es" ? "es" : "en";
  const action: EmergencyAction = decision.action ?? "911";
  const numbers = crisisNumbers(locale, action, lang);
  const emergency = CRISIS_TABLE[locale].numbers.emergency.number;
  const first = numbers[0].number;
  const template = HEADLINES[lang][action][first === emergency ? "emergencyOnly" : "withHelpline"];
  const canText = numbers.some((n) => n.kind === "text" && n.number === first);
  const contact = CONTACT[lang][canText ? "callOrText" : "call"];
  const headline = template.replaceAll("{emergency}", emergency).replaceAll("{first}", first).replaceAll("{contact}", contact);
  return { headline, numbers };
}
