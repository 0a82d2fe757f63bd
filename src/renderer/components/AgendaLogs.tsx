/** The logs sent with an agenda's question, on the printable agenda: each one's trend chart and its table. */
import { useTranslation } from "react-i18next";
import type { AgendaLog } from "../lib/agendaLogs";
import { kindLabel } from "../lib/documentWords";
import { TrendChart } from "./TrendChart";

export function AgendaLogs({ logs }: { logs: AgendaLog[] }) {
  const { t } = useTranslation();
  const shown = logs.filter((l) => l.data.trend && l.data.trend.points.length > 0);
  if (shown.length === 0) return null;
  return (
    <section className="agenda-logs" data-testid="agenda-logs">
      <h3>{t("agenda.logsTitle")}</h3>
      {shown.map((log) => {
        const what = kindLabel(t, log.data.kind);
        return (
          <section key={log.id} className="agenda-log">
            <h4>{t("agenda.logTitle", { name: log.name, what })}</h4>
            <TrendChart trend={log.data.trend!} what={what} />
          </section>
        );
      })}
    </section>
  );
}
