/**
 * Normalization and segmentation of one message, shared by the gates: the lifecycle runs the emergency
 * gate and then the refusal gate on the same text, so the second one reuses the first one's work.
 */
import { normalizeForMatching, type NormalizedText } from "./normalize";
import { segment, type Segments } from "./segment";

export interface Prepared {
  text: string;
  norm: NormalizedText;
  seg: Segments;
}

let last: Prepared | null = null;

export function prepare(text: string): Prepared {
  if (last !== null && last.text === text) return last;
  const norm = normalizeForMatching(text);
  last = { text, norm, seg: segment(norm.text) };
  return last;
}
