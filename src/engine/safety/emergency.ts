/**
 * The emergency red-flag gate (safety.md §1): deterministic, no model, linear in the message length.
 *
 *   normalize → words, clauses, sentences → cue matches at anchor words → drop idiom overlaps →
 *   per-cue clause qualifiers (negation, history, …) → rules combine active cues → the most urgent
 *   rule wins (911 over 988 over Poison Help, then the more specific rule, then the earliest) →
 *   an explicit denial with a routine request (safety.md §1a, ./rules/denial) may stand the 988 down.
 *
 * The whole message is scanned, however long. Every decision names its rule and the matched span.
 */
import { anchorsOf, compilePattern, compileSource } from "./pattern";
import { originalSpan, type NormalizedText, type TextSpan } from "./normalize";
import { matchAnchored, prepare, registerAnchor, type Prepared } from "./prepare";
import { canInheritPast, clauseFacts, fictionAt, frameAt, hasBilling, isNegated, isPastTold, type ClauseFacts } from "./qualifiers";
import { DENIAL } from "./rules/denial";
import { CUES, FAMILY_POLICY, IDIOMS, RULES } from "./rules/index";
import type { EmergencyAction, EmergencyFamily, GateLanguage, RuleSpec } from "./rules/index";
import { rangeIndex, type Segments } from "./segment";

export interface EmergencyDecision {
  emergency: boolean;
  family: EmergencyFamily | null;
  action: EmergencyAction | null;
  rule: string | null;
  /** Offsets into the original text (mapped back through normalization). */
  span: TextSpan | null;
  language: GateLanguage | null;
  /**
   * An explicit first-person denial with a routine request was recognized and no emergency raised
   * (safety.md §1a): no banner, and the answer carries the 988 line as a resource.
   */
  denial: boolean;
}

export const NO_EMERGENCY: EmergencyDecision = Object.freeze({
  emergency: false,
  family: null,
  action: null,
  rule: null,
  span: null,
  language: null,
  denial: false,
});

const DENIED: EmergencyDecision = Object.freeze({ ...NO_EMERGENCY, denial: true });

// ---------- compiled rule set ----------

/** A cue, an idiom span that voids cues, or an explicit denial (./rules/denial). */
type MatcherKind = "cue" | "idiom" | "denial";

interface Matcher {
  cue: string;
  language: GateLanguage;
  re: RegExp;
  test?: (matched: string) => boolean;
  kind: MatcherKind;
}

/** This gate's channel in the shared anchor index (./prepare). */
const GATE = 0;
const matchers: Matcher[] = [];

function addMatcher(m: Matcher, pattern: string): void {
  const id = matchers.length;
  matchers.push(m);
  for (const anchor of anchorsOf(pattern)) registerAnchor(GATE, anchor, id);
}

for (const cue of CUES) {
  for (const language of ["en", "es"] as const) {
    for (const pattern of cue[language] ?? []) {
      addMatcher({ cue: cue.name, language, re: compilePattern(pattern), test: cue.test, kind: "cue" }, pattern);
    }
  }
}
const MARKERS: [MatcherKind, Readonly<Record<GateLanguage, readonly string[]>>][] = [
  ["idiom", IDIOMS],
  ["denial", DENIAL.denial],
];
for (const [kind, table] of MARKERS) {
  for (const language of ["en", "es"] as const) {
    for (const pattern of table[language]) addMatcher({ cue: kind, language, re: compilePattern(pattern), kind }, pattern);
  }
}

/**
 * Request and retraction are searched for only once a denial was found (rare), so their common words
 * ("need", "insurance") cost nothing on the anchor pass over ordinary messages.
 */
const searchAll = (patterns: Readonly<Record<GateLanguage, readonly string[]>>): RegExp[] =>
  [...patterns.en, ...patterns.es].map((p) => new RegExp(`(?<![a-z0-9'])(?:${compileSource(p)})`));
const REQUEST = searchAll(DENIAL.request);
const RETRACTION = searchAll(DENIAL.retraction);

const KNOWN_CUES = new Set(CUES.map((c) => c.name));
const DENIAL_BLOCKERS = new Set(DENIAL.blockers);
for (const name of DENIAL_BLOCKERS) if (!KNOWN_CUES.has(name)) throw new Error(`denial: unknown blocker cue "${name}"`);
for (const rule of RULES) {
  for (const group of rule.all) {
    for (const name of group) {
      if (!KNOWN_CUES.has(name)) throw new Error(`rule ${rule.id}: unknown cue "${name}"`);
    }
  }
}

const ACTION_RANK: Record<EmergencyAction, number> = { "911": 3, "988": 2, poison: 1 };

// ---------- matching ----------

/** One cue found in the message, with the clause qualifiers that apply to it. */
export interface CueHit {
  cue: string;
  language: GateLanguage;
  start: number;
  end: number;
  negated: boolean;
  facts: ClauseFacts;
  fiction: boolean;
  /** The cue names the reason for a past visit or a bill ("billed for my chest pain"). */
  visit: boolean;
}

interface Range {
  start: number;
  end: number;
}

interface Scan {
  norm: NormalizedText;
  seg: Segments;
  hits: CueHit[];
  /** Spans of explicit denials ("I'm not suicidal"). */
  denials: Range[];
}

function findHits(p: Prepared, denials: Range[]): CueHit[] {
  const { norm, seg } = p;
  const text = norm.text;
  const raw: { m: Matcher; start: number; end: number }[] = [];
  const idioms: Range[] = [];
  matchAnchored(p, GATE, matchers, text, (m, start, matched) => {
    if (m.test && !m.test(matched)) return;
    const end = start + matched.length;
    if (m.kind === "cue") raw.push({ m, start, end });
    else if (m.kind === "idiom") idioms.push({ start, end });
    else denials.push({ start, end });
  });
  const factsCache = new Map<number, ClauseFacts>();
  const factsOf = (ci: number): ClauseFacts => {
    let facts = factsCache.get(ci);
    if (facts) return facts;
    const to = ci + 1 < seg.clauseStarts.length ? seg.clauseStarts[ci + 1] : text.length;
    facts = clauseFacts(text, seg.clauseStarts[ci], to);
    if (seg.clauseInherits[ci] && ci > 0) {
      // A "because …" clause carries the history and the visit of the clause it explains.
      const prev = factsOf(ci - 1);
      facts = {
        ...facts,
        remotePast: facts.remotePast || prev.remotePast,
        recentPast: facts.recentPast || prev.recentPast,
        visits: [...prev.visits, ...facts.visits],
      };
    } else if (ci > 0 && !sameSentenceStart(ci) && canInheritPast(text, seg.clauseStarts[ci], to)) {
      // "Many years ago, after my husband died, I took an overdose": a clause with no present-tense verb
      // carries the remote past of the clause before it in its sentence.
      if (factsOf(ci - 1).remotePast) facts = { ...facts, remotePast: true };
    }
    factsCache.set(ci, facts);
    return facts;
  };
  const sameSentenceStart = (ci: number): boolean =>
    seg.sentenceStarts[rangeIndex(seg.sentenceStarts, seg.clauseStarts[ci])] === seg.clauseStarts[ci];
  const fictionCache = new Map<number, number>();
  const frame = raw.length > 0 ? frameAt(text) : -1;
  const billing = raw.length > 0 && hasBilling(text);
  const hits: CueHit[] = [];
  for (const r of raw) {
    if (idioms.some((i) => i.start < r.end && r.start < i.end)) continue;
    const ci = rangeIndex(seg.clauseStarts, r.start);
    const facts = factsOf(ci);
    const si = rangeIndex(seg.sentenceStarts, r.start);
    let fiction = fictionCache.get(si);
    if (fiction === undefined) {
      const to = si + 1 < seg.sentenceStarts.length ? seg.sentenceStarts[si + 1] : text.length;
      fiction = fictionAt(text, seg.sentenceStarts[si], to);
      fictionCache.set(si, fiction);
    }
    const clauseTo = ci + 1 < seg.clauseStarts.length ? seg.clauseStarts[ci + 1] : text.length;
    // A training or role-play frame earlier in the message ("Test question: …"), unless happening right now.
    const framed = frame >= 0 && frame <= r.start && facts.immediateAt < 0;
    // "Charge from poison control … when my toddler licked dish soap last week": told in the past, billed.
    const billed = billing && !facts.present && isPastTold(text, seg.clauseStarts[ci], clauseTo);
    hits.push({
      cue: r.m.cue,
      language: r.m.language,
      start: r.start,
      end: r.end,
      negated: isNegated(text, seg, r.start, r.end),
      facts,
      fiction: (fiction >= 0 && fiction <= r.start) || framed,
      visit: billed || facts.visits.some((at) => isVisitReason(text, at, r.start, r.end, seg.clauseStarts[ci])),
    });
  }
  return hits;
}

const VISIT_LINK = /(?:^|[^a-z0-9'])(?:for|due to|because of|from|of|after|with|por|para|de|del|con)(?![a-z0-9])/;

/**
 * A bill, claim or past visit names the cue as its reason when the marker follows the cue ("chest pain
 * ER visit") or precedes it with a linking word ("billed for my chest pain"); "doing my insurance
 * paperwork when a crushing pain started" is no such thing.
 */
function isVisitReason(text: string, visitAt: number, start: number, end: number, clauseStart: number): boolean {
  if (visitAt < 0) return false;
  if (visitAt >= end) return true;
  if (visitAt < clauseStart) return true; // inherited from the clause this one explains
  return VISIT_LINK.test(text.slice(visitAt, start));
}

/** Whether a cue counts for a rule of this family, given its clause. */
export function isActive(hit: CueHit, family: EmergencyFamily): boolean {
  const policy = FAMILY_POLICY[family];
  const f = hit.facts;
  const before = (at: number): boolean => at >= 0 && at <= hit.start;
  if (hit.fiction) return false;
  if (before(f.educationAt)) return false;
  if (hit.visit && !f.present) return false;
  if (f.remotePast && !f.present) return false;
  if (policy.recentPast && f.recentPast && !f.present) return false;
  if (policy.chronic && f.chronic && !f.present) return false;
  // "Hypothetically, if someone like me, right now, had…": the framing does not hide what is happening.
  if (policy.hypothetical && before(f.hypotheticalAt) && f.immediateAt < f.hypotheticalAt) return false;
  if (policy.negation && hit.negated) return false;
  return true;
}

interface Fired {
  rule: RuleSpec;
  hits: CueHit[];
  start: number;
  end: number;
}

function evaluateRule(rule: RuleSpec, byCue: Map<string, CueHit[]>): Fired | null {
  const groups = rule.all.map((names) =>
    names
      .flatMap((n) => byCue.get(n) ?? [])
      .filter((h) => isActive(h, rule.family))
      .sort((a, b) => a.start - b.start),
  );
  if (groups.some((g) => g.length === 0)) return null;
  const window = rule.window ?? 400;
  // Anchor on each hit of the first group; every other group needs a hit within the window.
  for (const first of groups[0]) {
    const chosen: CueHit[] = [first];
    let ok = true;
    for (let g = 1; g < groups.length && ok; g++) {
      const near = nearest(groups[g], first.start, window);
      if (near) chosen.push(near);
      else ok = false;
    }
    if (ok) {
      return {
        rule,
        hits: chosen,
        start: Math.min(...chosen.map((h) => h.start)),
        end: Math.max(...chosen.map((h) => h.end)),
      };
    }
  }
  return null;
}

function nearest(sorted: CueHit[], at: number, window: number): CueHit | null {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start < at) lo = mid + 1;
    else hi = mid;
  }
  let best: CueHit | null = null;
  for (const i of [lo - 1, lo]) {
    const h = sorted[i];
    if (h && Math.abs(h.start - at) <= window && (!best || Math.abs(h.start - at) < Math.abs(best.start - at))) best = h;
  }
  return best;
}

function better(a: Fired, b: Fired): boolean {
  const ra = ACTION_RANK[a.rule.action];
  const rb = ACTION_RANK[b.rule.action];
  if (ra !== rb) return ra > rb;
  const pa = a.rule.priority ?? 0;
  const pb = b.rule.priority ?? 0;
  if (pa !== pb) return pa > pb;
  return a.start < b.start;
}

function scan(text: string): Scan {
  const p = prepare(text);
  const denials: Range[] = [];
  return { norm: p.norm, seg: p.seg, hits: findHits(p, denials), denials };
}

export interface EmergencyAnalysis {
  decision: EmergencyDecision;
  /** Every rule that fired, best first. */
  fired: { rule: string; family: EmergencyFamily; action: EmergencyAction; span: TextSpan }[];
  /** Every cue found, with whether it counted (for explaining and debugging a decision). */
  cues: { cue: string; span: TextSpan; negated: boolean; facts: ClauseFacts; fiction: boolean }[];
  normalized: string;
}

function fireRules(hits: readonly CueHit[]): Fired[] {
  const byCue = new Map<string, CueHit[]>();
  for (const h of hits) {
    const list = byCue.get(h.cue);
    if (list) list.push(h);
    else byCue.set(h.cue, [h]);
  }
  const fired: Fired[] = [];
  for (const rule of RULES) {
    const f = evaluateRule(rule, byCue);
    if (f) fired.push(f);
  }
  return fired;
}

/**
 * Explicit denial (safety.md §1a): discount the cues inside "I'm not suicidal" and the like; the denial
 * holds only when nothing else fires and no plan, means, farewell or attempt is present anywhere.
 */
function denialHolds(s: Scan): boolean {
  const spans = s.denials;
  if (spans.length === 0) return false;
  const text = s.norm.text;
  if (!REQUEST.some((re) => re.test(text)) || RETRACTION.some((re) => re.test(text))) return false;
  const rest = s.hits.filter((h) => !spans.some((r) => r.start < h.end && h.start < r.end));
  if (rest.some((h) => DENIAL_BLOCKERS.has(h.cue) && isActive(h, "suicide"))) return false;
  return fireRules(rest).length === 0;
}

function decide(text: string, s: Scan): { decision: EmergencyDecision; fired: Fired[] } {
  const fired = s.hits.length === 0 ? [] : fireRules(s.hits);
  if (denialHolds(s)) return { decision: DENIED, fired: [] };
  if (fired.length === 0) return { decision: NO_EMERGENCY, fired };
  fired.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const best = fired[0];
  return {
    decision: {
      emergency: true,
      family: best.rule.family,
      action: best.rule.action,
      rule: best.rule.id,
      span: originalSpan(text, s.norm, best.start, best.end),
      language: best.hits[0].language,
      denial: false,
    },
    fired,
  };
}

/** The gate: is this message an emergency, which kind, what to do, and which rule said so. */
export function detectEmergency(text: string): EmergencyDecision {
  if (typeof text !== "string" || text.length === 0) return NO_EMERGENCY;
  return decide(text, scan(text)).decision;
}

/** The decision plus everything that led to it. */
export function analyzeEmergency(text: string): EmergencyAnalysis {
  const s = scan(text);
  const { decision, fired } = decide(text, s);
  return {
    decision,
    fired: fired.map((f) => ({
      rule: f.rule.id,
      family: f.rule.family,
      action: f.rule.action,
      span: originalSpan(text, s.norm, f.start, f.end),
    })),
    cues: s.hits.map((h) => ({
      cue: h.cue,
      span: originalSpan(text, s.norm, h.start, h.end),
      negated: h.negated,
      facts: h.facts,
      fiction: h.fiction,
    })),
    normalized: s.norm.text,
  };
}
