/** The conversation screen: the conversations list beside the open conversation and the composer. */
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { slugify } from "../../shared/text";
import { useServices } from "../hooks/services";
import { useStacked } from "../hooks/useStacked";
import { conversationText } from "../lib/conversationText";
import { downloadText } from "../lib/download";
import { formatDate } from "../lib/format";
import type { Attachment, ThreadSummary } from "../../shared/contract";
import type { ChatMessage } from "../state/conversation";
import type { AnswerActions } from "./AssistantMessage";
import { Composer, type Draft } from "./Composer";
import { Conversation } from "./Conversation";
import { SearchBox } from "./SearchBox";
import type { FileLookup } from "./SentFiles";
import { ThreadHeader } from "./ThreadHeader";
import { ThreadList } from "./ThreadList";
import { ConversationPrint } from "./ConversationPrint";
import { useConversationPrint } from "../hooks/useConversationPrint";

export function ChatView(props: {
  /** A shared kiosk: the conversation is never saved to the kiosk's disk (printing on paper stays). */
  shared?: boolean;
  /** The desktop app (not a kiosk): the conversation can also be saved as a PDF through the host. */
  desktop?: boolean;
  threads: ThreadSummary[];
  threadId: string | null;
  messages: ChatMessage[];
  starters: { agentId: string; text: string }[];
  actions: AnswerActions;
  busy: boolean;
  draft: Draft | null;
  attached: Attachment[];
  /** Every file the user has and the pages being read now, for the composer and sent messages. */
  files: FileLookup;
  onOpen(id: string): void;
  /** Opens a note found by search in the Notes screen. */
  onOpenNote(name: string): void;
  onNew(): void;
  onRename(title: string): Promise<boolean>;
  onDelete(): void;
  onSend(text: string): void;
  onStop(): void;
  onUnattach(id: string): void;
  onAttachFiles(): void;
  onDropFiles(files: File[]): void;
}) {
  const thread = props.threads.find((th) => th.id === props.threadId) ?? null;
  const { t, i18n } = useTranslation();
  const { announce } = useServices();
  // With large text or a narrow window the list would push the message box far down: it folds into a menu.
  const layout = useRef<HTMLDivElement>(null);
  const stacked = useStacked(layout, ".sidebar", ".chat");
  const [listOpen, setListOpen] = useState(false);
  const folded = stacked === true && !listOpen;
  const openAndFold = (id: string) => {
    setListOpen(false);
    props.onOpen(id);
  };
  const printing = useConversationPrint(thread?.title ?? "", props.messages.length > 0);
  const saveConversation = (title: string) => {
    const name = `carefold-conversation-${new Date().toISOString().slice(0, 10)}-${slugify(title, 40) || "conversation"}.txt`;
    downloadText(name, conversationText(title, t("agenda.preparedOn", { date: formatDate(new Date(), i18n.language) }), props.messages, { you: t("conversation.you"), carefold: t("conversation.carefold") }));
    announce(t("agenda.downloaded", { name }));
  };
  const onDrop = (e: DragEvent) => {
    if (e.dataTransfer.files.length === 0) return;
    e.preventDefault();
    props.onDropFiles([...e.dataTransfer.files]);
  };
  return (
    <div className={`chat-layout${stacked ? " stacked" : ""}`} ref={layout} data-layout={stacked === null ? undefined : stacked ? "stacked" : "side"}>
      <div className="sidebar">
        {stacked ? (
          <button type="button" className="button-secondary sidebar-toggle" aria-expanded={listOpen} aria-controls="conversations-panel" onClick={() => setListOpen((o) => !o)}>
            {t("threads.menu", { count: props.threads.length })}
          </button>
        ) : null}
        <div id="conversations-panel" hidden={folded}>
          <SearchBox refreshKey={props.threads} onOpenThread={openAndFold} onOpenNote={props.onOpenNote} />
          <ThreadList threads={props.threads} currentId={props.threadId} onOpen={openAndFold} onNew={props.onNew} />
        </div>
      </div>
      <section className="chat" aria-labelledby="chat-title" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        <ThreadHeader
          key={props.threadId ?? "new"}
          thread={thread}
          onRename={props.onRename}
          onDelete={props.onDelete}
          onSave={thread && props.messages.length && !props.shared ? () => saveConversation(thread.title) : undefined}
          onPrint={thread && props.messages.length ? () => printing.start("paper") : undefined}
          onSavePdf={thread && props.messages.length && props.desktop ? () => printing.start("pdf") : undefined}
        />
        {printing.mode && thread ? <ConversationPrint ref={printing.sheet} title={thread.title} dateLine={printing.dateLine} messages={props.messages} /> : null}
        <Conversation messages={props.messages} starters={props.starters} actions={props.actions} files={props.files} />
        <div className="composer-dock">
          <Composer
            busy={props.busy}
            onSend={props.onSend}
            onStop={props.onStop}
            draft={props.draft}
            attached={props.attached}
            progress={props.files.progress}
            onOpenFile={props.files.onOpen}
            onUnattach={props.onUnattach}
            onAttachFiles={props.onAttachFiles}
          />
        </div>
      </section>
    </div>
  );
}
