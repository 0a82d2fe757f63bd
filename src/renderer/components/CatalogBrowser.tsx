/**
 * The specialists, grouped by domain: what each helps with, how careful Carefold is with it (in plain
 * words), and its starter questions (a click asks it in a new conversation).
 */
import { useTranslation } from "react-i18next";
import type { AgentSummary } from "../../shared/contract";
import { groupByDomain, riskLabelKey } from "../lib/catalog";

/** Starters shown at once per specialist; the rest are one click away. */
const SHOWN = 2;

function StarterList({ starters, onAsk }: { starters: string[]; onAsk(text: string): void }) {
  return (
    <ul className="starter-list">
      {starters.map((s) => (
        <li key={s}>
          <button type="button" className="starter" onClick={() => onAsk(s)}>
            {s}
          </button>
        </li>
      ))}
    </ul>
  );
}

function AgentCard({ agent, onAsk }: { agent: AgentSummary; onAsk(text: string): void }) {
  const { t } = useTranslation();
  const headingId = `agent-${agent.id}`;
  return (
    <li className="agent-card">
      <h4 id={headingId}>{agent.title}</h4>
      <p className={`risk risk-${agent.riskClass}`}>{t(riskLabelKey(agent))}</p>
      <p>{agent.description}</p>
      {agent.starters.length > 0 ? (
        <>
          <p className="starters-label">{t("catalog.tryAsking")}</p>
          <StarterList starters={agent.starters.slice(0, SHOWN)} onAsk={onAsk} />
          {agent.starters.length > SHOWN ? (
            <details className="more-starters">
              <summary>{t("catalog.moreStarters", { count: agent.starters.length - SHOWN })}</summary>
              <StarterList starters={agent.starters.slice(SHOWN)} onAsk={onAsk} />
            </details>
          ) : null}
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
