/**
 * Conversation state as a pure reducer over engine events, so the UI logic is testable without a DOM.
 * The engine's `done` text is authoritative: it replaces whatever was streamed (synthesis and the
 * output guard may have changed it). A turn stopped by the emergency gate never shows routine text;
 * it keeps its crisis numbers instead (live from the event, or from history after a reload). A turn the
 * user stopped keeps what it had said (the engine's `done` text), marked "cancelled", also in history.
 */
import type { EmergencyNotice, EngineEvent, EventOf, ThreadMessageView } from "../../shared/contract";

export interface Trace {
  tool: string;
  label: string;
  stage: "start" | "end" | "info";
  ok: boolean | null;
}

export type MessageStatus =
  | "pending"
  | "streaming"
  | "done"
  | "awaiting_approval"
  | "failed"
  | "cancelled"
  | "emergency"
  | "refused"
  | "needs_consent"
  | "no_model";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  text: string;
  turnId: string | null;
  status: MessageStatus;
  agents: string[];
  why: string | null;
  chips: string[];
  traces: Trace[];
  progress: string | null;
  /** When this answer began (ms, this page's clock): the elapsed time is shown while it is prepared. */
  startedAt?: number;
  /** A turn the emergency gate stopped: the numbers it shows in the conversation. */
  emergency: EmergencyNotice | null;
  /** The files sent with a question (user messages sent in this session; history does not keep them). */
  files?: SentFile[];
  /** Health specialists the user said "Not now" to in this conversation, left out of this answer (their titles). */
  consentOff?: string[];
}

export interface SentFile {
  id: string;
  name: string;
}

/** A stopped answer that kept what it had said (status "cancelled" with text), live or from history. */
export function isStoppedPartial(message: Pick<ChatMessage, "role" | "status" | "text">): boolean {
  return message.role === "assistant" && message.status === "cancelled" && message.text.length > 0;
}

export interface ConversationState {
  threadId: string | null;
  messages: ChatMessage[];
  activeTurnId: string | null;
  /** The emergency banner stays until the user acknowledges it. */
  emergency: EventOf<"emergency"> | null;
  /** Turns the emergency gate stopped: their tokens are dropped. */
  emergencyTurns: string[];
  errors: { id: number; message: string }[];
}

export const initialConversation: ConversationState = {
  threadId: null,
  messages: [],
  activeTurnId: null,
  emergency: null,
  emergencyTurns: [],
  errors: [],
};

export type ConversationAction =
  | { type: "sending"; localId: string; text: string; files?: SentFile[] }
  | { type: "sent"; localId: string; threadId: string; turnId: string }
  | { type: "sendFailed"; localId: string; message: string }
  | { type: "event"; event: EngineEvent }
  | { type: "loaded"; threadId: string; messages: ThreadMessageView[] }
  | { type: "acknowledgeEmergency" }
  | { type: "dismissError"; id: number }
  | { type: "error"; message: string }
  | { type: "reset" };

let errorSeq = 0;

/** A problem already on screen is not shown twice (a dropped connection fails every waiting request alike). */
function withError<S extends { errors: { id: number; message: string }[] }>(state: S, message: string): S {
  return state.errors.some((e) => e.message === message) ? state : { ...state, errors: [...state.errors, { id: ++errorSeq, message }] };
}

function blankAssistant(turnId: string): ChatMessage {
  return {
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
    emergency: null,
    startedAt: Date.now(),
  };
}

/** What a stopped turn shows, from the banner's event. */
export function emergencyNotice(event: EventOf<"emergency">): EmergencyNotice {
  const { family, action, locale, headline, numbers } = event;
  return { family, action, locale, headline, numbers, source: event.source ?? null };
}

/** The banner is up for this turn: only then may the turn say its information is at the top. */
export function bannerShownFor(state: Pick<ConversationState, "emergency">, turnId: string | null): boolean {
  return turnId !== null && state.emergency?.turnId === turnId;
}

function updateAssistant(state: ConversationState, turnId: string, fn: (m: ChatMessage) => ChatMessage): ConversationState {
  let found = false;
  const messages = state.messages.map((m) => {
    if (m.role === "assistant" && m.turnId === turnId) {
      found = true;
      return fn(m);
    }
    return m;
  });
  if (!found) messages.push(fn(blankAssistant(turnId)));
  return { ...state, messages };
}

/** The message status for a turn outcome (live `done` events and stored messages alike). */
export function statusOfOutcome(outcome: string | null): MessageStatus {
  switch (outcome) {
    case null:
    case "answered":
      return "done";
    case "awaiting_approval":
    case "failed":
    case "cancelled":
    case "emergency":
    case "refused":
    case "needs_consent":
    case "no_model":
      return outcome;
    default:
      return "done";
  }
}

function onEvent(state: ConversationState, event: EngineEvent): ConversationState {
  // Events about something other than a turn (attachments being read) are not the conversation's.
  if (!("turnId" in event) || !("threadId" in event)) return state;
  switch (event.type) {
    case "emergency": {
      const stopped = { ...state, emergency: event, emergencyTurns: [...state.emergencyTurns, event.turnId] };
      if (state.threadId && event.threadId !== state.threadId) return stopped;
      return updateAssistant(stopped, event.turnId, (m) => ({ ...m, status: "emergency", text: "", progress: null, emergency: emergencyNotice(event) }));
    }
    case "error":
      return withError(state, event.message);
    case "consent.required":
      // Asked before in this conversation: no dialog, the answer says who is off (and offers to turn them on).
      if (!event.askedBefore || (state.threadId && event.threadId !== state.threadId)) return state;
      return updateAssistant(state, event.turnId, (m) => ({ ...m, consentOff: event.agents.map((a) => a.title) }));
    case "approval.requested":
    case "approval.resolved":
      return state;
    default:
      break;
  }
  // Only the current thread's turns belong in this conversation.
  if (state.threadId && event.threadId !== state.threadId) return state;
  const stopped = state.emergencyTurns.includes(event.turnId);
  switch (event.type) {
    case "progress":
      if (stopped) return state;
      return updateAssistant(state, event.turnId, (m) => ({ ...m, progress: event.message }));
    case "trace":
      return updateAssistant(state, event.turnId, (m) => ({
        ...m,
        traces: [...m.traces, { tool: event.tool, label: event.label, stage: event.stage, ok: event.ok }],
      }));
    case "token":
      if (stopped) return state;
      // A turn resumed after an approval streams a fresh answer that replaces the paused one.
      return updateAssistant(state, event.turnId, (m) => ({
        ...m,
        status: "streaming",
        text: (m.status === "streaming" ? m.text : "") + event.text,
      }));
    case "done": {
      const status = stopped ? "emergency" : statusOfOutcome(event.outcome);
      const next = updateAssistant(state, event.turnId, (m) => ({
        ...m,
        status,
        // A routine answer to a turn the gate stopped is never kept, even if one arrives.
        text: stopped && event.outcome !== "emergency" ? "" : event.text,
        agents: event.agents,
        why: event.why,
        chips: status === "done" ? event.chips : [],
        progress: null,
      }));
      // A turn paused for approval is no longer running: the user may keep asking meanwhile.
      return { ...next, activeTurnId: state.activeTurnId === event.turnId ? null : state.activeTurnId };
    }
  }
  return state;
}

/** Stored messages (threads.get) as chat messages. */
export function fromThreadMessages(messages: ThreadMessageView[]): ChatMessage[] {
  return messages.map((m) => ({
    id: `${m.role === "user" ? "q" : "a"}-${m.turnId}`,
    role: m.role,
    text: m.text,
    turnId: m.turnId,
    status: m.role === "user" ? "done" : m.stopped ? "cancelled" : statusOfOutcome(m.outcome),
    agents: m.agents,
    why: m.role === "assistant" ? m.why : null,
    chips: m.role === "assistant" && statusOfOutcome(m.outcome) === "done" ? m.chips : [],
    traces: [],
    progress: null,
    emergency: m.role === "assistant" ? m.emergency : null,
    ...(m.role === "user" && m.attachments.length ? { files: m.attachments } : {}),
  }));
}

/** The question an answer belongs to (for "Try again" and "Edit question"). */
export function questionFor(messages: ChatMessage[], messageId: string): string | null {
  const index = messages.findIndex((m) => m.id === messageId);
  if (index < 0) return null;
  const message = messages[index]!;
  if (message.role === "user") return message.text;
  const sameTurn = messages.find((m) => m.role === "user" && m.turnId !== null && m.turnId === message.turnId);
  if (sameTurn) return sameTurn.text;
  for (let i = index - 1; i >= 0; i--) if (messages[i]!.role === "user") return messages[i]!.text;
  return null;
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
            emergency: null,
            ...(action.files?.length ? { files: action.files } : {}),
          },
        ],
      };
    case "sent": {
      const messages = state.messages.map((m) =>
        m.id === action.localId ? { ...m, turnId: action.turnId, status: "done" as const } : m,
      );
      const hasAssistant = messages.some((m) => m.role === "assistant" && m.turnId === action.turnId);
      if (!hasAssistant) messages.push(blankAssistant(action.turnId));
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
    case "loaded": {
      // The files a question was sent with in this session stay listed when its thread is reloaded.
      const sent = new Map(state.threadId === action.threadId ? state.messages.filter((m) => m.files && m.turnId).map((m) => [m.turnId, m.files!]) : []);
      return {
        ...state,
        threadId: action.threadId,
        messages: fromThreadMessages(action.messages).map((m) => (m.role === "user" && sent.has(m.turnId) ? { ...m, files: sent.get(m.turnId)! } : m)),
        activeTurnId: null,
      };
    }
    case "acknowledgeEmergency":
      return { ...state, emergency: null };
    case "dismissError":
      return { ...state, errors: state.errors.filter((e) => e.id !== action.id) };
    case "error":
      return withError(state, action.message);
    case "reset":
      return { ...initialConversation, emergency: state.emergency, emergencyTurns: state.emergencyTurns, errors: state.errors };
  }
}
