/**
 * The engine's user-facing text (progress lines, problem messages, consent text, agenda words, trace
 * lines), English and Spanish, in one i18next catalog: a Spanish screen never shows an English engine
 * sentence, and a sentence added in one language without the other fails its test. Content and safety
 * text are not here: they come from content files and the safety profile.
 */
import { createInstance, type TOptions } from "i18next";
import en from "./en.json";
import es from "./es.json";

export type EngineLanguage = "en" | "es";

export const engineCatalog = { en, es } as const;

const i18n = createInstance();
void i18n.init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: "en",
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** One engine sentence in the given language; `options` fill its {{placeholders}} (and `count` picks a plural). */
export function engineText(language: EngineLanguage, key: string, options: TOptions = {}): string {
  const text = i18n.t(key, { ...options, lng: language });
  if (text === key) throw new Error(`engine text "${key}" is missing`);
  return text;
}
