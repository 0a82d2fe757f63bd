/**
 * Which language a message reads as, for choosing a per-language threshold and a reply language. Counts
 * short function words of each language in the folded text (accents already removed by ./normalize);
 * a message with as many Spanish as English function words counts as Spanish, because the Spanish
 * thresholds are the more sensitive ones and a mixed message should get them.
 */
const FUNCTION_WORDS: Readonly<Record<"en" | "es", ReadonlySet<string>>> = {
  en: new Set("the my is to for with and an can i should how what much it of in on me you his her was have has be this that".split(" ")),
  es: new Set("que el la los las mi mis es para por con una un puedo tengo debo cuanto le se del al y lo esta estoy tiene me muy pero como".split(" ")),
};

const WORD = /[\p{L}\p{N}]+/gu;

export function textLanguage(folded: string): "en" | "es" {
  let en = 0;
  let es = 0;
  for (const [w] of folded.toLowerCase().matchAll(WORD)) {
    if (FUNCTION_WORDS.es.has(w)) es++;
    if (FUNCTION_WORDS.en.has(w)) en++;
  }
  return es > 0 && es >= en ? "es" : "en";
}
