/**
 * Decomposing a legacy 5-section persona.md (ADR-0003 §5, §9b). ROLE & EMPATHY and CLINICAL SCOPE &
 * FOCUS stay in persona.md; STRUCTURED INTERACTION PROTOCOL moves to the primary skill; NON-CLINICAL
 * BOUNDARIES and EMERGENCY RED FLAGS are covered once by carefold-profile.yaml. Section headers are
 * recognised as legacy `ROLE & EMPATHY:` lines or as Markdown headings; this is Markdown, not YAML.
 */
import { PERSONA_SECTIONS } from "../rules/personaRules";

export type PersonaKey = "role" | "scope" | "protocol" | "boundaries" | "redFlags";

export interface PersonaSection {
  /** null for a heading the migration does not know (its text has no place in the canonical layout). */
  key: PersonaKey | null;
  /** The heading as written. */
  heading: string;
  text: string;
}

export interface ParsedPersona {
  /** Text before the first section heading. */
  preamble: string;
  sections: PersonaSection[];
}

/** Folded titles → section. "STRICT"/"EXPLICIT" and "& FOCUS" are optional in older packs. */
const KNOWN: ReadonlyMap<string, PersonaKey> = new Map([
  ["ROLE & EMPATHY", "role"],
  ["CLINICAL SCOPE & FOCUS", "scope"],
  ["CLINICAL SCOPE", "scope"],
  ["STRUCTURED INTERACTION PROTOCOL", "protocol"],
  ["INTERACTION PROTOCOL", "protocol"],
  ["STRICT NON-CLINICAL BOUNDARIES", "boundaries"],
  ["NON-CLINICAL BOUNDARIES", "boundaries"],
  ["EXPLICIT EMERGENCY RED FLAGS", "redFlags"],
  ["EMERGENCY RED FLAGS", "redFlags"],
]);

export const PERSONA_TITLES: Readonly<Record<PersonaKey, string>> = {
  role: "ROLE & EMPATHY",
  scope: "CLINICAL SCOPE & FOCUS",
  protocol: "STRUCTURED INTERACTION PROTOCOL",
  boundaries: "NON-CLINICAL BOUNDARIES",
  redFlags: "EMERGENCY RED FLAGS",
};

function fold(title: string): string {
  return title
    .replace(/[*_`]/g, "")
    .replace(/\band\b/gi, "&")
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\s*&\s*/g, " & ")
    .replace(/\bNON\s*-?\s*CLINICAL\b/i, "NON-CLINICAL")
    .replace(/[:.]+\s*$/, "")
    .replace(/^\d+[.)]\s*/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase();
}

/** A heading line: `## Title`, or a legacy plain `TITLE:` / `**TITLE:**` line naming a known section. */
function headingOf(line: string): { title: string; key: PersonaKey | null; markdown: boolean } | null {
  const md = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
  if (md) {
    const key = KNOWN.get(fold(md[2]!)) ?? null;
    // Deeper headings belong to the section's text unless they name a known section.
    if (key === null && md[1]!.length > 2) return null;
    return { title: md[2]!, key, markdown: true };
  }
  const plain = /^\s*(?:\d+[.)]\s*)?(\*\*)?([A-Za-z][A-Za-z &\u2010-\u2015-]+?)\s*:?\s*(\*\*)?\s*:?\s*$/.exec(line);
  if (plain) {
    const key = KNOWN.get(fold(plain[2]!));
    if (key) return { title: plain[2]!.trim(), key, markdown: false };
  }
  return null;
}

export function parsePersona(text: string): ParsedPersona {
  const preamble: string[] = [];
  const sections: { key: PersonaKey | null; heading: string; lines: string[] }[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const fenceMatch = /^\s*(```|~~~)/.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1]! : fenceMatch[1] === fence ? null : fence;
    const h = fence === null && !fenceMatch ? headingOf(line) : null;
    if (h) sections.push({ key: h.key, heading: h.title, lines: [] });
    else (sections.length > 0 ? sections[sections.length - 1]!.lines : preamble).push(line);
  }
  return {
    preamble: preamble.join("\n").trim(),
    sections: sections.map((s) => ({ key: s.key, heading: s.heading, text: s.lines.join("\n").trim() })),
  };
}

/** The text of every section with `key`, joined (a pack that repeats a section keeps both parts). */
export function sectionText(persona: ParsedPersona, key: PersonaKey): string | null {
  const parts = persona.sections.filter((s) => s.key === key).map((s) => s.text);
  return parts.length === 0 ? null : parts.filter(Boolean).join("\n\n");
}

/** The canonical two-section persona.md. */
export function slimPersona(role: string, scope: string): string {
  return `## ${PERSONA_SECTIONS[0]}\n\n${role.trim()}\n\n## ${PERSONA_SECTIONS[1]}\n\n${scope.trim()}\n`;
}
