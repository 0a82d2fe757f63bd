/** Pure helpers over catalog.agents: grouping by domain, plain-word risk labels, starter picks. */
import { needsConsent } from "../../shared/consentRule";
import type { AgentSummary, RiskClass } from "../../shared/contract";

/** Paperwork first (least sensitive), then health topics, then habits; unknown domains last. */
const DOMAIN_ORDER = ["navigation", "clinical", "wellness"];

export interface DomainGroup {
  domain: string;
  agents: AgentSummary[];
}

export function groupByDomain(agents: AgentSummary[]): DomainGroup[] {
  const groups = new Map<string, AgentSummary[]>();
  for (const a of agents) {
    const list = groups.get(a.domain) ?? [];
    list.push(a);
    groups.set(a.domain, list);
  }
  const rank = (d: string) => (DOMAIN_ORDER.includes(d) ? DOMAIN_ORDER.indexOf(d) : DOMAIN_ORDER.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([domain, list]) => ({ domain, agents: [...list].sort((x, y) => x.title.localeCompare(y.title)) }));
}

/** i18n key of the plain-words risk label ("Health topic — needs your OK first"). */
/** The label of what a specialist is: a health topic (needs your OK), navigation, paperwork or habits. */
export function riskLabelKey(agent: { riskClass: RiskClass; domain: string }): string {
  if (agent.riskClass === "clinical_assist" && !needsConsent(agent)) return "catalog.risk.navigation";
  return `catalog.risk.${agent.riskClass}`;
}

/**
 * Starters for an empty chat: the general visit helper first, then one per specialist taking
 * domains in turn, so the picks show the range of what Carefold does.
 */
export function pickStarters(agents: AgentSummary[], count: number, firstAgent = "visit-steward"): { agentId: string; text: string }[] {
  const picks: { agentId: string; text: string }[] = [];
  const first = agents.find((a) => a.id === firstAgent);
  if (first?.starters[0]) picks.push({ agentId: first.id, text: first.starters[0] });
  const queues = groupByDomain(agents.filter((a) => a.id !== firstAgent && a.starters.length > 0)).map((g) => [...g.agents]);
  while (picks.length < count && queues.some((q) => q.length > 0)) {
    for (const q of queues) {
      const agent = q.shift();
      if (agent && picks.length < count) picks.push({ agentId: agent.id, text: agent.starters[0]! });
    }
  }
  return picks;
}

/** Agent ids → display titles; unknown ids stay as they are. */
export function agentTitles(agents: AgentSummary[], ids: string[]): string[] {
  const byId = new Map(agents.map((a) => [a.id, a.title]));
  return ids.map((id) => byId.get(id) ?? id);
}
