/**
 * Model output rendered as markdown, safely: no raw HTML (react-markdown drops it; rehype-sanitize
 * strips anything left), no images (nothing remote is ever loaded), links open outside the app.
 */
import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";

export function Markdown({ text }: { text: string }) {
  return (
    <ReactMarkdown
      skipHtml
      rehypePlugins={[rehypeSanitize]}
      components={{
        img: ({ alt }) => <span className="md-image-alt">{alt ? `[${alt}]` : ""}</span>,
        a: ({ href, children }) => (
          <a href={href} target="_blank" rel="noreferrer noopener">
            {children}
          </a>
        ),
      }}
    >
      {text}
    </ReactMarkdown>
  );
}
