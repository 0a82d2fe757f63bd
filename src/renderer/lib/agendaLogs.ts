/**
 * Logs attached to an agenda's question (blood-pressure and glucose logs with a trend): which of the
 * question's files have one, and the same readings as a Markdown table for the downloaded agenda.
 */
import type { Attachment, StructuredData } from "../../shared/contract";
import { splitFooter } from "./agendaFooter";
import { hasTrend } from "./attachmentState";
import { kindLabel, seriesLabel, sourceLabel } from "./documentWords";

export interface AgendaLog {
  id: string;
  name: string;
  data: StructuredData;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The question's files that hold a log with readings over time, in the order they were sent. */
export function logFiles(fileIds: string[], items: Attachment[]): Attachment[] {
  return fileIds.map((id) => items.find((a) => a.id === id)).filter((a): a is Attachment => a !== undefined && a.status === "ready" && hasTrend(a));
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();

/** "## From your logs", then per log its title and a table of every reading with where it was read. */
export function logsMarkdown(logs: AgendaLog[], t: T, language: string): string {
  const withTrend = logs.filter((l) => l.data.trend && l.data.trend.points.length > 0);
  if (withTrend.length === 0) return "";
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const parts = [`## ${t("agenda.logsTitle")}`];
  for (const log of withTrend) {
    const trend = log.data.trend!;
    const columns = [t("documents.column.reading"), ...trend.series.map((k) => `${seriesLabel(t, k)} (${trend.unit})`), t("documents.column.source")];
    const rows = trend.points.map((p) => [p.label, ...p.values.map((v) => (v === null ? "—" : number.format(v))), sourceLabel(t, p.source)]);
    parts.push(
      `### ${cell(t("agenda.logTitle", { name: log.name, what: kindLabel(t, log.data.kind) }))}`,
      [columns, columns.map(() => "---"), ...rows].map((r) => `| ${r.map(cell).join(" | ")} |`).join("\n"),
    );
  }
  return parts.join("\n\n");
}

/** The agenda's Markdown with the logs' tables added before its closing footer (which stays last). */
export function withLogs(markdown: string, logs: string): string {
  if (!logs) return markdown;
  const { body, footer } = splitFooter(markdown);
  if (footer === null) return `${markdown.trimEnd()}\n\n${logs}\n`;
  const closing = markdown.trimEnd().slice(body.trimEnd().length).trim();
  return `${body.trimEnd() ? `${body.trimEnd()}\n\n` : ""}${logs}\n\n${closing}\n`;
}
