/** validate_grounding: a value a model proposes stays only when the page it cites says it. */
import { describe, expect, it } from "vitest";
import { groundValues } from "../../../../src/engine/agents/tools/groundValues";

const pages = [
  { n: 1, text: "Blood pressure log\n2026-03-02 7:10 AM 142/91 pulse 78\n2026-03-03 7:05 AM 138/88", ocr: false, empty: false, read: true },
  { n: 2, text: "Amount you owe: 1,250.00\nClaim CO-97", ocr: false, empty: false, read: true },
  { n: 3, text: "", ocr: true, empty: false, read: false },
];

describe("groundValues", () => {
  it("keeps values on the cited page, finds an uncited one, and drops invented or misplaced ones", () => {
    const r = groundValues(
      [
        { value: "142/91", page: 1 },
        { value: "$1,250", page: 2 },
        { value: "CO-97" },
        { value: "150/95", page: 1 },
        { value: "142/91", page: 2 },
        { value: "142/88", page: 1 },
        { value: "7.2", page: 3 },
      ],
      pages,
    );
    expect(r.kept).toEqual([
      { value: "142/91", page: 1 },
      { value: "$1,250", page: 2 },
      { value: "CO-97", page: 2 },
    ]);
    expect(r.dropped).toEqual([
      { value: "150/95", page: 1, why: "not_on_page" },
      { value: "142/91", page: 2, why: "not_on_page" },
      { value: "142/88", page: 1, why: "not_on_page" },
      { value: "7.2", page: 3, why: "page_not_read" },
    ]);
  });
});
