/**
 * The three intended-use statements every SKILL.md carries (docs/content-format.md). Used by the
 * content validator at build time and by the safety layer when a skill is loaded at run time, so a
 * skill without them can never be shipped or activated.
 */
import { blocks, section } from "../content/markdown";

export type IntendedUseStatement = "not_clinician" | "emergency" | "medication";

export interface IntendedUseCheck {
  ok: boolean;
  missing: IntendedUseStatement[];
}

/** What each statement must say, in the words the validator looks for (all on one line or bullet). */
export const INTENDED_USE_HINTS: Readonly<Record<IntendedUseStatement, string>> = {
  not_clinician: 'a line with "not a doctor" (or "not a clinician"/"not a nurse") and "not emergency care"',
  emergency: 'a line with "emergency", "call" and "911" (or "local emergency number")',
  medication: 'a line with "never", start/stop/change, "medicine" or "medication", and "prescrib…"',
};

const TESTS: Readonly<Record<IntendedUseStatement, (line: string) => boolean>> = {
  not_clinician: (l) => /\bnot an? (doctor|clinician|nurse)\b/.test(l) && /\bnot emergency care\b/.test(l),
  emergency: (l) => /\bemergency\b/.test(l) && /\bcall/.test(l) && /(\b911\b|\blocal emergency number\b)/.test(l),
  medication: (l) =>
    /\bnever\b/.test(l) && /\b(start|stop|chang)/.test(l) && /\b(medicine|medication)/.test(l) && /prescrib/.test(l),
};

/** Lowercase, straight quotes, no Markdown emphasis, single spaces. */
function fold(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[*_`]/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/**
 * Checks the `## Intended use` section of a SKILL.md body. Each statement must be satisfied by a single
 * line (a wrapped bullet counts as one line); without the section, all three are missing.
 */
export function checkIntendedUse(body: string): IntendedUseCheck {
  const text = section(body, "Intended use");
  const items = text === null ? [] : blocks(text).map((b) => fold(b.text));
  const missing = (Object.keys(TESTS) as IntendedUseStatement[]).filter((key) => !items.some(TESTS[key]));
  return { ok: missing.length === 0, missing };
}
