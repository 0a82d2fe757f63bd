/** UI strings in English and Spanish (i18next); content and safety text come from the engine. */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./en.json";
import es from "./es.json";

export const resources = { en: { translation: en }, es: { translation: es } } as const;

export function initI18n(language: "en" | "es" = "en") {
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
