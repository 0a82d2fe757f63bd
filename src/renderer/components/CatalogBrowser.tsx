/**
 * The specialists, grouped by domain: what each helps with, how careful Carefold is with it (in plain
 * words), and its starter questions (a click asks it in a new conversation).
 */
import { useTranslation } from "react-i18next";
import type { AgentSummary } from "../../shared/contract";
import { groupByDomain, riskLabelKey } from "../lib/catalog";

function AgentCard({ agent, onAsk }: { agent: AgentSummary; onAsk(text: string): void }) {
  const { t } = useTranslation();
  const headingId = `agent-${agent.id}`;
  return (
    <li className="agent-card">
      <h4 id={headingId}>{agent.title}</h4>
      <p className={`risk risk-${agent.riskClass}`}>{t(riskLabelKey(agent.riskClass))}</p>
      <p>{agent.description}</p>
      {agent.starters.length > 0 ? (
        <>
          <p className="starters-label">{t("catalog.tryAsking")}</p>
          <ul className="starter-list">
            {agent.starters.map((s) => (
              <li key={s}>
                <button type="button" className="starter" onClick={() => onAsk(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

export function CatalogBrowser({ agents, onAsk }: { agents: AgentSummary[]; onAsk(text: string): void }) {
  const { t } = useTranslation();
  const groups = groupByDomain(agents);
  return (
    <section className="panel" aria-labelledby="catalog-title">
      <h2 id="catalog-title">{t("catalog.title")}</h2>
      <p className="intro">{t("catalog.intro")}</p>
      {agents.length === 0 ? <p className="muted">{t("catalog.loading")}</p> : null}
      {groups.map((g) => (
        <section key={g.domain} className="domain-group" aria-labelledby={`domain-${g.domain}`}>
          <h3 id={`domain-${g.domain}`}>{t(`catalog.domain.${g.domain}`, { defaultValue: g.domain })}</h3>
          <ul className="agent-grid">
            {g.agents.map((a) => (
              <AgentCard key={a.id} agent={a} onAsk={onAsk} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
