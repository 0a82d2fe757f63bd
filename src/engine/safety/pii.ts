/**
 * `sanitize_pii` (safety.md §4): masks the HIPAA Safe Harbor identifiers that free text can reveal and
 * keeps clinical values (120/80 mmHg, 72 bpm, 500 mg, A1C 6.5 %, $1,500, the date symptoms started).
 *
 * Choices worth knowing:
 * - Names are masked only where the text says they are a name (a label, "my name is", a relative,
 *   Mr./Mrs./Ms.). Clinicians' names ("Dr. Patel") are kept: they identify the provider, not the
 *   patient, and people need them to navigate their care.
 * - Dates are masked only when tied to the person (birth, admission, discharge, death); symptom and
 *   visit dates stay, because the timeline is what a doctor needs.
 * - Bare 5-digit numbers are not ZIP codes unless a state, a label or an address says so.
 * - Public helplines from the crisis table are never masked.
 * Every pattern is a single linear pass (bounded repetitions, no nested unbounded quantifiers).
 */
import { CRISIS_TABLE } from "./crisisNumbers";

export type PiiType =
  | "name"
  | "address"
  | "zip"
  | "date"
  | "age"
  | "phone"
  | "fax"
  | "email"
  | "ssn"
  | "mrn"
  | "member_id"
  | "account"
  | "license"
  | "vehicle_id"
  | "device_id"
  | "url"
  | "ip";

export interface PiiResult {
  text: string;
  findings: { type: PiiType; count: number }[];
}

const MASK: Record<PiiType, string> = {
  name: "[NAME]",
  address: "[ADDRESS]",
  zip: "[ZIP]",
  date: "[DATE]",
  age: "[AGE 90+]",
  phone: "[PHONE]",
  fax: "[FAX]",
  email: "[EMAIL]",
  ssn: "[SSN]",
  mrn: "[MRN]",
  member_id: "[MEMBER ID]",
  account: "[ACCOUNT]",
  license: "[LICENSE]",
  vehicle_id: "[VEHICLE ID]",
  device_id: "[DEVICE ID]",
  url: "[URL]",
  ip: "[IP]",
};

/** Digits of every public number in the crisis table: never an identifier. */
const PUBLIC_NUMBERS = new Set(
  Object.values(CRISIS_TABLE)
    .filter((v): v is (typeof CRISIS_TABLE)["US"] => typeof v === "object")
    .flatMap((locale) => Object.values(locale.numbers).map((n) => n.number.replace(/\D/g, "")))
    .flatMap((digits) => [digits, digits.replace(/^1(?=\d{10}$)/, "")]),
);

/** An identifier after a label: letters, digits and dashes, with at least one digit. */
const ID = "(?=[A-Za-z0-9-]*\\d)[A-Za-z0-9][A-Za-z0-9-]{3,40}";
// "SSN: …", "MRN #…", "account number is …", and "?mrn=…" inside a link.
const SEP = "\\s*(?:[:#=]|no\\.?|number|n[uú]mero|num\\.?)?(?:\\s+(?:is|was|es|era))?\\s*[:#=]?\\s*";

function labeled(labels: string): RegExp {
  return new RegExp(`(\\b(?:${labels})${SEP})(${ID})`, "gi");
}

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)";
const DATE = `(?:\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}|\\d{4}-\\d{1,2}-\\d{1,2}|${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}|\\d{1,2}(?:st|nd|rd|th)? (?:de )?${MONTH},? (?:de )?\\d{4}|${MONTH} \\d{4})`;

/** Turn "my name is" into a case-insensitive source without making the rest of the regex insensitive. */
function ci(words: string): string {
  return words.replace(/[a-záéíóúñ]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

const NAME = "[A-ZÁÉÍÓÚÑ][a-záéíóúñ'-]+(?:[ -](?:[A-Z]\\.?(?= )|[A-ZÁÉÍÓÚÑ][a-záéíóúñ'-]+)){0,3}";
const NOT_A_NAME = "(?!(?:Is|Has|Was|And|But|Had|Says|Said|Just|Now|Can|Can't|Will|Who|The|He|She|It|I|Dr|Doctor|Type|Tiene|Está|Esta|Dice|Y|Pero)\\b)";
const RELATIVES = ci(
  "husband|wife|son|daughter|mom|mother|dad|father|brother|sister|partner|boyfriend|girlfriend|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|child|baby|grandson|granddaughter|fiance|fiancee|spouse|roommate|neighbor|friend|employer|boss|caregiver",
);
const RELATIVES_ES = ci("esposo|esposa|hijo|hija|mamá|mama|madre|papá|papa|padre|hermano|hermana|abuela|abuelo|tío|tio|tía|tia|pareja|novio|novia|vecino|vecina");

interface Step {
  type: PiiType | ((match: string, groups: string[]) => PiiType);
  re: RegExp;
  /** Which capture group is the identifier (the rest is kept); 0 = the whole match. */
  group: number;
  keep?: (value: string) => boolean;
}

const STATES =
  "A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY]|PR";
const STREET =
  "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Highway|Hwy|Parkway|Pkwy|Trail|Trl|Square|Sq|Loop|Pike|Row|Alley";

const STEPS: readonly Step[] = [
  { type: "url", re: /\b(?:https?:\/\/|www\.)[^\s<>"'\])]{1,2000}/gi, group: 0 },
  { type: "email", re: /\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}\b/g, group: 0 },
  { type: "ip", re: /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/g, group: 0 },
  { type: "ip", re: /\b(?:[0-9A-Fa-f]{1,4}:){4,7}[0-9A-Fa-f]{1,4}\b|\b(?:[0-9A-Fa-f]{1,4}:){1,6}:(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,5})?(?![:\w])/g, group: 0 },
  { type: "ssn", re: /\b\d{3}-\d{2}-\d{4}\b/g, group: 0 },
  // The same grouping with spaces or dots, one separator throughout ("123 45 6789", "123.45.6789").
  { type: "ssn", re: /\b\d{3}([ .])\d{2}\1\d{4}\b/g, group: 0 },
  { type: "ssn", re: labeled("ssn|social security|seguro social|nss"), group: 2 },
  { type: "mrn", re: labeled("mrn|medical record|chart (?:number|no\\.?|#)|patient id|patient number|expediente|historia cl[ií]nica"), group: 2 },
  {
    type: "member_id",
    re: labeled(
      "member id|member (?:number|no\\.?|#)|subscriber id|subscriber (?:number|#)|policy (?:number|no\\.?|#|id)|group (?:number|no\\.?|#|id)|insurance id|health plan id|medicare (?:number|id|#|card)|medicaid (?:number|id|#|card)|mbi|beneficiary id|plan id|n[uú]mero de afiliado|afiliado|p[oó]liza|n[uú]mero de miembro",
    ),
    group: 2,
  },
  { type: "account", re: labeled("account|acct|claim (?:number|no\\.?|#|id)|invoice (?:number|no\\.?|#)|reference (?:number|#)|ref #|billing id|card (?:number|#)|n[uú]mero de cuenta|cuenta (?:n[uú]mero|#)|n[uú]mero de (?:factura|reclamo)"), group: 2 },
  { type: "license", re: labeled("driver'?s? licen[sc]e|licen[sc]e (?:number|no\\.?|#)|dl ?#|npi|dea (?:number|#)|passport|certificate (?:number|#)|licencia(?: de conducir)?|pasaporte"), group: 2 },
  { type: "vehicle_id", re: labeled("vin|vehicle identification(?: number)?|licen[sc]e plate|plate (?:number|#)|placa|matr[ií]cula"), group: 2 },
  { type: "vehicle_id", re: /\b(?=[A-HJ-NPR-Z0-9]{17}\b)(?=[A-HJ-NPR-Z0-9]*\d)(?=[A-HJ-NPR-Z0-9]*[A-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}\b/g, group: 0 },
  { type: "device_id", re: labeled("serial|s/n|udi|device id|device identifier|device serial|imei|n[uú]mero de serie"), group: 2 },
  {
    // Dates tied to the person: the label stays, the date goes.
    type: "date",
    re: new RegExp(
      `(\\b(?:dob|d\\.o\\.b\\.?|date of birth|birth ?date|birthday|born(?: on)?|admitted(?: on)?|admission(?: date)?|admit date|discharged(?: on)?|discharge date|date of death|died on|deceased(?: on)?|dod|fecha de nacimiento|nacid[oa](?: el)?|fecha de ingreso|ingres[oó](?: el)?|fecha de alta|falleci[oó](?: el)?)\\s*[:#-]?\\s*)(${DATE})`,
      "gi",
    ),
    group: 2,
  },
  {
    type: "age",
    re: /\b(?:9\d|1[0-1]\d)(?=[- ]?(?:years?|yrs?|y\/o|yo|year-old|años|anos)\b)/gi,
    group: 0,
  },
  {
    type: (m) => (/fax/i.test(m) ? "fax" : "phone"),
    re: /(\b(?:fax|facsimile)\s*[:#]?\s*)?(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b/gi,
    group: 0,
    keep: (v) => PUBLIC_NUMBERS.has(v.replace(/\D/g, "")) || PUBLIC_NUMBERS.has(v.replace(/\D/g, "").replace(/^1/, "")),
  },
  { type: "phone", re: /\+(?:[2-9]\d{0,2})[\s.-]?\d{1,4}(?:[\s.-]?\d{2,4}){2,4}\b/g, group: 0, keep: (v) => PUBLIC_NUMBERS.has(v.replace(/\D/g, "")) },
  {
    type: "address",
    re: new RegExp(
      `\\b\\d{1,6}\\s+(?:[NSEW]\\.?\\s+)?(?:[A-Z0-9][A-Za-z0-9'.-]*\\s+){1,4}(?:${STREET})\\b\\.?(?:,?\\s*(?:Apt|Apartment|Unit|Suite|Ste|#)\\.?\\s*[A-Za-z0-9-]{1,8})?`,
      "g",
    ),
    group: 0,
  },
  { type: "address", re: /\bP\.?\s?O\.?\s+Box\s+\d{1,8}\b/gi, group: 0 },
  {
    type: "address",
    re: /\b(?:Calle|Avenida|Av\.|Avda\.|Carrera|Cra\.|Paseo|Camino|Colonia|Col\.)\s+[A-ZÁÉÍÓÚÑ0-9][\wáéíóúñ.-]*(?:\s+[A-Za-zÁÉÍÓÚÑáéíóúñ.-]+){0,3}\s*(?:#|No\.?|Núm\.?)?\s*\d{1,6}\b/g,
    group: 0,
  },
  { type: "zip", re: new RegExp(`(\\b(?:${STATES}),?\\s+)(\\d{5}(?:-\\d{4})?)\\b`, "g"), group: 2 },
  { type: "zip", re: /(\b(?:zip(?: ?code)?|postal code|c[oó]digo postal|c\.?p\.?)\s*[:#]?\s*)(\d{5}(?:-\d{4})?)\b/gi, group: 2 },
  { type: "zip", re: /\b\d{5}-\d{4}\b/g, group: 0 },
  {
    type: "name",
    re: new RegExp(
      `(\\b(?:${ci("my name is|mi nombre es|me llamo|name|patient name|patient|pt name|pt|nombre|paciente|signed|sincerely|regards|atentamente|firmado")})\\s*[:,-]?\\s*)${NOT_A_NAME}(${NAME})`,
      "g",
    ),
    group: 2,
  },
  {
    type: "name",
    re: new RegExp(`(\\b(?:${ci("i'm|i am|this is|soy")})\\s+)${NOT_A_NAME}([A-ZÁÉÍÓÚÑ][a-záéíóúñ'-]+ [A-ZÁÉÍÓÚÑ][a-záéíóúñ'-]+)`, "g"),
    group: 2,
  },
  { type: "name", re: new RegExp(`(\\b(?:Mr|Mrs|Ms|Mx|Miss|Sr|Sra|Srta)\\.?\\s+)(${NAME})`, "g"), group: 2 },
  { type: "name", re: new RegExp(`(\\b(?:${ci("my|his|her|our|their")})\\s+(?:${RELATIVES})\\s*,?\\s+)${NOT_A_NAME}(${NAME})`, "g"), group: 2 },
  { type: "name", re: new RegExp(`(\\b(?:${ci("mi|su|nuestro|nuestra")})\\s+(?:${RELATIVES_ES})\\s*,?\\s+)${NOT_A_NAME}(${NAME})`, "g"), group: 2 },
];

/**
 * Identifiers masked in what the model says to the user (issue 17): numbers that open accounts or
 * records. Names, dates, phone numbers and addresses stay: an agenda needs the clinic's number and
 * the visit date, and the crisis lines must never be masked.
 */
export const OUTPUT_IDENTIFIERS: ReadonlySet<PiiType> = new Set(["ssn", "mrn", "member_id", "account", "license", "vehicle_id", "device_id"]);

/** Model output with the identifiers in OUTPUT_IDENTIFIERS masked. */
export function maskIdentifiers(text: string): string {
  return sanitizePii(text, OUTPUT_IDENTIFIERS).text;
}

/** Masks personal identifiers (all kinds, or only those in `only`). */
export function sanitizePii(text: string, only?: ReadonlySet<PiiType>): PiiResult {
  if (typeof text !== "string" || text.length === 0) return { text: typeof text === "string" ? text : "", findings: [] };
  const counts = new Map<PiiType, number>();
  let out = text;
  for (const step of STEPS) {
    if (only && (typeof step.type !== "string" || !only.has(step.type))) continue;
    step.re.lastIndex = 0;
    out = out.replace(step.re, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1).filter((a): a is string => typeof a === "string" || a === undefined) as string[];
      const value = step.group === 0 ? match : groups[step.group - 1];
      if (!value) return match;
      if (step.keep?.(value)) return match;
      const type = typeof step.type === "function" ? step.type(match, groups) : step.type;
      counts.set(type, (counts.get(type) ?? 0) + 1);
      if (step.group === 0) return MASK[type];
      const kept = groups.slice(0, step.group - 1).join("");
      return kept + MASK[type];
    });
  }
  const findings = [...counts.entries()].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
  return { text: out, findings };
}
