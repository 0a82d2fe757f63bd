/** The consult state that flows through the five lifecycle phases. */
import { Annotation } from "@langchain/langgraph";
import type { CrisisLocale, CrisisNumber, EmergencyNotice, EngineEvent, Topology } from "../../shared/contract";
import type { ThreadMessage } from "../threads/threadStore";

export interface ContextAttachment {
  id: string;
  name: string;
  text: string | null;
  pagesRead: number | null;
  pagesTotal: number | null;
  problem: string | null;
}

/** One saved note in the specialist's note index: enough to pick it, never its whole text. */
export interface NoteIndexEntry {
  /** File name (what note-read takes, with the title). */
  name: string;
  title: string;
  /** Last saved, YYYY-MM-DD. */
  date: string;
  /** The first line after the title, shortened. */
  firstLine: string;
}

export interface ConsultContext {
  history: ThreadMessage[];
  /** The most recent saved notes, newest first (capped; see loadContext). */
  notes: NoteIndexEntry[];
  /** Saved notes not in `notes` (older than the cap). */
  notesOmitted: number;
  attachments: ContextAttachment[];
  /** Notes the message names (file name or title): checked by the emergency gate like attachments. */
  namedNotes?: { name: string; text: string }[];
  /** Workspace memory (workspace/AGENTS.md), if any. */
  memory: string | null;
}

export interface PlanTask {
  agent: string;
  /** Agents whose outputs this task receives (pipeline). */
  dependsOn: string[];
}

export interface Plan {
  agents: string[];
  topology: Topology;
  tasks: PlanTask[];
  confidence: number;
  /** One line shown as a trace in the UI. */
  why: string;
}

export interface SpecialistOutput {
  agent: string;
  ok: boolean;
  /** The specialist paused for the user's approval of a file change (human in the loop). */
  awaitingApproval: boolean;
  text: string;
  error: string | null;
  durationMs: number;
}

export type TurnOutcome = Extract<EngineEvent, { type: "done" }>["outcome"];

export interface TurnResult {
  outcome: TurnOutcome;
  text: string;
  agents: string[];
  topology: Topology | null;
  chips: string[];
  why: string | null;
  /** A turn the emergency gate stopped: its crisis numbers, stored with the answer (not part of `done`). */
  emergency?: EmergencyNotice;
  /** The user stopped the turn; `text` is what the output guard had released by then (stored, not part of `done`). */
  stopped?: boolean;
}

const replace = <T>(initial: () => T) => Annotation<T>({ reducer: (_prev: T, next: T) => next, default: initial });

export const ConsultState = Annotation.Root({
  threadId: Annotation<string>,
  turnId: Annotation<string>,
  text: Annotation<string>,
  language: Annotation<"en" | "es">,
  crisisLocale: Annotation<CrisisLocale>,
  attachmentIds: replace<string[]>(() => []),
  context: replace<ConsultContext | null>(() => null),
  executionPlan: replace<Plan | null>(() => null),
  outputs: replace<SpecialistOutput[]>(() => []),
  result: replace<TurnResult | null>(() => null),
  /** Approvals the last dispatch consumed: settled together with the answer that completes them. */
  settles: replace<string[]>(() => []),
  /** Crisis numbers the answer carries as a resource (an explicit denial, safety.md §1a). */
  supportNumbers: replace<CrisisNumber[] | null>(() => null),
});

export type ConsultStateValue = typeof ConsultState.State;
export type ConsultStateUpdate = typeof ConsultState.Update;

/** Per-turn side channel handed to every phase through the graph config. */
export interface TurnIO {
  emit(event: EngineEvent): void;
  signal: AbortSignal;
}

export function turnIO(config: { configurable?: Record<string, unknown> } | undefined): TurnIO {
  const io = config?.configurable?.["turnIO"] as TurnIO | undefined;
  if (!io) throw new Error("lifecycle invoked without turnIO");
  return io;
}
