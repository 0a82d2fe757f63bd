/** Which kind a document is, and that no input — however hostile — makes a parser slow. */
import { describe, expect, it } from "vitest";
import { DOCUMENT_KINDS, detectKind, extractStructured, validateGrounding } from "../../../../src/engine/documents/extract";
import { FIXTURES } from "./fixtures";

describe("detectKind", () => {
  it("names each fixture's kind", () => {
    for (const f of FIXTURES) expect(detectKind(f.pages, f.table), f.name).toBe(f.kind);
  });

  it("says nothing for text that is none of them", () => {
    expect(detectKind([{ n: 1, text: "Dear Ms. Ruiz,\nThank you for your visit on Tuesday. Please call us to book a follow-up.\n" }])).toBeNull();
    expect(detectKind([])).toBeNull();
  });
});

const SIZE = 200_000;
const fill = (s: string) => s.repeat(Math.ceil(SIZE / s.length)).slice(0, SIZE);
/** Inputs that make a backtracking regex quadratic or worse: long runs with no end, repeats of near-matches. */
const HOSTILE: Record<string, string> = {
  digits: fill("1"),
  "thousands run": "$" + fill("1,234"),
  "decimal run": fill("1."),
  "spaces between words": "a" + " ".repeat(SIZE) + "b",
  "spaces after a strength": "10 mg" + " ".repeat(SIZE) + "x",
  "spaces after a value": "Glucose 1" + " ".repeat(SIZE) + "x",
  "dashes between words": "a" + "-".repeat(SIZE) + "b",
  "one huge line of readings": fill("142/91 78 "),
  "many reading lines": fill("03/02/2026 7:10 AM 142/91 pulse 78\n"),
  "OCR look-alikes": fill("l42/9l 1O5 mg "),
  "times": fill("7 am "),
  "dates": fill("5 de marzo de "),
  "slashes": fill("1/"),
  "money": fill("$1,234.56 "),
  "prescribers": "Dr. " + fill("Ab "),
  "open parentheses": fill("("),
  "tabs": fill("a\t"),
  "header words": fill("Date Time Systolic Diastolic Pulse\n"),
  "label amounts": fill("Amount billed: $1.00\n"),
  "lab lines": fill("Glucose, fasting 105 mg/dL 70-99 H\n"),
  "codes": fill("CO-"),
};

/**
 * About 0.45 s at worst on a quiet machine. Backtracking gone wrong on 200 KB (quadratic or worse) takes
 * minutes, so this bound still catches it while the suite shares two cores with other test files.
 */
const BOUND_MS = 5000;

describe("hostile input", () => {
  it.each(Object.entries(HOSTILE))("%s: 200 KB through every parser, grounding and detection, each within the bound", (_name, text) => {
    const pages = [{ n: 1, text }];
    const timed = (f: () => unknown) => {
      const t0 = performance.now();
      f();
      return performance.now() - t0;
    };
    for (const kind of DOCUMENT_KINDS) {
      let extracted: unknown;
      expect(timed(() => (extracted = extractStructured(kind, pages)))).toBeLessThan(BOUND_MS);
      expect(timed(() => validateGrounding(extracted, pages))).toBeLessThan(BOUND_MS);
    }
    expect(timed(() => detectKind(pages))).toBeLessThan(BOUND_MS);
  });
});
