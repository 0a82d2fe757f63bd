/**
 * The printable visit agenda: large print, title and date, the agenda's Markdown, and the canonical
 * footer once (the answer's own closing footer moves to the foot of the page). In the browser, Print
 * uses the page's print stylesheet (Save as PDF is in the print dialog); in the
 * desktop app the same content goes to host.printToPdf as a standalone document. Logs sent with the
 * question (blood-pressure, glucose) follow the agenda with their trend chart and its table, on screen,
 * on paper and in the PDF; the downloaded Markdown has their tables. The medicines the user listed or
 * attached come first, as written, with lines to write on (issue 18, item 6).
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useServices } from "../hooks/services";
import { logsMarkdown, withLogs, type AgendaLog } from "../lib/agendaLogs";
import { buildAgendaDocument } from "../lib/agendaDocument";
import { splitFooter } from "../lib/agendaFooter";
import { downloadText } from "../lib/download";
import { errorInfo } from "../lib/errors";
import { formatDate } from "../lib/format";
import { AgendaLogs } from "./AgendaLogs";
import { Markdown } from "./Markdown";

/** The header a clinician expects on a paper a patient hands over. */
const FIELDS = ["name", "birthDate", "visitDate", "clinician"] as const;
type Field = (typeof FIELDS)[number];

/**
 * Saves the agenda as a text file anyone can open (its Markdown reads as plain text), the who-and-when
 * lines on top (filled in, or a line to write on); returns what to announce.
 */
export function saveAgendaText(agenda: Agenda, logs: AgendaLog[], fields: Partial<Record<Field, string>>, t: TFunction, language: string): string {
  const details = FIELDS.map((f) => `${t(`agenda.field.${f}`)}: ${fields[f] || BLANK}`).join("\n");
  downloadText(`${agenda.fileName}.txt`, `${details}\n\n${medicinesText(agenda.medicines ?? [], t)}\n\n${withLogs(agenda.markdown, logsMarkdown(logs, t, language))}`);
  return t("agenda.downloaded", { name: `${agenda.fileName}.txt` });
}

/** The page's own title is the agenda's first heading: printed once, in the header (room for one page). */
export function withoutTitleHeading(markdown: string, title: string): string {
  const first = /^\s*#\s+(.+?)\s*#*\s*(?:\n+|$)/.exec(markdown);
  return first && first[1]!.trim() === title.trim() ? markdown.slice(first[0].length) : markdown;
}

/** A line to write on, in the text file. */
const BLANK = "____________________";

/** The medicines as written, then room to add one; with none, a blank list (five lines to write on). */
function medicinesText(medicines: string[], t: TFunction): string {
  const lines = medicines.length ? [t("agenda.medicines.asWritten"), ...medicines.map((m) => `- ${m}`), `- ${BLANK}`] : [t("agenda.medicines.blank"), ...Array<string>(5).fill(`- ${BLANK}`)];
  return [`${t("agenda.medicines.title")}:`, ...lines].join("\n");
}

export interface Agenda {
  fileName: string;
  title: string;
  markdown: string;
  /** The medicines the user listed or attached in the conversation, as written (agenda.export). */
  medicines?: string[];
}

/**
 * The "Medicines" section: each as the user wrote it or the list printed it (never interpreted here), and
 * ruled lines to write on (only lines when none were listed). Part of the body, so the PDF has it too.
 */
function AgendaMedicines({ medicines }: { medicines: string[] }) {
  const { t } = useTranslation();
  const blank = medicines.length ? 1 : 5;
  return (
    <section className="agenda-medicines" aria-labelledby="agenda-medicines-title">
      <h3 id="agenda-medicines-title">{t("agenda.medicines.title")}</h3>
      <p className="agenda-medicines-note">{medicines.length ? t("agenda.medicines.asWritten") : t("agenda.medicines.blank")}</p>
      {medicines.length ? (
        <ul>
          {medicines.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <div className="write-lines" aria-hidden="true">
        {Array.from({ length: blank }, (_, i) => (
          <div key={i} className="write-line" />
        ))}
      </div>
    </section>
  );
}

export function AgendaView({ agenda, logs = [], desktop, shared = false, onBack }: { agenda: Agenda; logs?: AgendaLog[]; desktop: boolean; shared?: boolean; onBack(): void }) {
  const { t, i18n } = useTranslation();
  const { client, announce } = useServices();
  const body = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  // Who and when, filled in here or by hand on paper; never stored.
  const [fields, setFields] = useState<Record<Field, string>>({ name: "", birthDate: "", visitDate: "", clinician: "" });
  const dateLine = t("agenda.preparedOn", { date: formatDate(new Date(), i18n.language) });
  const { body: withTitle, footer } = splitFooter(agenda.markdown);
  const agendaBody = withoutTitleHeading(withTitle, agenda.title);
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
      fields: FIELDS.map((f) => ({ label: t(`agenda.field.${f}`), value: fields[f] })),
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

  const download = () => announce(saveAgendaText(agenda, logs, fields, t, i18n.language));

  return (
    <div className="agenda-view">
      <div className="agenda-toolbar no-print" role="group" aria-label={t("agenda.toolbarLabel")}>
        <button type="button" className="button-secondary" onClick={onBack}>
          {t("agenda.back")}
        </button>
        <button type="button" className="button-primary" onClick={() => void print()} data-autofocus>
          {desktop ? t("agenda.savePdf") : t("agenda.printNow")}
        </button>
        {/* On a shared kiosk nothing is saved to its disk: the agenda goes home on paper. */}
        {shared ? null : (
          <button type="button" className="button-secondary" onClick={download}>
            {t("agenda.download")}
          </button>
        )}
      </div>
      {!desktop ? <p className="muted no-print">{t("agenda.browserHint")}</p> : null}
      {status ? <p className="kind-problem no-print">{status}</p> : null}
      <article className="agenda-page" aria-labelledby="agenda-title" data-testid="agenda-page">
        <header className="agenda-header">
          <h2 id="agenda-title">{agenda.title}</h2>
          <p className="agenda-date">{dateLine}</p>
          <dl className="agenda-fields">
            {FIELDS.map((f) => (
              <div key={f} className="agenda-field">
                <dt>
                  <label htmlFor={`agenda-${f}`}>{t(`agenda.field.${f}`)}</label>
                </dt>
                <dd>
                  <input id={`agenda-${f}`} type="text" autoComplete="off" value={fields[f]} onChange={(e) => setFields((x) => ({ ...x, [f]: e.target.value }))} />
                </dd>
              </div>
            ))}
          </dl>
        </header>
        <div ref={body} className="agenda-body">
          <AgendaMedicines medicines={agenda.medicines ?? []} />
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
