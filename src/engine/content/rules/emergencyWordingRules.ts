/**
 * "Urgent care" is a US walk-in clinic, not an emergency room: text that sends an emergency sign
 * there points the wrong way, and a small local model repeats it. Same-day problems may still go
 * to urgent care; only a sentence (or the one just before it, in the same paragraph) that names an
 * emergency sign is flagged.
 */
import { lines } from "../markdown";
import { problem, type ContentProblem } from "../problems";

const URGENT_CARE = /\burgent[\s-]+care\b/i;

/** The emergency signs of carefold-profile.yaml and the gate's families, in the words the content uses. */
const EMERGENCY_SIGNS: readonly RegExp[] = [
  /\bstrokes?\b/i,
  /\bseizures?\b/i,
  /\bchest (pain|pressure|tightness|discomfort)\b/i,
  /\b(trouble|hard|difficulty|struggling|cannot|can't|not able to) (to )?breath(e|ing)\b/i,
  /\b(shortness|short) of breath\b/i,
  /\bnot breathing\b/i,
  /\b(blue|gray) lips\b|\blips\b.{0,30}\b(blue|gray)\b/i,
  /\b(vomiting|throwing up|coughing( up)?) blood\b/i,
  /\bblack\b.{0,20}\bstools?\b/i,
  /\bfaint(s|ed|ing|ness)?\b|\bpass(es|ed|ing)? out\b/i,
  /\b(will not|won't|does not|cannot|can't|hard to|very hard to) (be )?wake\b|\bunresponsive\b|\bnot responding\b/i,
  /\boverdos/i,
  /\bpoisoning\b/i,
  /\bsuicid|\bself-harm\b/i,
  /\bbleeding (that )?(will not|won't|does not|doesn't) stop\b|\b(heavy|severe) bleeding\b/i,
  /\b(sudden|worst|very bad|severe)\b.{0,20}\bheadache\b/i,
  /\bconfus(ed|ion)\b/i,
  /\bswelling of the (lips|tongue|face|throat)\b|\bthroat (is )?(closing|tight)\b/i,
  /\bsevere (belly|stomach|abdominal) pain\b/i,
  /\bvery (low|high)\b.{0,12}\bsugar\b/i,
  /\bstiff neck\b/i,
];

/** Sentence ends: . ! ? followed by a space. */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== "");
}

interface Paragraph {
  text: string;
  /** 0-based line of its first line. */
  line: number;
}

function paragraphs(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  let current: Paragraph | null = null;
  lines(text).forEach((raw, line) => {
    // A quoted warning reads as plain text; its lines join like any paragraph's.
    const bare = raw.replace(/^\s*>\s?/, "");
    if (bare.trim() === "") {
      current = null;
      return;
    }
    const starts = /^\s*([-*+]|\d+[.)])\s|^\s*(\||#)/.test(bare);
    if (starts || current === null) out.push((current = { text: bare.trim(), line }));
    else current.text += ` ${bare.trim()}`;
    // A table row or a heading is a paragraph of its own.
    if (/^\s*(\||#)/.test(bare)) current = null;
  });
  return out;
}

/** The words just before "urgent care", where the sign usually is. */
function excerpt(sentence: string): string {
  const at = URGENT_CARE.exec(sentence)!.index;
  const from = at > 60 ? sentence.indexOf(" ", at - 60) + 1 : 0;
  return sentence.slice(from, at + 11).trim();
}

export interface EmergencyWordingHit {
  /** 0-based line where the paragraph starts. */
  line: number;
  excerpt: string;
}

/** Each place where "urgent care" sits next to an emergency sign. */
export function findUrgentCareForEmergency(text: string): EmergencyWordingHit[] {
  const hits: EmergencyWordingHit[] = [];
  for (const p of paragraphs(text)) {
    const all = sentences(p.text);
    all.forEach((s, i) => {
      if (!URGENT_CARE.test(s)) return;
      const near = `${all[i - 1] ?? ""} ${s}`;
      if (EMERGENCY_SIGNS.some((re) => re.test(near))) hits.push({ line: p.line, excerpt: excerpt(s) });
    });
  }
  return hits;
}

/**
 * Problems for one text. `field` names where it is: by default the line (persona, reference,
 * profile); SKILL.md passes its own, since its body lines are not the file's lines.
 */
export function checkEmergencyWording(text: string, file: string, field?: (hit: EmergencyWordingHit) => string): ContentProblem[] {
  return findUrgentCareForEmergency(text).map((hit) =>
    problem(
      file,
      "emergency-wording",
      `sends an emergency sign to "urgent care", which is a walk-in clinic; say "emergency help" instead: "${hit.excerpt}"`,
      field ? field(hit) : `line ${hit.line + 1}`,
    ),
  );
}
