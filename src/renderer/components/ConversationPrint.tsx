/**
 * "Print this conversation" (issue 18, item 8): the whole conversation on paper — its title and date,
 * each question and answer in order with who said it, a stopped turn's crisis numbers and headline as
 * the banner showed them, and the canonical footer once; no buttons, traces or navigation. Rendered outside
 * the app (a portal into <body>) only while printing, so the print stylesheet can hide the app and show
 * just this. In the desktop app its HTML also goes to host.printToPdf as a standalone document.
 */
import { forwardRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../state/conversation";
import { isStoppedPartial } from "../state/conversation";
import { splitFooter } from "../lib/agendaFooter";
import { actionText } from "./CrisisNumbers";
import { Markdown } from "./Markdown";

function PrintedMessage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const notice = message.emergency;
  return (
    <li className={`printed-message printed-${message.role}`}>
      <h2>{message.role === "user" ? t("conversation.you") : t("conversation.carefold")}</h2>
      {message.role === "user" ? <p className="printed-user-text">{message.text}</p> : null}
      {message.role === "assistant" && message.status === "emergency" ? (
        <div className="printed-emergency">
          {notice ? (
            <>
              <p>
                <strong>{notice.headline}</strong>
              </p>
              <ul>
                {notice.numbers.map((n) => (
                  <li key={`${n.kind}-${n.number}`}>
                    {actionText(t, n)} — {n.label}
                  </li>
                ))}
              </ul>
            </>
          ) : message.text ? (
            <p>
              <strong>{message.text}</strong>
            </p>
          ) : null}
          <p>{t("conversation.emergencyStopped")}</p>
        </div>
      ) : null}
      {message.role === "assistant" && message.status !== "emergency" && message.text ? (
        <>
          {isStoppedPartial(message) ? <p>{t("conversation.stoppedPartial")}</p> : null}
          {/* Each answer's closing footer is printed once, at the foot of the page. */}
          <Markdown text={splitFooter(message.text).body} headingOffset={2} />
        </>
      ) : null}
    </li>
  );
}

export const ConversationPrint = forwardRef<HTMLDivElement, { title: string; dateLine: string; messages: ChatMessage[] }>(function ConversationPrint(
  { title, dateLine, messages },
  ref,
) {
  const { t } = useTranslation();
  return createPortal(
    <div className="conversation-print" data-testid="conversation-print">
      <h1>{title}</h1>
      <p className="agenda-date">{dateLine}</p>
      {/* The body the desktop PDF takes as it is (its own document has the title, date and footer). */}
      <div ref={ref}>
        <ol className="printed-messages">
          {messages
            .filter((m) => m.text.trim() !== "" || m.status === "emergency")
            .map((m) => (
              <PrintedMessage key={m.id} message={m} />
            ))}
        </ol>
      </div>
      <footer className="agenda-footer">
        <p>{t("agenda.footer")}</p>
      </footer>
    </div>,
    document.body,
  );
});
