/** The app frame: banner slot, problems, conversation and composer, over the engine client. */
import { useCallback, useEffect, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmergencyBanner } from "./components/EmergencyBanner";
import { ErrorSurface } from "./components/ErrorSurface";
import { Conversation } from "./components/Conversation";
import { Composer } from "./components/Composer";
import { conversationReducer, initialConversation } from "./state/conversation";
import type { EngineClient } from "./transport/connect";

let localSeq = 0;

export function App({ client }: { client: EngineClient }) {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const off = client.onEvent((event) => {
      dispatch({ type: "event", event });
      if (event.type === "done") setAnnouncement(event.outcome === "emergency" ? event.text : t("conversation.announceDone"));
    });
    const offStatus = client.transport.onStatus?.((s) => {
      if (s === "disconnected") dispatch({ type: "error", message: t("errors.disconnected") });
    });
    return () => {
      off();
      offStatus?.();
    };
  }, [client, t]);

  useEffect(() => {
    client["settings.get"]({})
      .then((s) => {
        void i18n.changeLanguage(s.language);
        document.documentElement.lang = s.language;
        document.documentElement.style.setProperty("--text-scale", String(s.textScale / 100));
        document.documentElement.dataset.theme = s.highContrast ? "contrast" : "default";
      })
      .catch((err: unknown) => dispatch({ type: "error", message: err instanceof Error ? err.message : String(err) }));
  }, [client, i18n]);

  const send = useCallback(
    (text: string) => {
      const localId = `m-${++localSeq}`;
      dispatch({ type: "sending", localId, text });
      client["consult.ask"]({ text, ...(state.threadId ? { threadId: state.threadId } : {}) })
        .then((r) => dispatch({ type: "sent", localId, threadId: r.threadId, turnId: r.turnId }))
        .catch((err: unknown) => dispatch({ type: "sendFailed", localId, message: err instanceof Error ? err.message : String(err) }));
    },
    [client, state.threadId],
  );

  const stop = useCallback(() => {
    if (state.activeTurnId) void client["consult.cancel"]({ turnId: state.activeTurnId });
  }, [client, state.activeTurnId]);

  return (
    <div className="app">
      <a className="skip-link" href="#composer-input">
        {t("app.skipToComposer")}
      </a>
      <header className="app-header">
        <h1>{t("app.title")}</h1>
        <p className="tagline">{t("app.tagline")}</p>
      </header>
      <div className="banner-slot">
        {state.emergency ? (
          <EmergencyBanner emergency={state.emergency} onAcknowledge={() => dispatch({ type: "acknowledgeEmergency" })} />
        ) : null}
      </div>
      <ErrorSurface errors={state.errors} onDismiss={(id) => dispatch({ type: "dismissError", id })} />
      <main className="app-main">
        <Conversation messages={state.messages} announcement={announcement} />
      </main>
      <footer className="app-footer">
        <Composer busy={state.activeTurnId !== null} onSend={send} onStop={stop} />
      </footer>
    </div>
  );
}
