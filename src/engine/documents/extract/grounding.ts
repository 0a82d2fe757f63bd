/**
 * Grounding: every number, date and printed phrase in an extracted record must be found where the record
 * says it came from. Numbers and phrases must be in the cited text (the line or row); dates on the cited
 * page (a log's date is often a heading above the reading) or in the date's own cited line. The cited
 * text itself must be on the cited page. A record whose required value fails is dropped; an optional
 * value that fails is removed. Everything dropped is reported. Summaries and citations are recomputed from
 * what is kept, so a model's object and our own are held to the same rule.
 */
import { z } from "zod";
import { BpReadingSchema, bpPairGrounded, bpPairsIn, buildBpLog, type BpLog } from "./bp";
import { findDates } from "./dates";
import { docContext } from "./context";
import { buildEob, codesIn, EobClaimSchema, EobLineSchema, EobTotalsSchema, type Eob } from "./eob";
import { buildGlucoseLog, GlucoseReadingSchema, type GlucoseLog } from "./glucose";
import { buildLabResults, LabResultSchema, type LabResults } from "./labs";
import { buildMedicationList, MedicationSchema, type MedicationList } from "./medications";
import { numbersIn, sameNumber } from "./numbers";
import { containsPhrase, has, linesOf, norm, phraseRegex, tableLines } from "./text";
import { DocumentKindSchema, SourceSchema, UnreadableSchema, type DateOrder, type DocumentKind, type Line, type Page, type Source, type Table, type Unreadable } from "./types";
import { GLUCOSE_UNITS, type GlucoseUnit } from "./vocab";

export type Extracted = BpLog | GlucoseLog | MedicationList | LabResults | Eob;

export const GROUNDING_REASONS = ["invalid_shape", "page_not_found", "cited_text_not_on_page", "not_in_cited_text", "not_on_page", "date_source_not_on_page"] as const;
export const DroppedSchema = z.object({
  /** Where in the object: "readings[2].systolic", "claims[0].lines[1].denialCodes[0]". */
  path: z.string(),
  value: z.unknown(),
  why: z.enum(GROUNDING_REASONS),
  /** "record" when the whole record went with it (a required value, or a source not found). */
  scope: z.enum(["value", "record"]),
});
export type Dropped = z.infer<typeof DroppedSchema>;
export interface Grounded<T> {
  kept: T;
  dropped: Dropped[];
}

type Check = "number" | "date" | "text" | "textOnPage" | "unitOnPage" | "codes" | "codesInDocument";
interface Spec {
  schema: z.ZodObject;
  required: Record<string, Check>;
  optional: Record<string, Check>;
  children?: Record<string, { spec: Spec; many: boolean }>;
  /** Checks of the record as a whole against its cited text (after each required value is found there). */
  whole?: (rec: Record<string, unknown>, cited: Quote) => boolean;
}

const money = { billed: "number", allowed: "number", paid: "number", patientResponsibility: "number" } as const;
const SPECS: Record<DocumentKind, { list: string; spec: Spec }> = {
  bp_log: {
    list: "readings",
    spec: {
      schema: BpReadingSchema,
      required: { systolic: "number", diastolic: "number" },
      optional: { pulse: "number", date: "date", time: "text" },
      whole: (r, cited) => bpPairGrounded(r.systolic, r.diastolic, cited.bpPairs()),
    },
  },
  glucose_log: { list: "readings", spec: { schema: GlucoseReadingSchema, required: { value: "number", unit: "unitOnPage" }, optional: { date: "date", time: "text" } } },
  medication_list: { list: "medications", spec: { schema: MedicationSchema, required: { name: "text" }, optional: { strength: "text", form: "text", frequency: "text", prescriber: "text", section: "textOnPage" } } },
  lab_results: { list: "results", spec: { schema: LabResultSchema, required: { test: "text", value: "text" }, optional: { numeric: "number", unit: "text", referenceRange: "text", flag: "text", date: "date" } } },
  eob: {
    list: "claims",
    spec: {
      schema: EobClaimSchema.extend({ lines: z.array(z.unknown()), totals: z.unknown().optional() }),
      required: {},
      optional: { claimNumber: "textOnPage", serviceDate: "date", provider: "textOnPage", denialCodes: "codesInDocument", remarkCodes: "codesInDocument" },
      children: {
        lines: { many: true, spec: { schema: EobLineSchema, required: {}, optional: { serviceDate: "date", service: "text", ...money, denialCodes: "codes", remarkCodes: "codes" } } },
        totals: { many: false, spec: { schema: EobTotalsSchema, required: {}, optional: money } },
      },
    },
  },
};

const UNIT_RES = Object.fromEntries((Object.keys(GLUCOSE_UNITS) as GlucoseUnit[]).map((u) => [u, phraseRegex(GLUCOSE_UNITS[u], "iu")])) as Record<GlucoseUnit, RegExp>;

/** A cited text as the checks read it. */
interface Quote {
  normed: string;
  numbers: Set<number>;
  codes: ReturnType<typeof codesIn>;
  bpPairs(): Set<string>;
}

/** The document as grounding reads it: per page its text in normal form, its lines, and its dates. */
class Doc {
  private pages = new Map<number, { lines: Line[]; normed: string; lineSet: Set<string>; isoDates?: Set<string>; raw: string }>();
  readonly order: DateOrder;
  private allCodes?: { denialCodes: Set<string>; remarkCodes: Set<string> };
  constructor(pages: readonly Page[], table?: Table) {
    const lines = [...linesOf(pages), ...(table ? tableLines(table) : [])];
    this.order = docContext(lines).order;
    for (const l of lines) {
      const p = this.pages.get(l.page) ?? { lines: [], normed: "", lineSet: new Set<string>(), raw: "" };
      p.lines.push(l);
      this.pages.set(l.page, p);
    }
    for (const p of this.pages.values()) {
      p.raw = p.lines.map((l) => l.text).join("\n");
      p.normed = norm(p.raw);
      for (const l of p.lines) p.lineSet.add(norm(l.text));
    }
  }
  page(n: number) {
    return this.pages.get(n);
  }
  private quotes = new Map<string, Quote>();
  /** A cited text, read once however many records cite it. */
  quote(text: string): Quote {
    let q = this.quotes.get(text);
    if (!q) {
      let pairs: Set<string> | undefined;
      q = { normed: norm(text), numbers: numbersIn(text), codes: codesIn(text), bpPairs: () => (pairs ??= bpPairsIn(text)) };
      this.quotes.set(text, q);
    }
    return q;
  }
  /** Whether a quote is on the page (a whole line, or any run of its text). */
  onPage(n: number, quote: string): boolean {
    const p = this.pages.get(n);
    const q = this.quote(quote).normed;
    return !!p && !!q && (p.lineSet.has(q) || ` ${p.normed} `.includes(` ${q} `));
  }
  isoDates(n: number): Set<string> {
    const p = this.pages.get(n)!;
    p.isoDates ??= new Set(p.lines.flatMap((l) => findDates(l.clean, this.order).flatMap((d) => (d.iso ? [d.iso] : []))));
    return p.isoDates;
  }
  codes() {
    if (!this.allCodes) {
      const all = [...this.pages.values()].map((p) => codesIn(p.raw));
      this.allCodes = { denialCodes: new Set(all.flatMap((c) => c.denialCodes)), remarkCodes: new Set(all.flatMap((c) => c.remarkCodes)) };
    }
    return this.allCodes;
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC_TEXT = /^[<>≤≥]?\s?\d[\d.,]*$/;

function groundRecord(raw: Record<string, unknown>, spec: Spec, path: string, doc: Doc, dropped: Dropped[]): Record<string, unknown> | null {
  const src = raw.source as Source;
  const drop = (why: Dropped["why"], at = path, value: unknown = raw, scope: Dropped["scope"] = "record") => {
    dropped.push({ path: at, value, why, scope });
    return null;
  };
  if (!doc.page(src.page)) return drop("page_not_found");
  if (!doc.onPage(src.page, src.text)) return drop("cited_text_not_on_page");
  const rec: Record<string, unknown> = { ...raw };
  const { normed: cited, numbers: citedNumbers, codes: citedCodes } = doc.quote(src.text);
  let dateLine: string | null = null;
  if (rec.dateSource) {
    const ds = rec.dateSource as Source;
    if (doc.onPage(ds.page, ds.text)) dateLine = ds.text;
    else {
      drop("date_source_not_on_page", `${path}.dateSource`, ds, "value");
      delete rec.dateSource;
    }
  }
  const ok = (field: string, check: Check, value: unknown): Dropped["why"] | null => {
    switch (check) {
      case "number":
        return typeof value === "number" && [...citedNumbers].some((n) => sameNumber(n, value)) ? null : "not_in_cited_text";
      case "text":
        if (typeof value !== "string") return "not_in_cited_text";
        if (containsPhrase(cited, value)) return null;
        // A printed number may be proposed in the other decimal convention ("7.2" for "7,2").
        return NUMERIC_TEXT.test(value) && [...numbersIn(value)].every((v) => [...citedNumbers].some((n) => sameNumber(n, v))) ? null : "not_in_cited_text";
      case "textOnPage":
        return typeof value === "string" && doc.onPage(src.page, value) ? null : "not_on_page";
      case "unitOnPage": {
        const re = UNIT_RES[value as GlucoseUnit];
        return re && (has(re, src.text) || has(re, doc.page(src.page)!.raw)) ? null : "not_on_page";
      }
      case "date": {
        if (typeof value !== "string") return "not_on_page";
        if (dateLine !== null) {
          const iso = findDates(dateLine, doc.order, true).map((d) => d.iso);
          return (ISO.test(value) ? iso.includes(value) : containsPhrase(norm(dateLine), value)) ? null : "not_in_cited_text";
        }
        return (ISO.test(value) ? doc.isoDates(src.page).has(value) : doc.onPage(src.page, value)) ? null : "not_on_page";
      }
      default:
        throw new Error(`unknown check for ${field}`);
    }
  };
  for (const [field, check] of Object.entries(spec.required)) {
    const why = ok(field, check, rec[field]);
    if (why) return drop(why, `${path}.${field}`, rec[field]);
  }
  if (spec.whole && !spec.whole(rec, doc.quote(src.text))) return drop("not_in_cited_text");
  for (const [field, check] of Object.entries(spec.optional)) {
    const value = rec[field];
    if (value === undefined || value === null) continue;
    if (check === "codes" || check === "codesInDocument") {
      const group = field === "denialCodes" ? "denialCodes" : "remarkCodes";
      const known = check === "codes" ? new Set(citedCodes[group]) : doc.codes()[group];
      rec[field] = (value as string[]).filter((code, k) => {
        if (!known.has(code)) drop("not_in_cited_text", `${path}.${field}[${k}]`, code, "value");
        return known.has(code);
      });
      continue;
    }
    const why = ok(field, check, value);
    if (!why) continue;
    drop(why, `${path}.${field}`, value, "value");
    if (spec.schema.shape[field]?.safeParse(null).success) rec[field] = null;
    else delete rec[field];
    if (field === "date") delete rec.dateSource;
  }
  for (const [name, child] of Object.entries(spec.children ?? {})) {
    const value = rec[name];
    if (value === undefined) continue;
    if (child.many) rec[name] = (value as unknown[]).flatMap((v, k) => parseAndGround(v, child.spec, `${path}.${name}[${k}]`, doc, dropped) ?? []);
    else {
      const g = parseAndGround(value, child.spec, `${path}.${name}`, doc, dropped);
      if (g) rec[name] = g;
      else delete rec[name];
    }
  }
  return rec;
}

function parseAndGround(raw: unknown, spec: Spec, path: string, doc: Doc, dropped: Dropped[]): Record<string, unknown> | null {
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success || !SourceSchema.safeParse((parsed.data as { source?: unknown }).source).success) {
    dropped.push({ path, value: raw, why: "invalid_shape", scope: "record" });
    return null;
  }
  return groundRecord(parsed.data as Record<string, unknown>, spec, path, doc, dropped);
}

/**
 * Keeps what the document supports, drops and reports the rest. Works on our own results and on objects a
 * model produced (anything with a `kind` and that kind's list), so a model can never add a number.
 */
export function validateGrounding<T extends Extracted>(extracted: T, pages: readonly Page[], table?: Table): Grounded<T>;
export function validateGrounding(extracted: unknown, pages: readonly Page[], table?: Table): Grounded<Extracted | null>;
export function validateGrounding(extracted: unknown, pages: readonly Page[], table?: Table): Grounded<Extracted | null> {
  const input = (extracted ?? {}) as Record<string, unknown>;
  const kind = DocumentKindSchema.safeParse(input.kind);
  if (!kind.success) return { kept: null, dropped: [{ path: "kind", value: input.kind, why: "invalid_shape", scope: "record" }] };
  const doc = new Doc(pages, table);
  const dropped: Dropped[] = [];
  const { list, spec } = SPECS[kind.data];
  const items = Array.isArray(input[list]) ? (input[list] as unknown[]) : [];
  if (!Array.isArray(input[list])) dropped.push({ path: list, value: input[list], why: "invalid_shape", scope: "record" });
  const kept = items.flatMap<Record<string, unknown>>((raw, i) => parseAndGround(raw, spec, `${list}[${i}]`, doc, dropped) ?? []);
  const unreadable = z.array(UnreadableSchema).safeParse(input.unreadable);
  const skipped: Unreadable[] = unreadable.success ? unreadable.data.filter((u) => doc.onPage(u.page, u.text)) : [];
  return { kept: build(kind.data, kept, doc.order, skipped), dropped };
}

function build(kind: DocumentKind, items: Record<string, unknown>[], order: DateOrder, skipped: Unreadable[]): Extracted {
  switch (kind) {
    case "bp_log":
      return buildBpLog(items as BpLog["readings"], order, skipped);
    case "glucose_log":
      return buildGlucoseLog(items as GlucoseLog["readings"], order, skipped);
    case "medication_list":
      return buildMedicationList(items as MedicationList["medications"], skipped);
    case "lab_results":
      return buildLabResults(items as LabResults["results"], skipped);
    case "eob":
      return buildEob(items as Eob["claims"], skipped);
  }
}
