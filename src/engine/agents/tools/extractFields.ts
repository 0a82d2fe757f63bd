/**
 * Deterministic field extraction from paperwork text (no model): dates, money amounts, claim and
 * reference numbers, and codes. The model then explains them; it never has to guess the numbers.
 */
export const EXTRACTION_KINDS = ["eob", "bill", "denial_letter", "prior_auth", "lab_report", "medication_list", "bp_log", "glucose_log", "other"] as const;
export type ExtractionKind = (typeof EXTRACTION_KINDS)[number];

export interface ExtractedFields {
  kind: ExtractionKind;
  dates: string[];
  amounts: { label: string | null; amount: string }[];
  referenceNumbers: { label: string; value: string }[];
  codes: { system: string; code: string }[];
  deadlines: string[];
}

const DATE = /\b(?:\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{4}-\d{2}-\d{2}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2},? \d{4})\b/gi;
const MONEY = /(?:^|[^\w$])((?:[A-Za-z][A-Za-z /&-]{2,40}?)\s*[:\-–]?\s*)?(\$\s?\d{1,3}(?:,\d{3})*(?:\.\d{2})?)/g;
const REF = /\b(claim|member|group|account|reference|ref|case|authorization|auth|policy|invoice)\s*(?:#|no\.?|number|id)?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,24})\b/gi;
const CODES: { system: string; re: RegExp }[] = [
  { system: "CARC", re: /\b(?:CARC|reason code)\s*[:#]?\s*((?:CO|PR|OA|PI|CR)-?\d{1,3})\b/gi },
  { system: "CARC", re: /\b((?:CO|PR|OA|PI|CR)-\d{1,3})\b/g },
  { system: "CPT", re: /\b(?:CPT|procedure code)\s*[:#]?\s*(\d{5})\b/gi },
  { system: "ICD-10", re: /\b(?:ICD-?10|diagnosis code)\s*[:#]?\s*([A-TV-Z]\d{2}(?:\.\d{1,4})?)\b/gi },
  { system: "HCPCS", re: /\b(?:HCPCS)\s*[:#]?\s*([A-Z]\d{4})\b/gi },
];
const DEADLINE = /[^.\n]*(?:within|no later than|by|deadline|must (?:file|appeal|submit))[^.\n]*\b(?:\d+\s+days|\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2},? \d{4})[^.\n]*/gi;

const uniq = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];

export function extractFields(text: string, kind: ExtractionKind): ExtractedFields {
  const sample = text.slice(0, 200_000);
  const dates = uniq([...sample.matchAll(DATE)].map((m) => m[0]), (d) => d).slice(0, 30);
  const amounts = uniq(
    [...sample.matchAll(MONEY)].map((m) => ({ label: m[1]?.trim().replace(/[:\-–]$/, "").trim() || null, amount: m[2]!.replace(/\s/g, "") })),
    (a) => `${a.label}|${a.amount}`,
  ).slice(0, 40);
  const referenceNumbers = uniq(
    [...sample.matchAll(REF)].filter((m) => /\d/.test(m[2]!)).map((m) => ({ label: m[1]!.toLowerCase(), value: m[2]! })),
    (r) => `${r.label}|${r.value}`,
  ).slice(0, 20);
  const codes = uniq(
    CODES.flatMap(({ system, re }) => [...sample.matchAll(re)].map((m) => ({ system, code: m[1]!.toUpperCase() }))),
    (c) => `${c.system}|${c.code}`,
  ).slice(0, 30);
  const deadlines = uniq([...sample.matchAll(DEADLINE)].map((m) => m[0].trim().slice(0, 200)), (d) => d).slice(0, 10);
  return { kind, dates, amounts, referenceNumbers, codes, deadlines };
}
