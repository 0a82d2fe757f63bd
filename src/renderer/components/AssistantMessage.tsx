/** One answer: traces, the (streamed) text, who answered and why, suggestion chips and actions. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { looksLikeAgenda } from "../lib/agendaShape";
import { isStoppedPartial, type ChatMessage } from "../state/conversation";
import { EmergencyTurn } from "./EmergencyTurn";
import { Markdown } from "./Markdown";
import { Traces } from "./Traces";

export interface AnswerActions {
  onChip(text: string): void;
  onRetry(messageId: string): void;
  onEdit(messageId: string): void;
  onAgenda(turnId: string, mode: "print" | "download"): void;
  onConsent(turnId: string): void;
  onOpenSettings(): void;
  onReviewApprovals(): void;
  /** A refused question, kept as a question for the care team in the user's visit-questions note. */
  onAddToVisitList(messageId: string): void;
  titlesOf(agentIds: string[]): string[];
  /** Whether the emergency banner is up for this turn (see bannerShownFor). */
  bannerShown(turnId: string | null): boolean;
  /**
   * A shared kiosk: nothing leaves the visitor's session — no copy to the clipboard, no file saved to the
   * kiosk's disk (the next visitor would find it); printing on paper stays.
   */
  shared?: boolean;
}

function ChipList({ chips, onChip }: { chips: string[]; onChip(text: string): void }) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <div className="chips" role="group" aria-label={t("conversation.chipsLabel")}>
      {chips.map((c) => (
        <button key={c} type="button" className="chip" onClick={() => onChip(c)}>
          {c}
        </button>
      ))}
    </div>
  );
}

/** A turn that did not complete: what happened, and "Try again" / "Edit question". */
export function TurnProblem({ note, messageId, actions }: { note: string; messageId: string; actions: AnswerActions }) {
  const { t } = useTranslation();
  return (
    <div className="turn-problem">
      <p className="muted">{note}</p>
      <div className="button-row">
        <button type="button" className="button-secondary" onClick={() => actions.onRetry(messageId)}>
          {t("conversation.retry")}
        </button>
        <button type="button" className="button-secondary" onClick={() => actions.onEdit(messageId)}>
          {t("conversation.edit")}
        </button>
      </div>
    </div>
  );
}

function StatusNote({ message, actions }: { message: ChatMessage; actions: AnswerActions }) {
  const { t } = useTranslation();
  switch (message.status) {
    case "emergency":
      return <EmergencyTurn message={message} bannerShown={actions.bannerShown(message.turnId)} />;
    case "cancelled":
    case "failed": {
      const note =
        message.status === "failed" ? t("conversation.failed") : isStoppedPartial(message) ? t("conversation.stoppedPartial") : t("conversation.stopped");
      return <TurnProblem note={note} messageId={message.id} actions={actions} />;
    }
    case "needs_consent":
      return (
        <div className="button-row">
          <button type="button" className="button-secondary" onClick={() => message.turnId && actions.onConsent(message.turnId)}>
            {t("consent.review")}
          </button>
        </div>
      );
    case "awaiting_approval":
      // The answer itself says what is waiting (the engine writes it); here is the way to it.
      return (
        <div className="button-row">
          <button type="button" className="button-secondary" onClick={actions.onReviewApprovals}>
            {t("conversation.reviewChange")}
          </button>
        </div>
      );
    case "refused":
      return (
        <div className="button-row">
          <button type="button" className="button-secondary" onClick={() => actions.onAddToVisitList(message.id)}>
            {t("visitList.offer")}
          </button>
        </div>
      );
    case "no_model":
      return (
        <div className="button-row">
          <button type="button" className="button-secondary" onClick={actions.onOpenSettings}>
            {t("conversation.setUpModel")}
          </button>
        </div>
      );
    default:
      return null;
  }
}

/** A health specialist the user said "Not now" to in this conversation: said plainly, with the way to turn it on. */
function ConsentOff({ titles, onTurnOn }: { titles: string[]; onTurnOn(): void }) {
  const { t } = useTranslation();
  return (
    <div className="consent-off" data-testid="consent-off">
      <p>{t("consent.offNote", { who: titles.join(", "), count: titles.length })}</p>
      <div className="button-row">
        <button type="button" className="button-secondary" onClick={onTurnOn}>
          {t("consent.turnOn", { count: titles.length })}
        </button>
      </div>
    </div>
  );
}

/** On every answer: copy its text, or ask the same question again for a new answer. */
function AnswerTools({ message, actions }: { message: ChatMessage; actions: AnswerActions }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.text);
      setCopied(t("conversation.copied"));
    } catch {
      setCopied(t("conversation.copyFailed"));
    }
  };
  return (
    <div className="button-row answer-tools">
      {actions.shared ? null : (
        <button type="button" className="button-secondary" onClick={() => void copy()}>
          {t("conversation.copy")}
        </button>
      )}
      <button type="button" className="button-secondary" onClick={() => actions.onRetry(message.id)}>
        {t("conversation.askAgain")}
      </button>
      <span role="status" className="muted">
        {copied ?? ""}
      </span>
    </div>
  );
}

/** Seconds since an answer began, updated every second (a local model can take tens of seconds). */
export function Elapsed({ since, now = Date.now }: { since: number | undefined; now?: () => number }) {
  const { t } = useTranslation();
  const [, tick] = useState(0);
  useEffect(() => {
    if (since === undefined) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [since]);
  if (since === undefined) return null;
  const seconds = Math.max(0, Math.floor((now() - since) / 1000));
  return (
    <span className="elapsed" aria-hidden="true" data-testid="elapsed">
      {t("conversation.elapsed", { count: seconds })}
    </span>
  );
}

export function AssistantMessage({ message, actions }: { message: ChatMessage; actions: AnswerActions }) {
  const { t } = useTranslation();
  const streaming = message.status === "streaming";
  const showText = message.status !== "emergency" && message.text;
  const answered = message.status === "done" && message.turnId !== null;
  // Print and save only what is meant for paper: an agenda, a checklist, a log.
  const printable = answered && looksLikeAgenda(message.text);
  const partial = isStoppedPartial(message);
  return (
    <>
      <Traces traces={message.traces} live={streaming} />
      {streaming && !message.text ? (
        <p className="progress">
          {/* The stage is announced when it changes; the seconds only tick on screen. */}
          <span role="status">{message.progress ?? t("conversation.working")}</span> <Elapsed since={message.startedAt} />
        </p>
      ) : null}
      {/* Said in words, not by colour: the answer below is only what was shown before Stop. */}
      {partial ? (
        <p className="stopped-label">
          <span className="badge">{t("conversation.stoppedBadge")}</span>
        </p>
      ) : null}
      {showText ? (
        <div className="answer-text">
          <Markdown text={message.text} />
        </div>
      ) : null}
      {partial && message.agents.length > 0 ? (
        <p className="answered-by">
          {t("conversation.partialBy", { agents: actions.titlesOf(message.agents).join(", ") })}
          {message.why ? <span className="why"> {t("conversation.why", { why: message.why })}</span> : null}
        </p>
      ) : null}
      <StatusNote message={message} actions={actions} />
      {message.status === "done" && message.agents.length > 0 ? (
        <p className="answered-by">
          {t("conversation.answeredBy", { agents: actions.titlesOf(message.agents).join(", ") })}
          {message.why ? <span className="why"> {t("conversation.why", { why: message.why })}</span> : null}
        </p>
      ) : null}
      {message.consentOff?.length ? <ConsentOff titles={message.consentOff} onTurnOn={() => message.turnId && actions.onConsent(message.turnId)} /> : null}
      {answered ? <AnswerTools message={message} actions={actions} /> : null}
      {printable ? (
        <div className="button-row answer-actions">
          <button type="button" className="button-secondary" onClick={() => actions.onAgenda(message.turnId!, "print")}>
            {t("agenda.print")}
          </button>
          {actions.shared ? null : (
            <button type="button" className="button-secondary" onClick={() => actions.onAgenda(message.turnId!, "download")}>
              {t("agenda.download")}
            </button>
          )}
        </div>
      ) : null}
      {message.status === "done" ? <ChipList chips={message.chips} onChip={actions.onChip} /> : null}
    </>
  );
}
