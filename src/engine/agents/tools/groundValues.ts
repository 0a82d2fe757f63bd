/**
 * validate_grounding for values a model proposes ("142/91", "$1,250.00", "2026-03-02"): each is kept
 * only when the same words and numbers appear on the page it cites (or, without a page, anywhere in the
 * document), compared in the extractors' normal form; what is not found is dropped and said so.
 */
import type { DocumentPage } from "../../../shared/contract";
import { containsPhrase, norm } from "../../documents/extract/text";
import { numbersIn, sameNumber } from "../../documents/extract/numbers";

export interface GroundedValues {
  kept: { value: string; page: number }[];
  dropped: { value: string; page: number | null; why: "not_on_page" | "not_in_document" | "page_not_read" }[];
}

/**
 * Found as a phrase; or, for a single amount printed another way ("$1,250" against "1,250.00"), the same
 * number on the page. Several numbers ("142/91") must appear together as written: two readings' halves
 * never make one.
 */
function onPage(value: string, page: DocumentPage): boolean {
  if (containsPhrase(norm(page.text), value)) return true;
  const wanted = [...numbersIn(value.replace(/[$€,\s]/g, ""))];
  if (wanted.length !== 1 || /\d\D+\d/.test(value.replace(/[$€,.\s]/g, ""))) return false;
  return [...numbersIn(page.text)].some((h) => sameNumber(wanted[0]!, h));
}

export function groundValues(values: readonly { value: string; page?: number }[], pages: readonly DocumentPage[]): GroundedValues {
  const out: GroundedValues = { kept: [], dropped: [] };
  for (const { value, page } of values) {
    if (page !== undefined) {
      const p = pages.find((x) => x.n === page);
      if (!p || !p.read) out.dropped.push({ value, page, why: "page_not_read" });
      else if (onPage(value, p)) out.kept.push({ value, page });
      else out.dropped.push({ value, page, why: "not_on_page" });
      continue;
    }
    const found = pages.find((p) => p.read && onPage(value, p));
    if (found) out.kept.push({ value, page: found.n });
    else out.dropped.push({ value, page: null, why: "not_in_document" });
  }
  return out;
}
