/**
 * What a model's record must show on its own printed line, beyond grounding's checks (which accept a
 * run of text across lines, a unit or a date anywhere on the page, and any pairing of a line's numbers):
 * the quote lies within one line, and is widened to all of it; a blood pressure is printed as a pair
 * ("142/88", "142 over 88"), not the pulse as diastolic; a glucose value's unit and any date are on that
 * line; a medicine a sentence stops or changes carries the word as printed.
 */
import type { Dropped, Page } from "./extract";
import { fold, phraseRegex } from "./extract/text";
import { BP_JOINERS, GLUCOSE_UNITS, MED_CHANGE_WORDS, type GlucoseUnit } from "./extract/vocab";

const squash = (s: string) => fold(s).replace(/\s+/g, " ").trim();
const CHANGE = phraseRegex(MED_CHANGE_WORDS, "iu");
const UNIT = Object.fromEntries((Object.keys(GLUCOSE_UNITS) as GlucoseUnit[]).map((u) => [u, phraseRegex(GLUCOSE_UNITS[u], "iu")])) as Record<GlucoseUnit, RegExp>;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const JOIN = `\\s*(?:${BP_JOINERS.map(escape).join("|")})\\s*`;

/** The one printed line a quote is part of, or null when no single line holds it. */
export function wholeLine(pages: readonly Page[], page: unknown, quote: unknown): string | null {
  if (typeof quote !== "string" || !squash(quote)) return null;
  const lines = pages.find((p) => p.n === page)?.text.split("\n") ?? [];
  return lines.find((l) => squash(l).includes(squash(quote)))?.trim() ?? null;
}

export function checkedOnLines(kind: string, records: Record<string, unknown>[], pages: readonly Page[]): { records: Record<string, unknown>[]; dropped: Dropped[] } {
  const dropped: Dropped[] = [];
  const kept = records.flatMap((r, i) => {
    const drop = (why: Dropped["why"], at = `records[${i}]`): Record<string, unknown>[] => {
      dropped.push({ path: at, value: r, why, scope: "record" });
      return [];
    };
    const line = wholeLine(pages, r.page, r.line);
    if (line === null) return drop("cited_text_not_on_page");
    const rec: Record<string, unknown> = { ...r, line };
    const folded = squash(line);
    if (kind === "bp_log" && !new RegExp(`(?<!\\d)${r.systolic}${JOIN}${r.diastolic}(?!\\d)`, "iu").test(folded)) return drop("not_in_cited_text", `records[${i}].diastolic`);
    if (kind === "glucose_log" && !(UNIT[r.unit as GlucoseUnit] ?? /$^/).test(line)) return drop("not_on_page", `records[${i}].unit`);
    if (typeof rec.date === "string" && !folded.includes(squash(rec.date))) {
      dropped.push({ path: `records[${i}].date`, value: rec.date, why: "not_in_cited_text", scope: "value" });
      rec.date = null;
    }
    if (kind === "medication_list") {
      CHANGE.lastIndex = 0;
      const change = CHANGE.exec(line);
      if (change) rec.section = change[0];
    }
    return [rec];
  });
  return { records: kept, dropped };
}
