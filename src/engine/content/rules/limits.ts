/** Length and count limits from docs/content-format.md, in one place. */
export const LIMITS = {
  agentDescription: { min: 40, max: 400 },
  skillDescription: { min: 80, max: 1024 },
  title: { min: 3, max: 60 },
  /** metadata.yaml `es:` — the same bands as the English title and agent description. */
  translation: { title: { min: 3, max: 60 }, description: { min: 40, max: 400 } },
  keywords: { min: 15, max: 60, itemMax: 60 },
  tags: { min: 3, max: 12, itemMax: 30 },
  starters: { min: 4, max: 5, itemMin: 10, itemMax: 120 },
  goldens: { minCases: 6, minAllow: 3, minRefuse: 1, minEmergency: 1 },
  /** "About 250–450 words": the band is widened so only stubs and essays fail. */
  personaWords: { min: 200, max: 550 },
  /** The suffix is in every prompt of a local CPU model: keep it short. */
  profileWords: { max: 300 },
  clinicalReferences: 3,
} as const;

/** Length in characters as people count them (code points), after trimming. */
export function chars(text: string): number {
  return [...text.trim()].length;
}

export function fold(text: string): string {
  return text.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, " ");
}

/** Entries that appear more than once (case- and space-insensitive). */
export function duplicates(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const item of items) {
    const key = fold(item);
    if (seen.has(key)) dup.add(item);
    seen.add(key);
  }
  return [...dup];
}
