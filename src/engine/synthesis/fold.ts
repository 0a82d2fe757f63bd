/**
 * Accent- and case-insensitive folding for synthesis matching. Kept deliberately simpler than the
 * safety normalizer (no leetspeak or misspelling repair): here we read model answers and rule terms,
 * not adversarial input, and terms such as "a1c" must survive unchanged.
 */

export interface Folded {
  /** Lower case, accents removed, curly quotes straightened. */
  text: string;
  /** For each unit of `text`, the index in the original string it came from; one extra entry = original length. */
  source: number[];
}

const QUOTES: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u02BC": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u00AB": '"',
  "\u00BB": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u00A0": " ",
};

function foldChar(ch: string): string {
  const quoted = QUOTES[ch];
  if (quoted !== undefined) return quoted;
  if (ch.charCodeAt(0) < 128) return ch.toLowerCase();
  return ch.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
}

/** Fold `input`, remembering where each folded unit came from so matches can be cut from the original. */
export function foldWithSource(input: string): Folded {
  let text = "";
  const source: number[] = [];
  let i = 0;
  for (const ch of input) {
    const folded = foldChar(ch);
    text += folded;
    for (let k = 0; k < folded.length; k++) source.push(i);
    i += ch.length;
  }
  source.push(input.length);
  return { text, source };
}

export function fold(input: string): string {
  let out = "";
  for (const ch of input) out += foldChar(ch);
  return out;
}
