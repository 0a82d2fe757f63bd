/**
 * SKILL.md body edits of the migration, on `##` sections (headings inside code fences are text):
 * giving a legacy "Structured Interaction Protocol" section its canonical name and place, and
 * putting a persona's protocol into the primary skill once, as `## How to help`.
 */
import { headings, lines, normalizeTitle } from "../markdown";
import { PROTOCOL_STEPS, SKILL_SECTIONS } from "../rules/skillBodyRules";

export const HOW_TO_HELP = SKILL_SECTIONS[2];
const LEGACY_PROTOCOL_TITLES = ["structured interaction protocol", "interaction protocol"];
/** Sections that come after "How to help" in the canonical order. */
const AFTER_PROTOCOL = SKILL_SECTIONS.slice(3).map((t) => normalizeTitle(t));

interface Section {
  /** Normalized `##` title. */
  title: string;
  lines: string[];
}

interface Body {
  preamble: string[];
  sections: Section[];
}

function split(body: string): Body {
  const all = lines(body);
  const h2 = headings(body).filter((h) => h.level === 2);
  const preamble = all.slice(0, h2[0]?.line ?? all.length);
  const sections = h2.map((h, i) => ({ title: normalizeTitle(h.title), lines: all.slice(h.line, h2[i + 1]?.line ?? all.length) }));
  return { preamble, sections };
}

function join(body: Body): string {
  const parts = [body.preamble, ...body.sections.map((s) => s.lines)].map((ls) => ls.join("\n").replace(/\s+$/, "")).filter(Boolean);
  return parts.join("\n\n") + "\n";
}

const isAfterProtocol = (title: string) => AFTER_PROTOCOL.some((t) => title === t || (t.startsWith("red flags") && title.startsWith("red flags")));

/** Inserts `section` before the first section that belongs after "How to help", or at the end. */
function insertProtocol(body: Body, section: Section): void {
  const at = body.sections.findIndex((s) => isAfterProtocol(s.title));
  if (at < 0) body.sections.push(section);
  else body.sections.splice(at, 0, section);
}

function hasHowToHelp(body: Body): boolean {
  return body.sections.some((s) => s.title === normalizeTitle(HOW_TO_HELP));
}

/**
 * A body that carries the protocol under its legacy name (as ADR-0003's own script appended it, at the
 * end) gets it renamed to "How to help" and moved to its place. Returns null when nothing changes.
 */
export function renameLegacyProtocol(bodyText: string): string | null {
  const body = split(bodyText);
  const idx = body.sections.findIndex((s) => LEGACY_PROTOCOL_TITLES.includes(s.title));
  if (idx < 0 || hasHowToHelp(body)) return null;
  const [legacy] = body.sections.splice(idx, 1);
  insertProtocol(body, { title: normalizeTitle(HOW_TO_HELP), lines: [`## ${HOW_TO_HELP}`, ...legacy!.lines.slice(1)] });
  return join(body);
}

export type ProtocolPlacement =
  | { outcome: "inserted"; body: string }
  | { outcome: "already-present" }
  | { outcome: "has-own"; existing: string };

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Puts the persona's protocol into a skill body as `## How to help`, unless the body has one already. */
export function placeProtocol(bodyText: string, protocol: string): ProtocolPlacement {
  const body = split(bodyText);
  const own = body.sections.find((s) => s.title === normalizeTitle(HOW_TO_HELP) || LEGACY_PROTOCOL_TITLES.includes(s.title));
  if (own) {
    const existing = own.lines.slice(1).join("\n").trim();
    return squash(existing) === squash(protocol) ? { outcome: "already-present" } : { outcome: "has-own", existing };
  }
  insertProtocol(body, { title: normalizeTitle(HOW_TO_HELP), lines: [`## ${HOW_TO_HELP}`, "", protocol.trim()] });
  return { outcome: "inserted", body: join(body) };
}

/** Canonical step names in the body's "How to help" section (see canonicalStepNames). */
export function canonicalHowToHelp(bodyText: string): { body: string; renames: StepRename[] } {
  const body = split(bodyText);
  const section = body.sections.find((s) => s.title === normalizeTitle(HOW_TO_HELP));
  if (!section) return { body: bodyText, renames: [] };
  const { text, renames } = canonicalStepNames(section.lines.slice(1).join("\n"));
  if (renames.length === 0) return { body: bodyText, renames };
  section.lines = [section.lines[0]!, ...lines(text)];
  return { body: join(body), renames };
}

export interface StepRename {
  step: number;
  from: string;
  to: string;
}

const STEP = /^(\d+)([.)]\s+)\*\*(.+?)\*\*(.*)$/;

/**
 * Gives the four numbered steps of a protocol the canonical names (legacy "**Clarify Context**" →
 * "**Clarify the context**"). Only when there are exactly four top-level steps numbered 1–4, each
 * with a bold name; otherwise the text is returned unchanged and the validator says what is wrong.
 */
export function canonicalStepNames(protocol: string): { text: string; renames: StepRename[] } {
  const all = lines(protocol);
  const steps = all.map((l, i) => ({ i, m: STEP.exec(l) })).filter((s) => s.m !== null);
  const numbered = all.filter((l) => /^\d+[.)]\s/.test(l)).length;
  if (steps.length !== 4 || numbered !== 4 || steps.some((s, n) => Number(s.m![1]) !== n + 1)) return { text: protocol, renames: [] };
  const renames: StepRename[] = [];
  steps.forEach((s, n) => {
    const wanted = PROTOCOL_STEPS[n]!;
    const from = s.m![3]!;
    if (normalizeTitle(from) === normalizeTitle(wanted)) return;
    renames.push({ step: n + 1, from, to: wanted });
    all[s.i] = `${s.m![1]}${s.m![2]}**${wanted}**${s.m![4]}`;
  });
  return { text: all.join("\n"), renames };
}
