/**
 * Terms: how the catalog and the router cut text into comparable words. Both sides (curated keywords
 * and what a person types) go through the same folding, so "Riñón", "rinon" and "RIÑONES" compare
 * equal, "crohn's" reads "crohns" and "a-fib" reads "a fib". Pure functions, linear in the input.
 */
import { foldText } from "../../shared/text";

const APOSTROPHES = /['\u2018\u2019\u02BC`\u00B4]/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** Routing looks at the start of a message only; a pasted 1 MB letter must not cost more than this. */
export const MAX_ROUTED_CHARS = 8_000;

/**
 * Function words (English and Spanish) that say nothing about which specialist fits. They are skipped
 * for single-word evidence and full-text queries; multi-word keywords still match through them.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    // English
    "a an and are as at be been being but by can could did do does doing dont for from had has have having he her " +
    "here him his how i id if im in into is it its ive just me might more most much my myself no not now of off on " +
    "once only or other our out over own same she should so some such than that the their them then there these " +
    "they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours also again about after before because any all both each few get got getting go going " +
    "gone want wants wanted need needs needed like know think feel feeling felt keep keeps kept make made let lets " +
    "please thanks thank hi hello ok okay yes yeah really still even just lot lots thing things stuff something " +
    "anything everything way since every one two three week weeks month months day days year years time times " +
    "today tomorrow yesterday next last new old said says say tell told help ask asking cant wont isnt doesnt didnt " +
    // Words every message to a health app shares: they cannot tell one specialist from another.
    "health medical doctor doctors dr " +
    // Spanish
    "el la los las un una unos unas y o u de del al a en con por para sin sobre que qué como cómo cuando cuándo " +
    "donde dónde mi mis tu tus su sus es son está esta estoy están estan ser estar fue ha han he hay muy mas más " +
    "pero se me le lo les te nos ya no si sí tengo tiene tienen quiero quiere necesito necesita hace desde " +
    "también tambien este esto esa ese eso mucho mucha muchos muchas poco cada"
  )
    .split(/\s+/)
    .map((w) => foldTerms(w)),
);

/** The shared fold (lower case, accents removed: NFKD + marks dropped), apostrophes dropped so "crohn's" = "crohns". */
export function foldTerms(text: string): string {
  return foldText(text).replace(APOSTROPHES, "");
}

/**
 * A light, symmetric stem: a trailing plural "s" comes off ("kidneys" → "kidney", "ojos" → "ojo")
 * unless the word is short or ends in -ss/-us/-is ("sinus", "psoriasis", "dialysis" stay whole).
 * Nothing more: stripping "-ing" made "fill" (a prescription) match "filling" (a tooth).
 */
export function stem(word: string): string {
  if (word.length < 4 || !word.endsWith("s")) return word;
  const tail = word.slice(-2);
  if (tail === "ss" || tail === "us" || tail === "is") return word;
  return word.slice(0, -1);
}

/** Folded words of `text` (letters and digits only), in order, unstemmed. Reads at most `maxChars`. */
export function words(text: string, maxChars = MAX_ROUTED_CHARS): string[] {
  const bounded = text.length > maxChars ? text.slice(0, maxChars) : text;
  return foldTerms(bounded).match(WORD) ?? [];
}

/** Folded, stemmed words: the unit the router's lexicon compares. */
export function terms(text: string, maxChars = MAX_ROUTED_CHARS): string[] {
  return words(text, maxChars).map(stem);
}

/** True for a function word, in its folded or stemmed form ("thanks" and "thank"). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word) || STOPWORDS.has(stem(word));
}
