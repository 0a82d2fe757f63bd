/**
 * Numbers as printed: "1,234.56", "1.234,56", "7,2", "$ 250.00". Every pattern here has one way to match
 * a run of digits and separators (a separator is required between digit groups), so none can backtrack
 * badly; a lookbehind keeps matches from starting inside a run.
 */
import type { Span } from "./text";

/**
 * The value of a printed number. With both "," and "." the last one is the decimal point. A lone separator
 * followed by exactly three digits is ambiguous ("1,234"): `decimalComma` (a Spanish document) decides.
 */
export function parseNumber(token: string, decimalComma = false): number | null {
  const t = token.replace(/[\s$€]/g, "");
  if (!/^[+-]?\d+(?:[.,]\d+)*$/.test(t)) return null;
  const dots = t.split(".").length - 1;
  const commas = t.split(",").length - 1;
  let s: string;
  if (dots && commas) {
    const dec = t.lastIndexOf(".") > t.lastIndexOf(",") ? "." : ",";
    const thousands = dec === "." ? "," : ".";
    if (t.split(dec).length !== 2) return null;
    const [whole, frac] = t.split(dec) as [string, string];
    if (!thousandsGroups(whole, thousands)) return null;
    s = `${whole.split(thousands).join("")}.${frac}`;
  } else if (!dots && !commas) {
    s = t;
  } else {
    const sep = dots ? "." : ",";
    const parts = t.split(sep);
    if (parts.length > 2) {
      if (!thousandsGroups(t, sep)) return null;
      s = parts.join("");
    } else {
      const thousands = parts[1]!.length === 3 && (sep === "," ? !decimalComma : decimalComma);
      s = thousands ? parts.join("") : parts.join(".");
    }
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function thousandsGroups(s: string, sep: string): boolean {
  const [head, ...rest] = s.replace(/^[+-]/, "").split(sep);
  return /^\d{1,3}$/.test(head!) && rest.every((g) => /^\d{3}$/.test(g));
}

/** Digit runs with their separators, never starting inside a longer run. */
export const NUMBER_TOKEN = /(?<![\d.,])\d+(?:[.,]\d+)*/g;

/** Every value a printed token can mean (both separator conventions); its digit groups when it is no number. */
export function numberCandidates(token: string): number[] {
  const out = new Set<number>();
  for (const dc of [false, true]) {
    const n = parseNumber(token, dc);
    if (n !== null) out.add(n);
  }
  if (!out.size) for (const g of token.split(/[.,]/)) if (g) out.add(Number(g));
  return [...out];
}

/** All the numbers a text can be read as saying. */
export function numbersIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(NUMBER_TOKEN)) for (const n of numberCandidates(m[0])) out.add(n);
  return out;
}

export interface Money extends Span {
  text: string;
  amount: number;
}

/**
 * Money: "$1,234.56", "$ 250", "-$20.00", "(20.00)", or a bare amount with cents ("142.17"). A bare
 * integer is never money (it is a CPT code, a count, a year).
 */
const MONEY = /(?<![\p{L}\p{N}.,$])(-\s?)?(\$\s?)?(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{2})?|\d+(?:[.,]\d{2})?)(?![\p{N}%]|[.,]\d)/gu;
export function findMoney(line: string, decimalComma: boolean): Money[] {
  const out: Money[] = [];
  for (const m of line.matchAll(MONEY)) {
    const digits = m[3]!;
    const hasCents = /[.,]\d{2}$/.test(digits) && !/[.,]\d{3}$/.test(digits);
    if (!m[2] && !hasCents) continue;
    const value = parseNumber(digits, decimalComma);
    if (value === null) continue;
    const negative = !!m[1] || (line[m.index - 1] === "(" && line[m.index + m[0].length] === ")");
    out.push({ index: m.index, end: m.index + m[0].length, text: m[0], amount: negative ? -value : value });
  }
  return out;
}

/** Close enough to be the same printed number (7.2 and 7.20). */
export const sameNumber = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
