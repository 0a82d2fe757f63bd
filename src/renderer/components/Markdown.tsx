/**
 * Model output rendered as markdown, safely: no raw HTML (react-markdown drops it; rehype-sanitize
 * strips anything left), no images (nothing remote is ever loaded), links open outside the app.
 * Headings never skip a level, and are shifted down so an answer's "# Title" sits below the page's own
 * headings. GitHub-style tables and checklists render (the skills' logs and agendas use them).
 */
import { createElement, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { rehypeHeadingOrder } from "../lib/headingOrder";

type Level = 1 | 2 | 3 | 4 | 5 | 6;

function shifted(level: Level, offset: number) {
  const tag = `h${Math.min(6, level + offset)}`;
  return ({ children }: { children?: ReactNode }) => createElement(tag, null, children);
}

export function Markdown({ text, headingOffset = 3 }: { text: string; headingOffset?: number }) {
  const components: Components = {
    img: ({ alt }) => <span className="md-image-alt">{alt ? `[${alt}]` : ""}</span>,
    a: ({ href, children }) => (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ),
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
