/**
 * Explanations of benefits: claims, each with its number, provider and service date, its service lines
 * (billed, allowed, paid, patient responsibility, CARC denial codes such as CO-97 and RARC remark codes
 * such as N130) and its totals. Reads a tabular EOB (a header naming the money columns, then a line per
 * service, amounts placed by column) and a "label: $amount" EOB (one service), English and Spanish.
 */
import { z } from "zod";
import { findDates } from "./dates";
import { sourceOf, tableRows } from "./logs";
import { findMoney, parseNumber, type Money } from "./numbers";
import { columnOf, has, headerFieldsWithUnknown, mask, phraseRegex, strip } from "./text";
import { citationsOf, SourceSchema, UnreadableSchema, type DocContext, type Line, type Source, type Table, type Unreadable } from "./types";
import { CARC_GROUPS, EOB_AMOUNTS, EOB_LABELS, EOB_OTHER_AMOUNTS, EOB_TOTAL_WORDS, type EobAmount } from "./vocab";

const amounts = {
  billed: z.number().optional(),
  allowed: z.number().optional(),
  paid: z.number().optional(),
  patientResponsibility: z.number().optional(),
};
export const EobLineSchema = z.object({
  serviceDate: z.string().min(1).optional(),
  service: z.string().min(1).optional(),
  ...amounts,
  denialCodes: z.array(z.string()),
  remarkCodes: z.array(z.string()),
  source: SourceSchema,
});
export type EobLine = z.infer<typeof EobLineSchema>;
export const EobTotalsSchema = z.object({ ...amounts, source: SourceSchema });
export const EobClaimSchema = z.object({
  claimNumber: z.string().min(1).optional(),
  serviceDate: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  lines: z.array(EobLineSchema),
  totals: EobTotalsSchema.optional(),
  /** Every code the claim prints, on its lines or in its legend. */
  denialCodes: z.array(z.string()),
  remarkCodes: z.array(z.string()),
  /** The claim's first line (its number, or its first data line). */
  source: SourceSchema,
});
export type EobClaim = z.infer<typeof EobClaimSchema>;
export const EobSchema = z.object({
  kind: z.literal("eob"),
  claims: z.array(EobClaimSchema),
  unreadable: z.array(UnreadableSchema),
  citations: z.array(z.string()),
});
export type Eob = z.infer<typeof EobSchema>;

const AMOUNT_FIELDS = Object.keys(EOB_AMOUNTS) as EobAmount[];
const HEADERS = {
  ...EOB_AMOUNTS,
  other: EOB_OTHER_AMOUNTS,
  serviceDate: EOB_LABELS.serviceDate,
  service: [...EOB_LABELS.service, "services", "procedure code", "cpt", "código de procedimiento"],
  codes: ["codes", "code", "remark", "remarks", "remark codes", "reason codes", "reason code", "adjustment codes", "códigos", "código", "notas", "observaciones"],
  ignore: ["line", "units", "qty", "pos", "see notes", "notes", "línea", "unidades", "cantidad", "ver notas"],
};
type Field = keyof typeof HEADERS;

const CARC = new RegExp(`(?<![\\p{L}\\p{N}])(${CARC_GROUPS.join("|")})\\s?-?\\s?(\\d{1,3}|[A-Z]\\d{1,2})(?![\\p{L}\\p{N}])`, "gu");
const RARC = /(?<![\p{L}\p{N}-])(MA\d{1,3}|N\d{1,3}|M\d{1,3})(?![\p{L}\p{N}])/gu;
const TOTAL = new RegExp(`^\\W{0,3}${phraseRegex(EOB_TOTAL_WORDS, "iu").source}`, "iu");
const labelRe = (words: string[]) => new RegExp(`${phraseRegex(words, "iu").source}\\s{0,2}(?:#|no\\.?|n[.º°o]{1,2})?\\s{0,2}[:#]\\s{0,2}`, "iu");
const CLAIM = new RegExp(`${phraseRegex(EOB_LABELS.claimNumber, "iu").source}\\s{0,2}(?:#|no\\.?|number|n[.º°]{1,2})?\\s{0,2}[:#]?\\s{0,2}([A-Z0-9][A-Z0-9-]{3,24})(?![\\p{L}\\p{N}])`, "iu");
const PROVIDER = labelRe(EOB_LABELS.provider);
const SERVICE_DATE = labelRe(EOB_LABELS.serviceDate);
const SERVICE = new RegExp(`^${labelRe(EOB_LABELS.service).source}`, "iu");

/** Denial (CARC, normalized to "CO-97") and remark (RARC) codes in a text. */
export function codesIn(s: string): { denialCodes: string[]; remarkCodes: string[] } {
  return {
    denialCodes: [...new Set([...s.matchAll(CARC)].map((m) => `${m[1]}-${m[2]}`))],
    remarkCodes: [...new Set([...s.matchAll(RARC)].map((m) => m[1]!))],
  };
}

interface Header {
  /** `null`: a column whose label is not known (it may hold money: what is under it is never placed elsewhere). */
  columns: { field: Field | null; start: number; end: number }[];
}

/** Each amount's column: in order when the counts agree, else the money column whose label it is nearest (a tie is not guessed). */
function place(money: Money[], header: Header): Partial<Record<EobAmount, number>> | null {
  const known = header.columns.filter((c) => c.field !== null && (c.field in EOB_AMOUNTS || c.field === "other"));
  const cols = known.length === money.length ? known : header.columns;
  const out: Partial<Record<EobAmount, number>> = {};
  const taken = new Set<number>();
  for (const [k, m] of money.entries()) {
    let best = money.length === cols.length ? k : -1;
    if (best < 0) {
      const dist = cols.map((c) => Math.max(0, c.start - m.end, m.index - c.end));
      const min = Math.min(...dist);
      if (dist.filter((d) => d === min).length > 1) return null;
      best = dist.indexOf(min);
    }
    if (taken.has(best)) return null;
    taken.add(best);
    const field = cols[best]!.field;
    if (field !== null && field in EOB_AMOUNTS) out[field as EobAmount] = m.amount;
  }
  return out;
}

interface Draft {
  claim: Omit<EobClaim, "source"> & { source?: Source };
  kv: { amounts: Partial<Record<EobAmount, number>>; service?: string; from: number; to: number; page: number } | null;
}
const newDraft = (): Draft => ({ claim: { lines: [], denialCodes: [], remarkCodes: [] }, kv: null });

/** The "label: amount" lines read so far become one service line, cited by the block they span. */
function flushKv(d: Draft, lines: readonly Line[]) {
  if (!d.kv) return;
  const text = lines.slice(d.kv.from, d.kv.to + 1).map((l) => l.text).join("\n");
  const c = d.claim;
  if (Object.keys(d.kv.amounts).length) {
    const service = d.kv.service ? { service: d.kv.service } : {};
    c.lines.push({ ...(c.serviceDate ? { serviceDate: c.serviceDate } : {}), ...service, ...d.kv.amounts, ...codesIn(text), source: { page: d.kv.page, text } });
  }
  d.kv = null;
}

function finish(d: Draft, lines: readonly Line[], out: EobClaim[]) {
  const c = d.claim;
  flushKv(d, lines);
  const dates = [...new Set(c.lines.map((l) => l.serviceDate).filter(Boolean))];
  if (!c.serviceDate && dates.length === 1) c.serviceDate = dates[0];
  c.denialCodes = [...new Set([...c.denialCodes, ...c.lines.flatMap((l) => l.denialCodes)])];
  c.remarkCodes = [...new Set([...c.remarkCodes, ...c.lines.flatMap((l) => l.remarkCodes)])];
  if (c.source && (c.claimNumber || c.lines.length || c.totals)) out.push(c as EobClaim);
}

export function extractEob(lines: readonly Line[], ctx: DocContext, table?: Table): Eob {
  const claims: EobClaim[] = [];
  const skipped: Unreadable[] = [];
  if (table) claims.push(...fromTable(table, ctx));
  let d = newDraft();
  let header: Header | null = null;
  lines.forEach((line, i) => {
    const c = d.claim;
    const claimNo = CLAIM.exec(line.clean);
    if (claimNo && /\d/.test(claimNo[1]!)) {
      if (c.claimNumber || c.lines.length || c.totals || d.kv) {
        finish(d, lines, claims);
        d = newDraft();
      }
      header = null;
      d.claim.claimNumber = claimNo[1]!;
      d.claim.source = sourceOf(line);
    }
    const dc = d.claim;
    const provider = PROVIDER.exec(line.clean);
    if (provider && !dc.provider) {
      const value = line.text.slice(provider.index + provider[0].length).split(/\s{2,}|\t|\s\|\s/)[0]!.trim();
      if (value) dc.provider = value;
    }
    const dates = findDates(line.clean, ctx.order);
    const sd = SERVICE_DATE.exec(line.clean);
    if (sd && !dc.serviceDate) {
      const d0 = dates.find((x) => x.index >= sd.index + sd[0].length);
      if (d0) dc.serviceDate = d0.iso ?? d0.text;
    }
    const h = headerFieldsWithUnknown(line.clean, HEADERS);
    if (h && h.filter((x) => x.field !== null && x.field in EOB_AMOUNTS).length >= 2) {
      header = { columns: h };
      return;
    }
    const masked = mask(line.clean, dates);
    const money = findMoney(masked, ctx.decimalComma);
    const codes = codesIn(masked);
    const serviceLabel = SERVICE.exec(line.clean);
    if (serviceLabel && !money.length && !header) {
      if (d.kv && d.kv.page !== line.page) flushKv(d, lines);
      d.kv ??= { amounts: {}, from: i, to: i, page: line.page };
      d.kv.service = line.text.slice(serviceLabel[0].length).trim();
      d.kv.to = i;
    }
    if (!money.length) {
      // "Reason code: CO-197" right under a "label: amount" service belongs to it.
      if (d.kv && d.kv.page === line.page && (codes.denialCodes.length || codes.remarkCodes.length)) d.kv.to = i;
      dc.denialCodes.push(...codes.denialCodes);
      dc.remarkCodes.push(...codes.remarkCodes);
      return;
    }
    dc.source ??= sourceOf(line);
    const isTotal = has(TOTAL, line.clean);
    if (header && !(money.length === 1 && !isTotal && columnOf(masked.slice(0, money[0]!.index), EOB_AMOUNTS))) {
      const placed = place(money, header);
      if (!placed) return void skipped.push({ page: line.page, text: line.text, why: "ambiguous_numbers" });
      if (isTotal) return void (dc.totals = { ...placed, source: sourceOf(line) });
      const before = line.text.slice(0, money[0]!.index).slice(dates[0] && dates[0].index === 0 ? dates[0].end : 0);
      const service = strip(before, "|,;:-");
      dc.lines.push({ ...(dates[0] ? { serviceDate: dates[0].iso ?? dates[0].text } : {}), ...(service ? { service } : {}), ...placed, ...codes, source: sourceOf(line) });
      return;
    }
    // "Amount billed: $250.00": the label before each amount names its field.
    let from = 0;
    for (const m of money) {
      const label = masked.slice(from, m.index);
      from = m.end;
      const field = columnOf(label, EOB_AMOUNTS);
      if (!field) continue;
      if (has(TOTAL, label)) {
        dc.totals = { ...(dc.totals ?? { source: sourceOf(line) }), [field]: m.amount };
        continue;
      }
      if (d.kv && d.kv.page !== line.page) flushKv(d, lines);
      dc.source ??= sourceOf(line);
      d.kv ??= { amounts: {}, from: i, to: i, page: line.page };
      d.kv.amounts[field] = m.amount;
      d.kv.to = i;
    }
  });
  finish(d, lines, claims);
  return buildEob(claims, skipped);
}

/** A CSV export: one row per service line, grouped into claims by claim number. */
function fromTable(table: Table, ctx: DocContext): EobClaim[] {
  const vocab = { ...HEADERS, claimNumber: EOB_LABELS.claimNumber, provider: EOB_LABELS.provider };
  const { fields, rows } = tableRows(table, vocab);
  const byClaim = new Map<string, EobClaim>();
  for (const r of rows) {
    const cell = (f: keyof typeof vocab) => (fields.indexOf(f) >= 0 ? r.values[fields.indexOf(f)]?.trim() || undefined : undefined);
    const amountsOf = Object.fromEntries(AMOUNT_FIELDS.flatMap((f) => {
      const v = cell(f)?.replace(/[$\s]/g, "");
      const n = v ? parseNumber(v.replace(/^\((.*)\)$/, "-$1"), ctx.decimalComma) : null;
      return n === null ? [] : [[f, n]];
    }));
    if (!Object.keys(amountsOf).length) continue;
    const date = cell("serviceDate") ? findDates(cell("serviceDate")!, ctx.order)[0] : undefined;
    const key = cell("claimNumber") ?? "";
    const claim = byClaim.get(key) ?? { ...(key ? { claimNumber: key } : {}), ...(cell("provider") ? { provider: cell("provider") } : {}), lines: [], denialCodes: [], remarkCodes: [], source: r.source };
    byClaim.set(key, claim);
    const codes = codesIn(cell("codes") ?? "");
    claim.lines.push({ ...(date ? { serviceDate: date.iso ?? date.text } : {}), ...(cell("service") ? { service: cell("service") } : {}), ...amountsOf, ...codes, source: r.source });
    claim.denialCodes = [...new Set([...claim.denialCodes, ...codes.denialCodes])];
    claim.remarkCodes = [...new Set([...claim.remarkCodes, ...codes.remarkCodes])];
  }
  return [...byClaim.values()];
}

export function buildEob(claims: EobClaim[], skipped: Unreadable[]): Eob {
  const sources = claims.flatMap((c) => [c.source, c.totals?.source, ...c.lines.map((l) => l.source)]);
  return { kind: "eob", claims, unreadable: skipped, citations: citationsOf(sources) };
}
