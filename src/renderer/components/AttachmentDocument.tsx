/**
 * What reading one file found, as it was read: the notices, the structured data (chart and table),
 * the file's own table (CSV/TSV), and the text page by page — each page numbered, marked when it was
 * read with OCR, and said plainly when it was not read or had no text. Long files show their first
 * pages and rows, with a button for the rest.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RequestOutput } from "../../shared/contract";
import { DataTable } from "./DataTable";
import { StructuredView } from "./StructuredView";

export type AttachmentReading = RequestOutput<"attachments.read">;
type Page = AttachmentReading["pages"][number];

const FIRST_PAGES = 30;
const FIRST_ROWS = 200;

function PageText({ page }: { page: Page }) {
  const { t } = useTranslation();
  const id = `page-${page.n}`;
  return (
    <section className="doc-page" aria-labelledby={id} data-testid="doc-page">
      <h4 id={id}>{t("documents.page", { n: page.n })}</h4>
      {!page.read ? <p className="attention">{t("documents.pageNotRead")}</p> : null}
      {page.read && page.ocr ? <p className="badge-line">{t("documents.pageOcr")}</p> : null}
      {page.read && page.empty ? <p className="muted">{t("documents.pageEmpty")}</p> : null}
      {page.read && !page.empty ? <pre className="page-text">{page.text}</pre> : null}
    </section>
  );
}

function FileTable({ name, table }: { name: string; table: NonNullable<AttachmentReading["table"]> }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const rows = all ? table.rows : table.rows.slice(0, FIRST_ROWS);
  return (
    <section aria-labelledby="file-table-title">
      <h3 id="file-table-title">{t("documents.tableTitle")}</h3>
      <DataTable caption={t("documents.tableCaption", { name })} columns={table.columns} rows={rows} />
      {rows.length < table.rows.length ? (
        <p>
          {t("documents.moreRows", { shown: rows.length, total: table.rows.length })}{" "}
          <button type="button" className="button-small" onClick={() => setAll(true)}>
            {t("documents.showAllRows")}
          </button>
        </p>
      ) : null}
    </section>
  );
}

export function AttachmentDocument({ reading }: { reading: AttachmentReading }) {
  const { t } = useTranslation();
  const [allPages, setAllPages] = useState(false);
  const pages = allPages ? reading.pages : reading.pages.slice(0, FIRST_PAGES);
  return (
    <div className="attachment-document">
      {reading.notices.length > 0 ? (
        <ul className="doc-notices" aria-label={t("documents.noticesLabel")}>
          {reading.notices.map((n) => (
            <li key={n} className="notice">
              {n}
            </li>
          ))}
        </ul>
      ) : null}
      {reading.structured ? <StructuredView data={reading.structured} /> : null}
      {reading.table ? <FileTable name={reading.attachment.name} table={reading.table} /> : null}
      <section aria-labelledby="doc-pages-title">
        <h3 id="doc-pages-title">{t("documents.pagesTitle")}</h3>
        {reading.pages.length === 0 ? <p className="muted">{t("documents.noPages")}</p> : pages.map((p) => <PageText key={p.n} page={p} />)}
        {pages.length < reading.pages.length ? (
          <p>
            {t("documents.morePages", { shown: pages.length, total: reading.pages.length })}{" "}
            <button type="button" className="button-small" onClick={() => setAllPages(true)}>
              {t("documents.showAllPages")}
            </button>
          </p>
        ) : null}
      </section>
    </div>
  );
}
