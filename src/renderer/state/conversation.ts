/**
 * Conversation state as a pure reducer over engine events, so the UI logic is testable without a DOM.
 * The engine's `done` text is authoritative: it replaces whatever was streamed (synthesis and the
 * output guard may have changed it).
 */
import type { EngineEvent, EventOf } from "../../shared/contract";

export interface Trace {
  tool: string;
  label: string;
  stage: "start" | "end" | "info";
  ok: boolean | null;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  text: string;
  turnId: string | null;
  status: "pending" | "streaming" | "done" | "failed" | "cancelled" | "emergency" | "refused" | "needs_consent" | "no_model";
  agents: string[];
  why: string | null;
  chips: string[];
  traces: Trace[];
  progress: string | null;
}

export interface ConversationState {
  threadId: string | null;
  messages: ChatMessage[];
  activeTurnId: string | null;
  /** The emergency banner stays until the user acknowledges it. */
  emergency: EventOf<"emergency"> | null;
  errors: { id: number; message: string }[];
}

export const initialConversation: ConversationState = {
  threadId: null,
  messages: [],
  activeTurnId: null,
  emergency: null,
  errors: [],
};

export type ConversationAction =
  | { type: "sending"; localId: string; text: string }
  | { type: "sent"; localId: string; threadId: string; turnId: string }
  | { type: "sendFailed"; localId: string; message: string }
  | { type: "event"; event: EngineEvent }
  | { type: "acknowledgeEmergency" }
  | { type: "dismissError"; id: number }
  | { type: "error"; message: string }
  | { type: "reset" };

let errorSeq = 0;

function updateAssistant(state: ConversationState, turnId: string, fn: (m: ChatMessage) => ChatMessage): ConversationState {
  let found = false;
  const messages = state.messages.map((m) => {
    if (m.role === "assistant" && m.turnId === turnId) {
      found = true;
      return fn(m);
    }
    return m;
  });
  if (!found) {
    const fresh: ChatMessage = {
      id: `a-${turnId}`,
      role: "assistant",
      text: "",
      turnId,
      status: "streaming",
      agents: [],
      why: null,
      chips: [],
      traces: [],
      progress: null,
    };
    messages.push(fn(fresh));
  }
  return { ...state, messages };
}

function onEvent(state: ConversationState, event: EngineEvent): ConversationState {
  switch (event.type) {
    case "emergency":
      return { ...state, emergency: event };
    case "error":
      return { ...state, errors: [...state.errors, { id: ++errorSeq, message: event.message }] };
    case "approval.requested":
    case "approval.resolved":
    case "consent.required":
    case "model.progress":
      return state;
    default:
      break;
  }
  // Only the current thread's turns belong in this conversation.
  if (state.threadId && event.threadId !== state.threadId) return state;
  switch (event.type) {
    case "progress":
      return updateAssistant(state, event.turnId, (m) => ({ ...m, progress: event.message }));
    case "trace":
      return updateAssistant(state, event.turnId, (m) => ({
        ...m,
        traces: [...m.traces, { tool: event.tool, label: event.label, stage: event.stage, ok: event.ok }],
      }));
    case "token":
      return updateAssistant(state, event.turnId, (m) => ({ ...m, status: "streaming", text: m.text + event.text }));
    case "done": {
      const status: ChatMessage["status"] =
        event.outcome === "answered" || event.outcome === "awaiting_approval"
          ? "done"
          : event.outcome === "failed"
            ? "failed"
            : event.outcome;
      const next = updateAssistant(state, event.turnId, (m) => ({
        ...m,
        status,
        text: event.text,
        agents: event.agents,
        why: event.why,
        chips: event.chips,
        progress: null,
      }));
      return { ...next, activeTurnId: state.activeTurnId === event.turnId ? null : state.activeTurnId };
    }
  }
  return state;
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case "sending":
      return {
        ...state,
        messages: [
          ...state.messages,
          {
            id: action.localId,
            role: "user",
            text: action.text,
            turnId: null,
            status: "pending",
            agents: [],
            why: null,
            chips: [],
            traces: [],
            progress: null,
          },
        ],
      };
    case "sent": {
      const messages = state.messages.map((m) =>
        m.id === action.localId ? { ...m, turnId: action.turnId, status: "done" as const } : m,
      );
      const hasAssistant = messages.some((m) => m.role === "assistant" && m.turnId === action.turnId);
      if (!hasAssistant) {
        messages.push({
          id: `a-${action.turnId}`,
          role: "assistant",
          text: "",
          turnId: action.turnId,
          status: "streaming",
          agents: [],
          why: null,
          chips: [],
          traces: [],
          progress: null,
        });
      }
      return { ...state, threadId: action.threadId, activeTurnId: action.turnId, messages };
    }
    case "sendFailed":
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.localId ? { ...m, status: "failed" as const } : m)),
        errors: [...state.errors, { id: ++errorSeq, message: action.message }],
      };
    case "event":
      return onEvent(state, action.event);
    case "acknowledgeEmergency":
      return { ...state, emergency: null };
    case "dismissError":
      return { ...state, errors: state.errors.filter((e) => e.id !== action.id) };
    case "error":
      return { ...state, errors: [...state.errors, { id: ++errorSeq, message: action.message }] };
    case "reset":
      return { ...initialConversation, emergency: state.emergency };
  }
}
