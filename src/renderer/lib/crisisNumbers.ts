/**
 * Emergency numbers for the consent notice, read from the one table where numbers live
 * (resources/crisis-numbers.json), never written into components or translations.
 */
import table from "../../../resources/crisis-numbers.json";
import type { CrisisLocale, CrisisNumber, EmergencyAction } from "../../shared/contract";

interface Entry {
  number: string;
  kind: "call" | "text";
  href: string;
  label: Record<string, string>;
}
interface LocaleTable {
  numbers: Record<string, Entry>;
  actions: Record<EmergencyAction, string[]>;
}

export function crisisNumbers(locale: CrisisLocale, action: EmergencyAction, language: string, source: Record<string, unknown> = table): CrisisNumber[] {
  const entry = source[locale] as LocaleTable | undefined;
  if (!entry) return [];
  return (entry.actions[action] ?? []).flatMap((key) => {
    const n = entry.numbers[key];
    if (!n) return [];
    return [{ number: n.number, kind: n.kind, href: n.href, label: n.label[language] ?? n.label.en ?? n.number }];
  });
}
