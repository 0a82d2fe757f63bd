/**
 * The conversation: messages with streamed text, traces, who answered, chips and actions; starters
 * when it is empty. The app-wide live region announces each finished answer once (not every token).
 */
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../state/conversation";
import { AssistantMessage, TurnProblem, type AnswerActions } from "./AssistantMessage";
import { SentFiles, type FileLookup } from "./SentFiles";

function UserMessage({ message, actions, files }: { message: ChatMessage; actions: AnswerActions; files?: FileLookup }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="user-text">{message.text}</p>
      {message.files?.length && files ? <SentFiles files={message.files} lookup={files} /> : null}
      {message.status === "failed" ? <TurnProblem note={t("conversation.notSent")} messageId={message.id} actions={actions} /> : null}
    </>
  );
}

export function Starters({ starters, onPick }: { starters: { agentId: string; text: string }[]; onPick(text: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="starters">
      <p className="empty">{t("conversation.empty")}</p>
      {starters.length > 0 ? (
        <>
          <h3 className="starters-title">{t("conversation.startersTitle")}</h3>
          <ul className="starter-list">
            {starters.map((s) => (
              <li key={`${s.agentId}-${s.text}`}>
                <button type="button" className="starter" onClick={() => onPick(s.text)}>
                  {s.text}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function Conversation({
  messages,
  starters,
  actions,
  files,
}: {
  messages: ChatMessage[];
  starters: { agentId: string; text: string }[];
  actions: AnswerActions;
  /** The user's files, to say on each sent message whether its files were read. */
  files?: FileLookup;
}) {
  const { t } = useTranslation();
  return (
    <div className="conversation">
      {messages.length === 0 ? <Starters starters={starters} onPick={actions.onChip} /> : null}
      <ol className="messages" aria-label={t("conversation.label")}>
        {messages.map((m) => (
          <li
            key={m.id}
            className={`message message-${m.role}`}
            data-status={m.status}
            aria-busy={m.status === "streaming" ? true : undefined}
          >
            <h3 className="message-author">{m.role === "user" ? t("conversation.you") : t("conversation.carefold")}</h3>
            {m.role === "user" ? <UserMessage message={m} actions={actions} files={files} /> : <AssistantMessage message={m} actions={actions} />}
          </li>
        ))}
      </ol>
    </div>
  );
}
