/**
 * The app frame: header and navigation, the emergency banner (app chrome, above everything), problems,
 * the current screen, and the dialogs the engine can ask for. Talks to the engine only through the
 * contract's client.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { EngineEvent } from "../shared/contract";
import { AgendaView, saveAgendaText, type Agenda } from "./components/AgendaView";
import { AppHeader, type View } from "./components/AppHeader";
import { ApprovalDialog } from "./components/ApprovalDialog";
import type { AnswerActions } from "./components/AssistantMessage";
import { AttachmentsPanel } from "./components/AttachmentsPanel";
import { AttachmentView } from "./components/AttachmentView";
import { CatalogBrowser } from "./components/CatalogBrowser";
import { ChatView } from "./components/ChatView";
import type { Draft } from "./components/Composer";
import { ConsentDialog } from "./components/ConsentDialog";
import { OutOfDateAddress, ReconnectingStatus } from "./components/ConnectionNotice";
import { EmergencyBanner } from "./components/EmergencyBanner";
import { ErrorSurface } from "./components/ErrorSurface";
import { FirstRun } from "./components/FirstRun";
import { KioskSession } from "./components/KioskSession";
import { KioskStaff } from "./components/KioskStaff";
import { AddToVisitList } from "./components/AddToVisitList";
import { NotesPanel } from "./components/NotesPanel";
import { SettingsPanel } from "./components/SettingsPanel";
import { ServicesContext, type Services } from "./hooks/services";
import { useAnnouncer } from "./hooks/useAnnouncer";
import { useAttachments } from "./hooks/useAttachments";
import { useCatalog } from "./hooks/useCatalog";
import { useConsult } from "./hooks/useConsult";
import { useKioskSession } from "./hooks/useKioskSession";
import { useVisitList } from "./hooks/useVisitList";
import { useModels } from "./hooks/useModels";
import { usePrompts } from "./hooks/usePrompts";
import { useSettings } from "./hooks/useSettings";
import { useThreads } from "./hooks/useThreads";
import { agentTitles, pickStarters } from "./lib/catalog";
import { logFiles, type AgendaLog } from "./lib/agendaLogs";
import { errorInfo, errorLeadKey } from "./lib/errors";
import { bannerShownFor, questionFor } from "./state/conversation";
import { downloadsReducer, type ModelProgress } from "./state/downloads";
import type { ConnectionStatus } from "./transport/client";
import type { EngineClient } from "./transport/connect";

export function App({ client }: { client: EngineClient }) {
  const { t, i18n } = useTranslation();
  const { message: announcement, announce } = useAnnouncer();
  const consult = useConsult(client);
  const { state, dispatch } = consult;
  const reportError = useCallback((message: string) => dispatch({ type: "error", message }), [dispatch]);
  const services = useMemo<Services>(() => ({ client, announce, reportError }), [client, announce, reportError]);
  const { settings, info, update } = useSettings(client, reportError);
  const kioskTiming = info?.kiosk ? info.session : null;
  const kiosk = useKioskSession(client, kioskTiming);
  const agents = useCatalog(client, settings?.language ?? null, reportError);
  const { threads, refresh: refreshThreads } = useThreads(client, reportError);
  const attachments = useAttachments(client, (m) => announce(t(m.key, m.params)));
  const models = useModels(client);
  const prompts = usePrompts(client, announce);
  const visitList = useVisitList(client, announce);
  const [downloads, setDownloads] = useState<Record<string, ModelProgress>>({});
  const [connection, setConnection] = useState<ConnectionStatus>("connected");
  const [view, setView] = useState<View>("chat");
  const [agenda, setAgenda] = useState<Agenda | null>(null);
  const [agendaLogs, setAgendaLogs] = useState<AgendaLog[]>([]);
  /** The attachment open in its own view, and the screen it was opened from. */
  const [viewing, setViewing] = useState<{ id: string; from: View } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  /** A note chosen in search results: the Notes screen opens with it. */
  const [noteToOpen, setNoteToOpen] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // "Decide later" moves the focus to the header's "changes waiting" button, where the user can come back.
  const waitingButton = useRef<HTMLButtonElement>(null);
  const [focusWaiting, setFocusWaiting] = useState(false);
  useEffect(() => {
    if (!focusWaiting) return;
    setFocusWaiting(false);
    waitingButton.current?.focus();
  }, [focusWaiting]);

  // One subscription for every engine event; handlers read the latest state through refs.
  const onEventRef = useRef<(event: EngineEvent) => void>(() => undefined);
  onEventRef.current = (event) => {
    dispatch({ type: "event", event });
    prompts.onEvent(event, (turnId) => {
      const msg = consult.latest.current.messages.find((m) => m.role === "user" && m.turnId === turnId);
      return msg?.text ?? null;
    });
    setDownloads((d) => downloadsReducer(d, event));
    if (event.type === "model.progress" && (event.state === "done" || event.state === "failed")) {
      // Said once when a download ends; the list shows what is installed now (nothing, after a failure).
      const title = models.models?.recommended.find((r) => r.id === event.model)?.title ?? event.model;
      announce(t(`models.state.${event.state}`, { model: title }));
      models.refresh();
    }
    if (event.type === "done") {
      refreshThreads();
      if (event.threadId === consult.latest.current.threadId) announce(t(`conversation.announce.${event.outcome}`));
    }
  };
  useEffect(() => {
    const off = client.onEvent((e) => onEventRef.current(e));
    const offStatus = client.transport.onStatus?.(setConnection);
    return () => {
      off();
      offStatus?.();
    };
  }, [client]);

  const send = useCallback(
    (text: string) => {
      const files = attachments.items.filter((a) => attachments.selected.includes(a.id)).map((a) => ({ id: a.id, name: a.name }));
      attachments.clearSelection();
      setView("chat");
      void consult.send(text, { files }).then((ok) => ok && refreshThreads());
    },
    [attachments, consult, refreshThreads],
  );

  const openFile = useCallback(
    (id: string) => {
      setViewing({ id, from: view === "attachment" ? "attachments" : view });
      setView("attachment");
    },
    [view],
  );

  const openThread = (id: string) => void consult.openThread(id);
  const newThread = () => {
    consult.newThread();
    setDraft({ text: "", version: Date.now() });
  };
  const askInNewThread = (text: string) => {
    consult.newThread();
    setView("chat");
    void consult.send(text, { threadId: null }).then((ok) => ok && refreshThreads());
  };

  const rename = async (title: string) => {
    if (!state.threadId) return false;
    try {
      await client["threads.rename"]({ threadId: state.threadId, title });
      refreshThreads();
      announce(t("threads.renamed"));
      return true;
    } catch (err) {
      reportError(errorInfo(err).message);
      return false;
    }
  };
  const deleteThread = async () => {
    if (!state.threadId) return;
    try {
      await client["threads.delete"]({ threadId: state.threadId });
      prompts.forgetApprovals(state.threadId);
      consult.newThread();
      refreshThreads();
      announce(t("threads.deleted"));
    } catch (err) {
      reportError(errorInfo(err).message);
    }
  };

  /** The blood-pressure and glucose logs sent with this turn's question (known for questions sent in this session). */
  const logsOf = async (turnId: string): Promise<AgendaLog[]> => {
    const question = state.messages.find((m) => m.role === "user" && m.turnId === turnId);
    const files = logFiles((question?.files ?? []).map((f) => f.id), attachments.items);
    const read = await Promise.all(files.map((a) => attachments.read(a.id).catch(() => null)));
    return read.flatMap((r) => (r?.structured ? [{ id: r.attachment.id, name: r.attachment.name, data: r.structured }] : []));
  };

  const openAgenda = async (turnId: string, mode: "print" | "download") => {
    if (!state.threadId) return;
    try {
      const [exported, logs] = await Promise.all([client["agenda.export"]({ threadId: state.threadId, turnId }), logsOf(turnId)]);
      if (mode === "download") {
        announce(saveAgendaText(exported, logs, {}, t, i18n.language));
      } else {
        setAgenda(exported);
        setAgendaLogs(logs);
        setView("agenda");
      }
    } catch (err) {
      const e = errorInfo(err);
      reportError(`${t(errorLeadKey(e.code))} ${e.message}`);
    }
  };

  const actions: AnswerActions = {
    onChip: send,
    onRetry: (id) => {
      const q = questionFor(state.messages, id);
      if (q) send(q);
    },
    onEdit: (id) => {
      const q = questionFor(state.messages, id);
      if (q !== null) setDraft({ text: q, version: Date.now() });
    },
    onAgenda: (turnId, mode) => void openAgenda(turnId, mode),
    onConsent: (turnId) => {
      if (prompts.consent?.turnId === turnId) prompts.setConsentOpen(true);
      // An older turn (or one from before a reload): the choice is made in Settings, never a dead button.
      else setView("settings");
    },
    onOpenSettings: () => setView("settings"),
    onReviewApprovals: () => prompts.setApprovalsHidden(false),
    onAddToVisitList: (id) => {
      const q = questionFor(state.messages, id);
      if (q) visitList.offer(q);
    },
    titlesOf: (ids) => agentTitles(agents, ids),
    bannerShown: (turnId) => bannerShownFor(state, turnId),
    shared: info?.kiosk ?? false,
  };

  const allowConsent = async (scope: "agent" | "global") => {
    const prompt = prompts.consent;
    if (!prompt || !(await prompts.allow(scope))) return;
    prompts.dismissConsent();
    if (!prompt.question) return;
    // Re-ask in the conversation the question came from.
    if (consult.latest.current.threadId !== prompt.threadId && !(await consult.openThread(prompt.threadId))) return;
    setView("chat");
    void consult.send(prompt.question, { threadId: prompt.threadId });
  };

  /** After "Delete all my data": nothing of the old conversations, files or approvals stays on screen. */
  const dataDeleted = () => {
    consult.newThread();
    refreshThreads();
    attachments.refresh();
    prompts.forgetApprovals(null);
  };
  const starters = useMemo(() => pickStarters(agents, 4), [agents]);
  const selectedAttachments = attachments.items.filter((a) => attachments.selected.includes(a.id));
  const viewed = viewing ? (attachments.items.find((a) => a.id === viewing.id) ?? null) : null;
  const pendingApproval = prompts.approvals[0];
  // Nothing may cover the emergency banner: dialogs wait until it is acknowledged.
  const dialogsAllowed = state.emergency === null;
  const firstRun = settings !== null && !settings.firstRunDone;

  const navigate = (v: View) => {
    setView(v);
    setNoteToOpen(null);
    if (v === "attachments") attachments.refresh();
  };

  let screen: ReactNode;
  if (!settings) screen = <p className="muted">{t("app.loading")}</p>;
  else if (firstRun) screen = <FirstRun settings={settings} models={models} downloads={downloads} update={update} />;
  else if (view === "agenda" && agenda) screen = <AgendaView agenda={agenda} logs={agendaLogs} desktop={info?.host === "desktop" && !info.kiosk} shared={info?.kiosk ?? false} onBack={() => setView("chat")} />;
  else if (view === "attachment" && viewing && viewed)
    screen = (
      <AttachmentView
        key={viewed.id}
        attachment={viewed}
        progress={attachments.progress[viewed.id] ?? null}
        read={attachments.read}
        backTo={viewing.from === "attachments" ? "attachments" : "chat"}
        onBack={() => setView(viewing.from)}
      />
    );
  else if (view === "catalog") screen = <CatalogBrowser agents={agents} onAsk={askInNewThread} />;
  else if (view === "notes") screen = <NotesPanel initialNote={noteToOpen} />;
  else if (view === "attachments" || view === "attachment") screen = <AttachmentsPanel model={attachments} onPickFiles={() => fileInput.current?.click()} onOpen={openFile} />;
  else if (view === "settings") screen = <SettingsPanel settings={settings} info={info} agents={agents} models={models} downloads={downloads} update={update} onDataDeleted={dataDeleted} />;
  else
    screen = (
      <ChatView
        shared={info?.kiosk ?? false}
        desktop={info?.host === "desktop" && !info.kiosk}
        threads={threads}
        threadId={state.threadId}
        messages={state.messages}
        starters={starters}
        actions={actions}
        busy={state.activeTurnId !== null}
        draft={draft}
        attached={selectedAttachments}
        files={{ items: attachments.items, progress: attachments.progress, onOpen: openFile }}
        onOpen={openThread}
        onOpenNote={(name) => {
          setNoteToOpen(name);
          setView("notes");
        }}
        onNew={newThread}
        onRename={rename}
        onDelete={() => void deleteThread()}
        onSend={send}
        onStop={consult.stop}
        onUnattach={attachments.toggle}
        onAttachFiles={() => fileInput.current?.click()}
        onDropFiles={(files) => void attachments.addFiles(files)}
      />
    );

  if (connection === "expired")
    return (
      <div className="app view-out-of-date">
        <AppHeader view={view} showNav={false} waitingApprovals={0} onNavigate={navigate} onShowApprovals={() => undefined} />
        <OutOfDateAddress />
      </div>
    );

  return (
    <ServicesContext.Provider value={services}>
      <div className={`app view-${firstRun ? "first-run" : view}`}>
        {view === "chat" && !firstRun ? (
          // On the conversation screen the skip link goes where people came to type.
          <a
            className="skip-link"
            href="#composer-input"
            onClick={(e) => {
              e.preventDefault();
              document.getElementById("composer-input")?.focus();
            }}
          >
            {t("app.skipToComposer")}
          </a>
        ) : (
          <a className="skip-link" href="#main">
            {t("app.skipToMain")}
          </a>
        )}
        <AppHeader
          view={view}
          showNav={settings !== null && !firstRun}
          waitingApprovals={prompts.approvalsHidden ? prompts.approvals.length : 0}
          onNavigate={navigate}
          onShowApprovals={() => prompts.setApprovalsHidden(false)}
          waitingRef={waitingButton}
        />
        {state.emergency ? (
          <section className="banner-slot" aria-label={t("emergency.region")}>
            <EmergencyBanner
              emergency={state.emergency}
              onAcknowledge={() => {
                dispatch({ type: "acknowledgeEmergency" });
                document.getElementById("composer-input")?.focus();
              }}
            />
          </section>
        ) : null}
        {kioskTiming ? (
          <KioskSession phase={kiosk.phase} countdownSeconds={kioskTiming.countdownSeconds} onStillHere={kiosk.stillHere} onEnd={() => void kiosk.end()}>
            <KioskStaff />
          </KioskSession>
        ) : null}
        <ReconnectingStatus status={connection} />
        <ErrorSurface errors={state.errors} onDismiss={(id) => dispatch({ type: "dismissError", id })} />
        <main id="main" className="app-main" tabIndex={-1}>
          {screen}
          <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
            {announcement}
          </div>
        </main>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            if (files.length) void attachments.addFiles(files);
          }}
        />
        {dialogsAllowed && pendingApproval && !prompts.approvalsHidden ? (
          <ApprovalDialog
            key={pendingApproval.approvalId}
            request={pendingApproval}
            waiting={prompts.approvals.length - 1}
            agentTitle={pendingApproval.agent ? agentTitles(agents, [pendingApproval.agent])[0]! : null}
            problem={prompts.approvalProblem}
            onDecide={(d) => void prompts.decide(pendingApproval.approvalId, d)}
            onLater={() => {
              prompts.setApprovalsHidden(true);
              setFocusWaiting(true);
            }}
          />
        ) : null}
        {visitList.question !== null ? (
          <AddToVisitList
            question={visitList.question}
            noteTitle={visitList.noteTitle}
            busy={visitList.busy}
            problem={visitList.problem}
            onAdd={() => void visitList.add()}
            onCancel={visitList.cancel}
          />
        ) : null}
        {dialogsAllowed && prompts.consent && prompts.consentOpen ? (
          <ConsentDialog
            prompt={prompts.consent}
            crisisLocale={settings?.crisisLocale ?? "US"}
            busy={prompts.consentBusy}
            problem={prompts.consentProblem}
            kiosk={info?.kiosk ?? false}
            onAllow={(scope) => void allowConsent(scope)}
            onNotNow={() => prompts.setConsentOpen(false)}
          />
        ) : null}
      </div>
    </ServicesContext.Provider>
  );
}
