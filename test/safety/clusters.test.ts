/** Word clusters of the output classifier's features (src/engine/safety/semantic/clusters). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { clusterTokens } from "../../src/engine/safety/semantic/clusters";
import { featureIds, fnv1a, forEachFeature, prepareText } from "../../src/engine/safety/semantic/features";

const words = (text: string) => prepareText(text).units.flatMap((u) => u.words);
const TABLE = ["croup crup bronchiolitis", "stop dejar suspender", "ibuprofen ibuprofeno"];

describe("word clusters", () => {
  it("replaces clustered words by their cluster, folded like the text, and leaves the rest", () => {
    expect(clusterTokens(words("That is CROUP, stop the Ibuprofen"), TABLE)).toEqual(["that", "is", "~0", "~1", "the", "~2"]);
    expect(clusterTokens(words("Suena a crup: deja el ibuprofeno"), TABLE)).toEqual(["suena", "a", "~0", "deja", "el", "~2"]);
    expect(clusterTokens(words("bring the list"), TABLE)).toBeNull();
  });

  it("gives an English word and its Spanish neighbour the same cluster features", () => {
    const config = { bits: 18, minGram: 3, maxGram: 5, triples: true, clusters: TABLE };
    const cluster = (text: string) => {
      const out: string[] = [];
      forEachFeature(words(text), config, (f) => f.startsWith("k|") && out.push(f));
      return out;
    };
    expect(cluster("croup")).toEqual(cluster("crup"));
    expect(cluster("croup")).toContain("k|~0");
  });

  it("hashes cluster features without strings exactly as their strings hash, apart for context", () => {
    const config = { bits: 18, minGram: 3, maxGram: 5, triples: true, lexicon: true, clusters: TABLE };
    const unit = words("Sounds like croup, so stop the ibuprofen tonight");
    const strings: number[] = [];
    forEachFeature(unit, config, (f) => strings.push(fnv1a(f) & ((1 << config.bits) - 1)));
    expect(featureIds(unit, config)).toEqual(strings);
    expect(featureIds(unit, config, true)).not.toEqual(strings);
  });

  it("ships a table where every word has one cluster", () => {
    const table = readFileSync(resolve(import.meta.dirname, "../../scripts/gate/word-clusters.txt"), "utf8").split("\n").filter(Boolean);
    const all = table.flatMap((line) => line.split(" "));
    expect(new Set(all).size).toBe(all.length);
    expect(table.length).toBeGreaterThan(100);
  });
});
