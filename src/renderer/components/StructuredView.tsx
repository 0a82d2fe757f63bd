/**
 * Structured data read from a document: what kind it is, a trend chart for a blood-pressure or glucose
 * log, every row with where it was read ("p.2"), the summary, and how many values were left out
 * because they could not be found on their page.
 */
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { StructuredData } from "../../shared/contract";
import { cellText, columnLabel, kindLabel, sourceLabel, summaryLabel } from "../lib/documentWords";
import { DataTable } from "./DataTable";
import { TrendChart } from "./TrendChart";

export function StructuredView({ data }: { data: StructuredData }) {
  const { t } = useTranslation();
  const what = kindLabel(t, data.kind);
  return (
    <section className="structured" aria-labelledby="structured-title">
      <h3 id="structured-title">{t("documents.found", { what })}</h3>
      <p>{t("documents.foundIntro")}</p>
      {data.kind === "medication_list" ? <p className="notice">{t("documents.asWritten")}</p> : null}
      {data.dropped > 0 ? <p className="kind-problem">{t("documents.dropped", { count: data.dropped })}</p> : null}
      {data.trend && data.trend.points.length > 0 ? (
        <>
          <h4>{t("documents.trendTitle")}</h4>
          <TrendChart trend={data.trend} what={what} />
        </>
      ) : null}
      <DataTable
        caption={t("documents.rowsCaption", { what })}
        columns={[...data.columns.map((c) => columnLabel(t, c)), t("documents.column.source")]}
        rows={data.rows.map((r) => [...data.columns.map((c, i) => cellText(t, c, r.cells[i] ?? "")), sourceLabel(t, r.source)])}
      />
      {data.summary.length > 0 ? (
        <>
          <h4>{t("documents.summaryTitle")}</h4>
          <dl className="facts">
            {data.summary.map((s) => (
              <Fragment key={s.key}>
                <dt>{summaryLabel(t, s.key)}</dt>
                <dd>{s.value}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
