/**
 * A unified diff, readable without colour: each changed line carries a visible +/− sign and a
 * spoken "added"/"removed", with old and new line numbers.
 */
import { useTranslation } from "react-i18next";
import { parseUnifiedDiff, summarizeDiff } from "../lib/diff";

export function DiffView({ diff, labelId }: { diff: string; labelId?: string }) {
  const { t } = useTranslation();
  const lines = parseUnifiedDiff(diff).filter((l) => l.kind !== "file");
  const summary = summarizeDiff(lines);
  const firstHunk = lines.findIndex((l) => l.kind === "hunk");
  return (
    <div className="diff" data-testid="diff">
      <p className="diff-summary">{t("approvals.diffSummary", { added: summary.added, removed: summary.removed })}</p>
      <div className="diff-lines" role="region" aria-labelledby={labelId} tabIndex={0}>
        {lines.map((l, i) => {
          // A separator between hunks (the lines in between did not change); none before the first.
          if (l.kind === "hunk") return i === firstHunk ? null : <div key={i} className="diff-hunk" aria-hidden="true" />;
          if (l.kind === "note") return <div key={i} className="diff-note">{l.text}</div>;
          const sign = l.kind === "add" ? "+" : l.kind === "remove" ? "−" : " ";
          const line = l.kind === "add" ? l.newLine : l.oldLine;
          const content = (
            <>
              <span className="diff-no" aria-hidden="true">
                {line}
              </span>
              <span className="diff-sign" aria-hidden="true">
                {sign}
              </span>
              {l.kind === "add" ? <span className="visually-hidden">{t("approvals.added")} </span> : null}
              {l.kind === "remove" ? <span className="visually-hidden">{t("approvals.removed")} </span> : null}
              <span className="diff-text">{l.text || "\u00a0"}</span>
            </>
          );
          if (l.kind === "add") return <ins key={i} className="diff-line diff-add">{content}</ins>;
          if (l.kind === "remove") return <del key={i} className="diff-line diff-remove">{content}</del>;
          return (
            <div key={i} className="diff-line diff-context">
              {content}
            </div>
          );
        })}
      </div>
    </div>
  );
}
