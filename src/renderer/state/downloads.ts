/** Model downloads as reported by model.progress events, keyed by download id. */
import type { EngineEvent, EventOf } from "../../shared/contract";

export type ModelProgress = EventOf<"model.progress">;

export function downloadsReducer(state: Record<string, ModelProgress>, event: EngineEvent): Record<string, ModelProgress> {
  if (event.type !== "model.progress") return state;
  return { ...state, [event.downloadId]: event };
}

/** Downloads still running (a finished or failed one stays visible until the list is refreshed). */
export function activeDownloads(state: Record<string, ModelProgress>): ModelProgress[] {
  return Object.values(state).filter((d) => d.state === "downloading" || d.state === "verifying");
}
