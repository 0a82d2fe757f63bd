/**
 * Normalization, segmentation and anchor lookups of one message, shared by the gates: the lifecycle
 * runs the emergency gate and then the refusal gate on the same text, so the second reuses the first's
 * work, and both gates' anchor words are looked up in a single pass over the message.
 */
import { normalizeForMatching, type NormalizedText } from "./normalize";
import { AnchorIndex, type Anchor } from "./pattern";
import { segment, type Segments } from "./segment";

export interface Prepared {
  text: string;
  norm: NormalizedText;
  seg: Segments;
  /** Per gate: flattened pairs [wordIndex, matcherId, …] of words that start one of its patterns. */
  anchors: Map<number, number[]> | null;
}

/** Matcher ids are packed with their gate: gate * GATE_STRIDE + id. */
const GATE_STRIDE = 1 << 20;
const index = new AnchorIndex<number>();

export function registerAnchor(gate: number, anchor: Anchor, id: number): void {
  if (id >= GATE_STRIDE) throw new Error("too many patterns for one gate");
  index.add(anchor, gate * GATE_STRIDE + id);
}

let last: Prepared | null = null;

export function prepare(text: string): Prepared {
  if (last !== null && last.text === text) return last;
  const norm = normalizeForMatching(text);
  last = { text, norm, seg: segment(norm.text), anchors: null };
  return last;
}

/** Words of the message that may start one of the gate's patterns, as [wordIndex, matcherId] pairs. */
export function anchorHits(p: Prepared, gate: number): number[] {
  if (p.anchors === null) {
    const all = new Map<number, number[]>();
    const { words, wordCount } = p.seg;
    for (let k = 0; k < wordCount; k++) {
      index.lookup(words[k], k + 1 < wordCount ? words[k + 1] : "", (value) => {
        const g = Math.floor(value / GATE_STRIDE);
        let list = all.get(g);
        if (!list) {
          list = [];
          all.set(g, list);
        }
        list.push(k, value - g * GATE_STRIDE);
      });
    }
    p.anchors = all;
  }
  return p.anchors.get(gate) ?? [];
}

/**
 * Runs every matcher anchored at one of its candidate words, once per word, from that word's start
 * (sticky regexes), and reports each match. Shared by the emergency and refusal gates.
 */
export function matchAnchored<M extends { re: RegExp }>(
  p: Prepared,
  gate: number,
  matchers: readonly M[],
  text: string,
  onMatch: (m: M, start: number, matched: string) => void,
): void {
  const candidates = anchorHits(p, gate);
  const tried = new Set<number>();
  let lastWord = -1;
  for (let c = 0; c < candidates.length; c += 2) {
    const k = candidates[c]!;
    const id = candidates[c + 1]!;
    if (k !== lastWord) {
      tried.clear();
      lastWord = k;
    }
    if (tried.has(id)) continue;
    tried.add(id);
    const start = p.seg.wordStart[k]!;
    const m = matchers[id]!;
    m.re.lastIndex = start;
    const found = m.re.exec(text);
    if (found) onMatch(m, start, found[0]);
  }
}
