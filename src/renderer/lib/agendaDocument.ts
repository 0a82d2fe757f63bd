/**
 * The standalone, printable HTML of a visit agenda (for the desktop app's Save as PDF). It carries its
 * own large-print stylesheet and a CSP that allows no scripts and no network, because the main
 * process loads it from a data: URL in a hidden window.
 */

export const AGENDA_DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export interface AgendaDocumentInput {
  language: string;
  title: string;
  /** "Prepared on March 4, 2025" */
  dateLine: string;
  /** Name, date of birth, visit date, clinician: as filled in, or a line to write on. */
  fields?: { label: string; value: string }[];
  /** Sanitized HTML of the rendered agenda Markdown (from the on-screen print view). */
  bodyHtml: string;
  /** Short lines printed at the foot of the page. */
  footerLines: string[];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Large print on paper: 15 pt body, generous spacing, ruled tables whose blank rows are tall enough to
 * write in, and checklist boxes drawn 1em square. */
export const AGENDA_PRINT_CSS = `
@page { margin: 18mm 16mm; }
html { font-family: "Noto Sans", "Segoe UI", Arial, sans-serif; font-size: 15pt; line-height: 1.5; color: #000; background: #fff; }
body { margin: 0; }
header { border-bottom: 2px solid #000; margin-bottom: 12pt; padding-bottom: 6pt; }
h1 { font-size: 22pt; margin: 0 0 4pt; }
h2 { font-size: 18pt; margin: 16pt 0 6pt; }
h3 { font-size: 16pt; margin: 12pt 0 4pt; }
.agenda-date { margin: 0; font-size: 13pt; }
.agenda-fields { display: grid; grid-template-columns: auto 1fr auto 1fr; gap: 4pt 10pt; margin: 8pt 0 0; }
.agenda-fields dt { font-weight: 700; }
.agenda-fields dd { margin: 0; border-bottom: 1px solid #000; min-height: 1.4em; }
li { margin: 4pt 0; }
a { color: #000; }
main { overflow-wrap: anywhere; }
.table-scroll { overflow: visible; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #000; padding: .2em .35em; vertical-align: top; text-align: left; }
tbody tr { height: 2.2em; }
thead { display: table-header-group; }
ul.contains-task-list { list-style: none; padding-left: 1.25em; }
li.task-list-item input[type="checkbox"] { appearance: none; width: 1em; height: 1em; margin: 0 .4em 0 0; vertical-align: -.15em; border: 1.5px solid #000; border-radius: 0; background: #fff; }
li.task-list-item input[type="checkbox"]:checked { border-width: .5em; }
footer { border-top: 1px solid #000; margin-top: 18pt; padding-top: 6pt; font-size: 12pt; }
footer p { margin: 2pt 0; }
h1, h2, h3 { break-after: avoid; }
li, tr { break-inside: avoid; }
svg.trend-chart { display: block; max-width: 100%; height: auto; break-inside: avoid; }
.chart-legend { list-style: none; padding: 0; margin: 4pt 0; display: flex; flex-wrap: wrap; gap: 2pt 14pt; }
caption { text-align: left; font-weight: 700; padding: 2pt 0; }
.trend-table tbody tr { height: auto; }
.agenda-medicines-note { font-size: 12pt; margin: 0 0 4pt; }
.write-line { border-bottom: 1px solid #000; height: 1.6em; }
.printed-messages { list-style: none; padding: 0; margin: 0; }
.printed-message > h2 { font-size: 16pt; margin: 14pt 0 2pt; }
.printed-user-text { white-space: pre-wrap; margin: 0; }
.printed-message ul { list-style: disc; }
.printed-emergency { border: 2px solid #000; padding: 4pt 8pt; }
.agenda-medicines { break-inside: avoid; }
`;

export function buildAgendaDocument(input: AgendaDocumentInput): string {
  const footer = input.footerLines.map((l) => `<p>${escapeHtml(l)}</p>`).join("");
  const fields = (input.fields ?? []).map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join("");
  return [
    "<!doctype html>",
    `<html lang="${escapeHtml(input.language)}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${AGENDA_DOCUMENT_CSP}">`,
    `<title>${escapeHtml(input.title)}</title>`,
    `<style>${AGENDA_PRINT_CSS}</style>`,
    "</head>",
    "<body>",
    `<header><h1>${escapeHtml(input.title)}</h1><p class="agenda-date">${escapeHtml(input.dateLine)}</p>${fields ? `<dl class="agenda-fields">${fields}</dl>` : ""}</header>`,
    `<main>${input.bodyHtml}</main>`,
    `<footer>${footer}</footer>`,
    "</body>",
    "</html>",
  ].join("\n");
}
