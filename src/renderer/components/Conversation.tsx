/**
 * The conversation: messages with streamed text, tool traces and who answered. A separate polite
 * live region announces each finished answer once (not every token).
 */
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../state/conversation";
import { Markdown } from "./Markdown";

function AssistantBody({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const working = message.status === "streaming" && !message.text;
  return (
    <>
      {message.traces.length > 0 ? (
        <ul className="traces" aria-label="steps">
          {message.traces.map((tr, i) => (
            <li key={i} className={`trace trace-${tr.stage}`}>
              {tr.label}
            </li>
          ))}
        </ul>
      ) : null}
      {working ? <p className="progress">{message.progress ?? t("conversation.working")}</p> : null}
      {message.text ? <Markdown text={message.text} /> : null}
      {message.status === "cancelled" ? <p className="muted">{t("conversation.stopped")}</p> : null}
      {message.status === "failed" ? <p className="muted">{t("conversation.failed")}</p> : null}
      {message.status === "done" && message.agents.length > 0 ? (
        <p className="answered-by">
          {t("conversation.answeredBy", { agents: message.agents.join(", ") })}
          {message.why ? ` — ${message.why}` : ""}
        </p>
      ) : null}
    </>
  );
}

export function Conversation({ messages, announcement }: { messages: ChatMessage[]; announcement: string }) {
  const { t } = useTranslation();
  return (
    <section className="conversation" aria-label={t("conversation.label")}>
      {messages.length === 0 ? <p className="empty">{t("conversation.empty")}</p> : null}
      <ol className="messages">
        {messages.map((m) => (
          <li key={m.id} className={`message message-${m.role}`} data-status={m.status}>
            <h2 className="message-author">{m.role === "user" ? t("conversation.you") : t("conversation.carefold")}</h2>
            {m.role === "user" ? <p className="user-text">{m.text}</p> : <AssistantBody message={m} />}
          </li>
        ))}
      </ol>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {announcement}
      </div>
    </section>
  );
}
