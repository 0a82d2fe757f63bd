/**
 * The printable visit agenda: large print, title and date, the agenda's Markdown, and the canonical
 * footer once (the answer's own closing footer moves to the foot of the page). In the browser, Print
 * uses the page's print stylesheet (Save as PDF is in the print dialog); in the
 * desktop app the same content goes to host.printToPdf as a standalone document. Logs sent with the
 * question (blood-pressure, glucose) follow the agenda with their trend chart and its table, on screen,
 * on paper and in the PDF; the downloaded Markdown has their tables.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { logsMarkdown, withLogs, type AgendaLog } from "../lib/agendaLogs";
import { buildAgendaDocument } from "../lib/agendaDocument";
import { splitFooter } from "../lib/agendaFooter";
import { downloadText } from "../lib/download";
import { errorInfo } from "../lib/errors";
import { formatDate } from "../lib/format";
import { AgendaLogs } from "./AgendaLogs";
import { Markdown } from "./Markdown";

export interface Agenda {
  fileName: string;
  title: string;
  markdown: string;
}

export function AgendaView({ agenda, logs = [], desktop, onBack }: { agenda: Agenda; logs?: AgendaLog[]; desktop: boolean; onBack(): void }) {
  const { t, i18n } = useTranslation();
  const { client, announce } = useServices();
  const body = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const dateLine = t("agenda.preparedOn", { date: formatDate(new Date(), i18n.language) });
  const { body: agendaBody, footer } = splitFooter(agenda.markdown);
  const footerLines = [footer ?? t("agenda.footer")];

  const print = async () => {
    if (!desktop) {
      window.print();
      return;
    }
    const html = buildAgendaDocument({
      language: i18n.language,
      title: agenda.title,
      dateLine,
      bodyHtml: body.current?.innerHTML ?? "",
      footerLines,
    });
    try {
      const result = await client["host.printToPdf"]({ html, fileName: agenda.fileName });
      const message = result.saved && result.path ? t("agenda.savedPdf", { path: result.path }) : t("agenda.notSaved");
      setStatus(message);
      announce(message);
    } catch (err) {
      const message = t("agenda.pdfFailed", { message: errorInfo(err).message });
      setStatus(message);
      announce(message);
    }
  };

  const download = () => {
    downloadText(`${agenda.fileName}.md`, withLogs(agenda.markdown, logsMarkdown(logs, t, i18n.language)));
    announce(t("agenda.downloaded", { name: `${agenda.fileName}.md` }));
  };

  return (
    <div className="agenda-view">
      <div className="agenda-toolbar no-print" role="group" aria-label={t("agenda.toolbarLabel")}>
        <button type="button" className="button-secondary" onClick={onBack}>
          {t("agenda.back")}
        </button>
        <button type="button" className="button-primary" onClick={() => void print()} data-autofocus>
          {desktop ? t("agenda.savePdf") : t("agenda.printNow")}
        </button>
        <button type="button" className="button-secondary" onClick={download}>
          {t("agenda.download")}
        </button>
      </div>
      {!desktop ? <p className="muted no-print">{t("agenda.browserHint")}</p> : null}
      {status ? <p className="kind-problem no-print">{status}</p> : null}
      <article className="agenda-page" aria-labelledby="agenda-title" data-testid="agenda-page">
        <header className="agenda-header">
          <h2 id="agenda-title">{agenda.title}</h2>
          <p className="agenda-date">{dateLine}</p>
        </header>
        <div ref={body} className="agenda-body">
          <Markdown text={agendaBody} headingOffset={1} />
          <AgendaLogs logs={logs} />
        </div>
        <footer className="agenda-footer">
          {footerLines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </footer>
      </article>
    </div>
  );
}
