/** Where the output guard cuts streamed text (src/engine/safety/sentences.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentenceEnd, splitSentences } from "../../src/engine/safety/index";

describe("sentences", () => {
  it("cuts after a terminator, its closing marks and the spaces after it, and at every line break", () => {
    const text = 'She said "take it." Then?\n- Bring your log\n\n| a | b |\nDone…';
    expect(splitSentences(text).map((s) => s.text)).toEqual(['She said "take it." ', "Then?", "\n", "- Bring your log\n\n", "| a | b |\n", "Done…"]);
  });

  it("waits on a full stop at the end of what has streamed (6. may become 6.5)", () => {
    expect(sentenceEnd("Take 6.")).toBe(-1);
    expect(sentenceEnd("Take 6.5 ml")).toBe(-1);
    expect(sentenceEnd("It is 6. Then")).toBe("It is 6. ".length);
  });

  it("reads a title and its name as one sentence, however the stream is cut", () => {
    const text = "Dr. Patel's note says to stop aspirin 5 days before. Ask Dra. Ruiz, e.g. by phone. See St. Mary's.";
    expect(splitSentences(text).map((s) => s.text)).toEqual(["Dr. Patel's note says to stop aspirin 5 days before. ", "Ask Dra. Ruiz, e.g. by phone. ", "See St. Mary's."]);
    expect(sentenceEnd("Ask Dr.")).toBe(-1);
    expect(sentenceEnd("Ask Dr. ")).toBe(-1);
    expect(sentenceEnd("Ask Dr. P")).toBe(-1);
    // Only the title itself: "Take it with the rest of your meds. Then call" still ends at "meds.".
    expect(sentenceEnd("Take it with your meds. Then")).toBe("Take it with your meds. ".length);
    expect(sentenceEnd("Call the ER. Now")).toBe("Call the ER. ".length);
  });

  it("gives back the whole text, in order, with offsets that point into it", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", " ", ".", "!", "?", "\n", '"', "6", "…"), maxLength: 80 }), (text) => {
        const pieces = splitSentences(text);
        expect(pieces.map((p) => p.text).join("")).toBe(text);
        for (const p of pieces) expect(text.slice(p.start, p.end)).toBe(p.text);
        expect(pieces.every((p) => p.text.length > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
