/**
 * Which listed model is the one in use, and which download belongs to which recommended model — pure,
 * so the model screen's logic is unit-tested without a DOM.
 */
import type { ModelInfo, ModelsList } from "../../shared/contract";
import type { ModelProgress } from "../state/downloads";

/** A model file in Carefold's models folder is in use when the settings name it (by file name or path). */
export function isActiveLocal(active: ModelInfo | null, file: string): boolean {
  return active?.provider === "llama-cpp" && active.model === file;
}

/** Ollama treats "name" and "name:latest" as the same model. */
export function isActiveOllama(active: ModelInfo | null, tag: string): boolean {
  if (active?.provider !== "ollama") return false;
  const withTag = (name: string) => (name.includes(":") ? name : `${name}:latest`);
  return withTag(active.model) === withTag(tag);
}

/**
 * The latest download of each model, by model id. Downloads are matched by model rather than by the
 * id models.pull returns, because the first progress event can arrive before that answer does.
 */
export function latestDownloads(downloads: Record<string, ModelProgress>): Map<string, ModelProgress> {
  const latest = new Map<string, ModelProgress>();
  for (const d of Object.values(downloads)) latest.set(d.model, d);
  return latest;
}

export const isRunning = (d: ModelProgress | undefined): boolean => d?.state === "downloading" || d?.state === "verifying";

/** The i18n key of a recommended model's notes ("." separates i18n keys, so it is left out of ids). */
export const notesKey = (id: string): string => `models.notes.${id.replace(/\./g, "_")}`;

/** The Ollama hint for a screen: the first run has no model form, so its hint never points at one. */
export function ollamaHintKey(ollama: ModelsList["ollama"], place: "firstRun" | "settings"): string {
  if (!ollama.reachable) return place === "firstRun" ? "models.ollamaHelpFirstRun" : "models.ollamaHelpSettings";
  if (ollama.models.length === 0) return "models.ollamaNoModels";
  return place === "firstRun" ? "models.ollamaPick" : "models.ollamaHint";
}
