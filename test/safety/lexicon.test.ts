/** Word classes of the output classifier's features (src/engine/safety/semantic/lexicon). */
import { describe, expect, it } from "vitest";
import { featureIds, fnv1a, forEachFeature, prepareText } from "../../src/engine/safety/semantic/features";
import { classTokens } from "../../src/engine/safety/semantic/lexicon";

const words = (text: string) => prepareText(text).units.flatMap((u) => u.words);

describe("word classes", () => {
  it("replaces listed phrases, longest first, folded like the text (accents, case)", () => {
    expect(classTokens(words("That barking cough is croup"))).toEqual(["that", "barking", "cough", "is", "@cond"]);
    expect(classTokens(words("Blisters: hand foot and mouth disease"))).toEqual(["blisters", "@cond"]);
    expect(classTokens(words("Es PIE DE ATLETA y toma Amoxicilina"))).toEqual(["es", "@cond", "y", "toma", "@drug"]);
    expect(classTokens(words("Ashwagandha 600 mg daily"))).toEqual(["@supp", "600", "@unit", "@freq"]);
  });

  it("classes unlisted words by a drug stem or a condition ending, not short or excepted words", () => {
    expect(classTokens(words("try bexamycin for the tendinitis"))).toEqual(["try", "@drug", "for", "the", "@cond"]);
    expect(classTokens(words("see you in april"))).toBeNull();
  });

  it("adds nothing to a unit with no class member", () => {
    expect(classTokens(words("bring the list to your visit"))).toBeNull();
    const config = { bits: 16, minGram: 3, maxGram: 5, triples: true };
    const plain = words("bring the list to your visit");
    expect(featureIds(plain, { ...config, lexicon: true })).toEqual(featureIds(plain, config));
  });

  it("hashes class features without strings exactly as their strings hash, apart for context", () => {
    const config = { bits: 18, minGram: 3, maxGram: 5, triples: true, lexicon: true };
    for (const text of ["Tu abuela tiene insuficiencia cardíaca; dale furosemida 40 mg al día", "Try melatonin 3 mg before bed for the insomnia"]) {
      for (const u of prepareText(text).units) {
        const strings: number[] = [];
        forEachFeature(u.words, config, (f) => strings.push(fnv1a(f) & ((1 << config.bits) - 1)));
        const ids = featureIds(u.words, config);
        expect(ids).toEqual(strings);
        expect(strings.length).toBeGreaterThan(featureIds(u.words, { ...config, lexicon: false }).length);
        expect(featureIds(u.words, config, true)).not.toEqual(ids);
      }
    }
  });
});
