/** The open conversation: its reducer plus the requests that drive it (ask, stop, open, new). */
import { useCallback, useReducer, useRef } from "react";
import type { EngineClient } from "../transport/connect";
import { conversationReducer, initialConversation, type SentFile } from "../state/conversation";
import { errorInfo } from "../lib/errors";

let localSeq = 0;

export function useConsult(client: EngineClient) {
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  // Event handlers and async callbacks read the latest state without re-subscribing.
  const latest = useRef(state);
  latest.current = state;

  const send = useCallback(
    async (text: string, options: { files?: SentFile[]; threadId?: string | null } = {}) => {
      const localId = `m-${++localSeq}`;
      const threadId = options.threadId === undefined ? latest.current.threadId : options.threadId;
      const attachmentIds = (options.files ?? []).map((f) => f.id);
      dispatch({ type: "sending", localId, text, ...(options.files?.length ? { files: options.files } : {}) });
      try {
        const r = await client["consult.ask"]({
          text,
          ...(threadId ? { threadId } : {}),
          ...(attachmentIds.length ? { attachmentIds } : {}),
        });
        dispatch({ type: "sent", localId, threadId: r.threadId, turnId: r.turnId });
        return true;
      } catch (err) {
        dispatch({ type: "sendFailed", localId, message: errorInfo(err).message });
        return false;
      }
    },
    [client],
  );

  const stop = useCallback(() => {
    const turnId = latest.current.activeTurnId;
    if (turnId) void client["consult.cancel"]({ turnId });
  }, [client]);

  const openThread = useCallback(
    async (threadId: string) => {
      try {
        const { messages } = await client["threads.get"]({ threadId });
        dispatch({ type: "loaded", threadId, messages });
        return true;
      } catch (err) {
        dispatch({ type: "error", message: errorInfo(err).message });
        return false;
      }
    },
    [client],
  );

  const newThread = useCallback(() => dispatch({ type: "reset" }), []);

  return { state, latest, dispatch, send, stop, openThread, newThread };
}
