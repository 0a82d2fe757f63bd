/**
 * Model output rendered as markdown, safely: no raw HTML (react-markdown drops it; rehype-sanitize
 * strips anything left), no images (nothing remote is ever loaded), links open outside the app, after
 * asking, and only when plainly what they say: each names its real site, and a link carrying personal
 * details or text naming another site is shown as text with the reason (src/shared/links).
 * Headings never skip a level, and are shifted down so an answer's "# Title" sits below the page's own
 * headings. GitHub-style tables and checklists render (the skills' logs and agendas use them); each
 * table sits in a focusable, named region that scrolls sideways when the table is wider than the
 * column, so a wide log never pushes the page.
 */
import type { Element, ElementContent } from "hast";
import { createElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { linkVerdict } from "../../shared/links";
import { rehypeHeadingOrder } from "../lib/headingOrder";

/**
 * In a browser (carefold serve) a link would open a new tab at once: ask first. The desktop shell asks
 * in the main process (src/main/hostDialogs), so the question is not put twice there.
 */
function confirmOpen(event: { preventDefault(): void }, host: string, t: (key: string, options?: Record<string, string>) => string): void {
  if ("carefold" in window) return;
  if (!window.confirm(t("markdown.openLink", { host }))) event.preventDefault();
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;

function shifted(level: Level, offset: number) {
  const tag = `h${Math.min(6, level + offset)}`;
  return ({ children }: { children?: ReactNode }) => createElement(tag, null, children);
}

/** The plain text of a hast node. */
function hastText(node: ElementContent | Element): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  return node.children.map(hastText).join("");
}

/** The column headings of a table ("Date, Time, Reading"), to name its scrolling region. */
function columnNames(table: Element | undefined): string {
  const row = table?.children
    .filter((c): c is Element => c.type === "element" && c.tagName === "thead")
    .flatMap((head) => head.children)
    .find((c): c is Element => c.type === "element" && c.tagName === "tr");
  const names = (row?.children ?? [])
    .filter((c): c is Element => c.type === "element")
    .map((cell) => hastText(cell).replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return names.join(", ");
}

export function Markdown({ text, headingOffset = 3 }: { text: string; headingOffset?: number }) {
  const { t } = useTranslation();
  const components: Components = {
    table: ({ node, children }) => {
      const columns = columnNames(node);
      return (
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable) and named.
        <div className="table-scroll" role="group" tabIndex={0} aria-label={columns ? t("markdown.tableNamed", { columns }) : t("markdown.table")}>
          <table>{children}</table>
        </div>
      );
    },
    // A checklist item's box is named by the item's own words (axe: label): the label wraps both.
    li: ({ node, className, children }) =>
      String(className ?? "").split(" ").includes("task-list-item") && node?.children.some((c) => c.type === "element" && c.tagName === "input") ? (
        <li className={className}>
          <label className="task-label">{children}</label>
        </li>
      ) : (
        <li className={className}>{children}</li>
      ),
    img: ({ alt }) => <span className="md-image-alt">{alt ? `[${alt}]` : ""}</span>,
    a: ({ href, children, node }) => {
      const verdict = linkVerdict(href, node ? hastText(node) : "");
      if (verdict.kind === "text") {
        return (
          <span className="link-removed">
            {children} <span className="small muted">({t(`markdown.linkRemoved.${verdict.reason}`)})</span>
          </span>
        );
      }
      const text = node ? hastText(node).toLowerCase() : "";
      return (
        <>
          <a href={verdict.href} target="_blank" rel="noreferrer noopener" onClick={(e) => confirmOpen(e, verdict.host, t)}>
            {children}
          </a>
          {text.includes(verdict.host) ? null : <span className="small muted"> ({verdict.host})</span>}
        </>
      );
    },
    h1: shifted(1, headingOffset),
    h2: shifted(2, headingOffset),
    h3: shifted(3, headingOffset),
    h4: shifted(4, headingOffset),
    h5: shifted(5, headingOffset),
    h6: shifted(6, headingOffset),
  };
  return (
    <ReactMarkdown skipHtml remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize, rehypeHeadingOrder]} components={components}>
      {text}
    </ReactMarkdown>
  );
}
