/**
 * Character and word tables the normalizer folds with. Data only: what counts as a look-alike, a
 * leetspeak digit or a common misspelling of a word the gates care about.
 */

/**
 * Cyrillic, Greek and other letters that render like Latin ones (after lower-casing). People paste
 * text from phones and PDFs, and attackers use them on purpose; both must read as Latin to the gate.
 */
export const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  ѕ: "s", і: "i", ї: "i", ј: "j", ԁ: "d", ԛ: "q", ԝ: "w", һ: "h", ӏ: "l", ɡ: "g", ү: "y", ɩ: "i", ʏ: "y",
  // Greek
  α: "a", β: "b", γ: "y", ε: "e", η: "n", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x",
  ω: "w", ϲ: "c", ϳ: "j", ς: "s", μ: "u", ϱ: "p", ϵ: "e",
  // Latin letters that do not decompose
  ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", ı: "i", ħ: "h", ŧ: "t", ƀ: "b", ȼ: "c",
  // Punctuation variants that matter for contractions and separators
  "\u2018": "'", "\u2019": "'", "\u201B": "'", "\u02BC": "'", "\u00B4": "'", "`": "'", "\u2032": "'",
  "\u201C": '"', "\u201D": '"', "\u201E": '"', "\u00AB": '"', "\u00BB": '"',
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
  "\u00A1": "", "\u00BF": "",
};

/** Leetspeak digits and symbols inside words ("su1c1de", "0verdose", "$troke"). */
export const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};

/**
 * Whole-word misspellings and apostrophe-less contractions, mapped to the spelling the rules use.
 * Keys are already lower-case, accent-free and with runs of 3+ letters collapsed to one (so
 * "bleeeeding" arrives here as "bleding"). No value may itself be a key (keeps folding idempotent).
 */
export const MISSPELLINGS: Readonly<Record<string, string>> = {
  // contractions typed without the apostrophe
  cant: "can't", dont: "don't", doesnt: "doesn't", didnt: "didn't", isnt: "isn't", wasnt: "wasn't",
  arent: "aren't", werent: "weren't", havent: "haven't", hasnt: "hasn't", couldnt: "couldn't",
  wouldnt: "wouldn't", shouldnt: "shouldn't", wont: "won't", im: "i'm", ive: "i've", hes: "he's",
  shes: "she's", theyre: "they're", youre: "you're", aint: "ain't",
  // emergency vocabulary
  sucide: "suicide", suiside: "suicide", suicde: "suicide", suacide: "suicide", sucidal: "suicidal",
  suicdal: "suicidal", suisidal: "suicidal", sucicidal: "suicidal",
  kil: "kill", myslef: "myself", mysef: "myself", meself: "myself",
  siezure: "seizure", seizur: "seizure", seisure: "seizure", seazure: "seizure", sezure: "seizure",
  siezures: "seizures", siezing: "seizing", seizeing: "seizing", seazing: "seizing",
  convulsin: "convulsing",
  strok: "stroke", stroek: "stroke", storke: "stroke",
  atack: "attack", attak: "attack", atak: "attack", attck: "attack", hart: "heart", heartatack: "heart attack",
  heartattack: "heart attack",
  ches: "chest", chset: "chest", chesst: "chest", chect: "chest",
  breating: "breathing", brething: "breathing", breatheing: "breathing", breathin: "breathing",
  breahting: "breathing", brathing: "breathing", breate: "breathe", breth: "breath", brethe: "breathe",
  bleding: "bleeding", bleading: "bleeding", bledding: "bleeding", bleeing: "bleeding", bleedin: "bleeding",
  blod: "blood", bloood: "blood",
  throte: "throat", throut: "throat", thraot: "throat", troat: "throat",
  tounge: "tongue", toungue: "tongue", tonge: "tongue",
  swolen: "swollen", sweling: "swelling", swelin: "swelling", sweeling: "swelling", swoling: "swelling",
  unconcious: "unconscious", unconsious: "unconscious", unconscous: "unconscious", unconcsious: "unconscious",
  concious: "conscious", consious: "conscious", unresposive: "unresponsive", unresponsve: "unresponsive",
  vomitting: "vomiting", vommiting: "vomiting", vomting: "vomiting", vomitin: "vomiting", throwin: "throwing",
  poision: "poison", poisen: "poison", posion: "poison", poisioned: "poisoned",
  swalowed: "swallowed", swallowd: "swallowed", swalloed: "swallowed", swalow: "swallow",
  overdoze: "overdose", ovedose: "overdose", overdos: "overdose",
  pils: "pills", pil: "pill", pilss: "pills",
  pased: "passed", pasing: "passing", pasd: "passed",
  droping: "drooping", droopin: "drooping",
  slured: "slurred", slurd: "slurred", slurrd: "slurred", sluring: "slurring",
  numbnes: "numbness", numbess: "numbness",
  paralized: "paralyzed", paralysed: "paralyzed",
  headach: "headache", hedache: "headache", headake: "headache", headahce: "headache",
  vison: "vision", visoin: "vision",
  pregant: "pregnant", pregnet: "pregnant", preganant: "pregnant", pregnat: "pregnant", pregnate: "pregnant",
  meningitus: "meningitis", menengitis: "meningitis",
  anaphalaxis: "anaphylaxis", anaphylaxsis: "anaphylaxis", anafilaxis: "anaphylaxis",
  alergic: "allergic", allergick: "allergic", alergy: "allergy",
  diabetec: "diabetic", diabetc: "diabetic", diabtic: "diabetic",
  stif: "stiff", stoped: "stopped", stoping: "stopping",
  dizy: "dizzy", diziness: "dizziness", dizzyness: "dizziness",
  faintd: "fainted", fanted: "fainted",
  collasped: "collapsed", colapsed: "collapsed", collapsd: "collapsed",
  gona: "gonna", gunna: "gonna", wana: "wanna",
  // Spanish
  suisidio: "suicidio", sucidio: "suicidio",
  embarasada: "embarazada", embarazda: "embarazada",
  resirar: "respirar", respiar: "respirar", repirar: "respirar",
  convulcion: "convulsion", convulciones: "convulsiones", combulsion: "convulsion",
  desmallo: "desmayo", desmallado: "desmayado",
  sangando: "sangrando", sangrrando: "sangrando",
  garganata: "garganta",
  envenenao: "envenenado",
};

/**
 * Words people split in two to dodge a filter or by a slip of the thumb ("sui cide", "over-dosed").
 * Any split into halves of 2+ letters is joined back, except where both halves are ordinary words
 * ("over dose" stays two words): joining those would invent words nobody wrote.
 */
export const SPLIT_WORDS: readonly string[] = [
  "suicide", "suicidal", "suicides", "suicidio", "suicida", "suicidarme", "suicidarse", "overdose", "overdosed",
  "overdosing", "seizure", "seizures", "seizing", "unresponsive", "unconscious", "anaphylaxis", "anaphylactic",
  "hemorrhage", "hemorrhaging", "unalive",
];

/** Ordinary words: a split whose two halves are both in here is left alone. */
export const SPLIT_COMMON_HALVES: ReadonlySet<string> = new Set([
  "a", "i", "an", "as", "at", "be", "by", "de", "do", "el", "en", "he", "in", "is", "it", "la", "me", "my", "no",
  "of", "on", "or", "se", "so", "su", "to", "un", "up", "us", "we", "al", "ate", "are", "con", "the", "over",
  "dose", "dosed", "dosing", "alive", "live", "una", "responsive", "conscious", "self", "sing", "side",
]);
