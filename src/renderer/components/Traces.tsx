/**
 * Tool-call traces ("Reading cardiology visit checklist…"): listed live while the answer is being
 * written, folded into a "how Carefold worked on this" disclosure once it is done.
 */
import { useTranslation } from "react-i18next";
import type { Trace } from "../state/conversation";

function TraceList({ traces }: { traces: Trace[] }) {
  const { t } = useTranslation();
  return (
    <ul className="traces">
      {traces.map((tr, i) => (
        <li key={i} className={`trace trace-${tr.stage}`} data-ok={tr.ok === null ? undefined : String(tr.ok)}>
          {tr.label}
          {tr.stage === "end" && tr.ok === false ? <span className="trace-failed"> — {t("conversation.stepFailed")}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function Traces({ traces, live }: { traces: Trace[]; live: boolean }) {
  const { t } = useTranslation();
  // A finished step repeats its start line; show each step once.
  const shown = traces.filter((tr) => tr.stage !== "end" || tr.ok === false);
  if (shown.length === 0) return null;
  if (live) return <TraceList traces={shown} />;
  return (
    <details className="traces-details">
      <summary>{t("conversation.steps", { count: shown.length })}</summary>
      <TraceList traces={shown} />
    </details>
  );
}
