/**
 * Hop 2: pick the specialist for a concern from the FTS5 catalog, with the 4-step fallback:
 * the concern's category → its domain → full text over every visible agent → the fallback agent
 * (visit-steward). Hidden agents never come back from the catalog, so they are never picked.
 */
import type { Domain } from "../content";
import type { CatalogHit, FtsCatalog } from "../catalog";
import { kindOf, type CategoryKind } from "./lexicon";

export type RankStep = "category" | "domain" | "fulltext" | "default";

export interface RankedAgent {
  id: string;
  title: string;
  category: string;
  domain: Domain;
  kind: CategoryKind;
  step: RankStep;
}

export interface RankRequest {
  text: string;
  /** Hop 1's category, if it named one. */
  category?: string | null;
  /** Hop 1's domain, if it named one. */
  domain?: Domain | null;
  /** Agents already in the plan. */
  exclude?: readonly string[];
  /** Only the category step (further concerns of a plan never fall back to unrelated agents). */
  categoryOnly?: boolean;
}

export interface RankDeps {
  catalog: FtsCatalog;
  /** The general agent of last resort. */
  fallbackAgent: string;
  /**
   * Least BM25 relevance a domain or full-text hit needs. Below it the match rests on words every
   * description shares ("visit", "health"), which says nothing about fit.
   */
  minTextScore: number;
}

/** The default least relevance for domain/full-text hits (about one specific keyword or tag word). */
export const DEFAULT_MIN_TEXT_SCORE = 2;

/** Runs the fallback chain; null only when nothing visible is left (or `categoryOnly` found nothing). */
export function rankSpecialist(request: RankRequest, deps: RankDeps): RankedAgent | null {
  const { catalog } = deps;
  const exclude = request.exclude ?? [];
  if (request.category) {
    const hit = catalog.searchAgents(request.text, { category: request.category, exclude, limit: 1 })[0];
    if (hit) return fromHit(hit, "category");
    // Hop 1 named the category on its own evidence (lexicon or model); the words need not be in FTS.
    const member = catalog.agentsIn({ category: request.category }).find((a) => !exclude.includes(a.id));
    if (member) return { id: member.id, title: member.title, category: member.category, domain: member.domain, kind: kindOf(member.domain, member.riskClass), step: "category" };
  }
  if (request.categoryOnly) return null;
  if (request.domain) {
    const hit = catalog.searchAgents(request.text, { domain: request.domain, exclude, limit: 1 })[0];
    if (hit && hit.score >= deps.minTextScore) return fromHit(hit, "domain");
  }
  const hit = catalog.searchAgents(request.text, { exclude, limit: 1 })[0];
  if (hit && hit.score >= deps.minTextScore) return fromHit(hit, "fulltext");
  return defaultAgent(deps, exclude);
}

/** The fallback agent if it is visible, else the first visible agent (hidden ones never). */
export function defaultAgent(deps: Pick<RankDeps, "catalog" | "fallbackAgent">, exclude: readonly string[] = []): RankedAgent | null {
  const preferred = deps.catalog.agent(deps.fallbackAgent);
  const pick = preferred && !preferred.hidden && !exclude.includes(preferred.id) ? preferred : deps.catalog.agents().find((a) => !exclude.includes(a.id));
  if (!pick) return null;
  return { id: pick.id, title: pick.title, category: pick.category, domain: pick.domain, kind: kindOf(pick.domain, pick.riskClass), step: "default" };
}

function fromHit(hit: CatalogHit, step: RankStep): RankedAgent {
  return { id: hit.id, title: hit.title, category: hit.category, domain: hit.domain, kind: kindOf(hit.domain, hit.riskClass), step };
}
