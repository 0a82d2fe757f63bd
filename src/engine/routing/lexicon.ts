/**
 * The routing lexicon: every visible agent's curated keywords, tags and category name, folded and
 * stemmed, in a phrase trie keyed by category. Built from content at start-up, so adding a specialist
 * needs no code change (no per-specialty branches anywhere in routing).
 */
import type { RiskClass } from "../../shared/contract";
import type { AgentDef, Domain } from "../content";
import { foldTerms, isStopword, terms } from "../catalog/terms";

/** How an agent's category takes part in topology planning. */
export type CategoryKind = "clinical" | "admin" | "other";

export interface CategoryInfo {
  category: string;
  domain: Domain;
  kind: CategoryKind;
  /** Visible agents in this category, in content order. */
  agents: string[];
}

export interface PhraseEntry {
  category: string;
  weight: number;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Categories whose phrase ends here (one phrase may belong to several). */
  entries: PhraseEntry[];
}

export interface Lexicon {
  categories: Map<string, CategoryInfo>;
  root: TrieNode;
  /** Two-word phrases by their unordered word pair (see pairKey). */
  pairs: Map<string, PhraseEntry[]>;
  /** term → the categories whose phrases contain it (how specific a lone word is). */
  termCategories: Map<string, Set<string>>;
  /** Terms of five letters or more, grouped by first letter, for typo correction. */
  fuzzyVocabulary: Map<string, string[]>;
}

/** Source weights: curated routing keywords count most; tags and the category name a little less. */
const SOURCE_WEIGHT = { keyword: 1, tag: 0.9, category: 1 } as const;

/**
 * Navigation agents that handle paperwork (risk class admin) are the "administrative navigators" a
 * pipeline hands clinical context to; clinical-domain agents are the specialists; the rest (wellness,
 * general visit help) only ever run alone.
 */
export function kindOf(domain: Domain, riskClass: RiskClass): CategoryKind {
  if (domain === "clinical") return "clinical";
  if (domain === "navigation" && riskClass === "admin") return "admin";
  return "other";
}

/** Builds the lexicon from the visible agents (hidden ones are never routable, so never indexed). */
export function buildLexicon(agents: readonly AgentDef[]): Lexicon {
  const categories = new Map<string, CategoryInfo>();
  const root: TrieNode = { next: new Map(), entries: [] };
  const termCategories = new Map<string, Set<string>>();
  const pairs = new Map<string, PhraseEntry[]>();

  const add = (phrase: string, category: string, weight: number) => {
    const t = terms(phrase);
    // A phrase made only of function words would match almost any message.
    if (t.every((term) => isStopword(term))) return;
    let node = root;
    for (const term of t) {
      let child = node.next.get(term);
      if (!child) {
        child = { next: new Map(), entries: [] };
        node.next.set(term, child);
      }
      node = child;
      let cats = termCategories.get(term);
      if (!cats) termCategories.set(term, (cats = new Set()));
      cats.add(category);
    }
    upsert(node.entries, category, weight);
    // Keywords with exactly two content words ("aprobación del seguro") also match unordered.
    const content = t.filter((term) => !isStopword(term));
    if (content.length === 2 && content[0] !== content[1]) {
      const key = pairKey(content[0]!, content[1]!);
      const list = pairs.get(key) ?? [];
      upsert(list, category, weight);
      pairs.set(key, list);
    }
  };

  for (const agent of agents) {
    if (agent.metadata.hidden) continue;
    const { category, domain } = agent.metadata;
    const info = categories.get(category);
    if (info) info.agents.push(agent.id);
    else categories.set(category, { category, domain, kind: kindOf(domain, agent.metadata.risk_class), agents: [agent.id] });
    for (const k of agent.metadata.keywords) add(k, category, SOURCE_WEIGHT.keyword);
    for (const t of agent.metadata.tags) add(t, category, SOURCE_WEIGHT.tag);
    add(categoryArea(category), category, SOURCE_WEIGHT.category);
  }

  const fuzzyVocabulary = new Map<string, string[]>();
  for (const term of termCategories.keys()) {
    if (term.length < 5 || /\d/.test(term) || isStopword(term)) continue;
    const list = fuzzyVocabulary.get(term[0]!) ?? [];
    list.push(term);
    fuzzyVocabulary.set(term[0]!, list);
  }
  return { categories, root, pairs, termCategories, fuzzyVocabulary };
}

/** Order-free key of a word pair. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

function upsert(entries: PhraseEntry[], category: string, weight: number): void {
  const existing = entries.find((e) => e.category === category);
  if (existing) existing.weight = Math.max(existing.weight, weight);
  else entries.push({ category, weight });
}

/** "clinical.oral_health" → "oral health". */
export function categoryArea(category: string): string {
  const area = category.includes(".") ? category.slice(category.indexOf(".") + 1) : category;
  return foldTerms(area).replace(/_/g, " ");
}
