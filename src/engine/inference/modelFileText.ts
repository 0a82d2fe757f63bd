/**
 * A model file problem in the user's language, for the app's screens (the command line keeps the
 * validator's own English sentences, which name paths and byte counts). Shown next to a button that
 * offers the next step, so the words never tell a window user to run a command.
 */
import { basename } from "node:path";
import { engineText, type EngineLanguage } from "../i18n";
import { InvalidModelFileError, type ModelFileProblem } from "./ggufValidation";
import { ModelDownloadError } from "./modelDownload";

const KEYS: Record<ModelFileProblem, string> = {
  "not-gguf": "modelFile.notGguf",
  damaged: "modelFile.damaged",
  truncated: "modelFile.truncated",
  version: "modelFile.version",
  split: "modelFile.split",
  "not-file": "modelFile.notFile",
  "not-found": "modelFile.notFound",
  unreadable: "modelFile.unreadable",
  "bad-name": "modelFile.badName",
  incomplete: "modelFile.incomplete",
  checksum: "modelFile.checksum",
};

/** What went wrong with `file` (a name or the path the user gave), said for a person; null when it is not a file problem. */
export function modelFileText(language: EngineLanguage, err: unknown, file: string): string | null {
  if (!(err instanceof InvalidModelFileError)) return null;
  // A path the user typed is shown as they typed it when it was not found; otherwise its name is enough.
  const shown = err.problem === "not-found" ? file : basename(file) || file;
  return engineText(language, KEYS[err.problem], { file: shown });
}

/** Bytes as whole gigabytes or megabytes, for a limit or a need (one decimal under 10 GB). */
export function roughSize(bytes: number, language: EngineLanguage): string {
  const gb = bytes / 1e9;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: gb < 10 ? 1 : 0 });
  return gb >= 1 ? `${number.format(gb)} GB` : `${number.format(Math.max(1, Math.round(bytes / 1e6)))} MB`;
}

/** Why a download from the app failed, said for a person (the command line keeps the English text with its commands). */
export function downloadFailureText(language: EngineLanguage, err: unknown, file: string): string {
  if (err instanceof ModelDownloadError && err.problem === "unreachable" && err.host) return engineText(language, "modelDownload.unreachable", { host: err.host });
  if (err instanceof ModelDownloadError && err.problem === "interrupted" && err.host) return engineText(language, "modelDownload.interrupted", { host: err.host });
  if (err instanceof ModelDownloadError && err.problem === "no-space" && err.neededBytes) {
    return engineText(language, "modelDownload.noSpace", { size: roughSize(err.neededBytes, language) });
  }
  return modelFileText(language, err, file) ?? (err instanceof Error ? err.message : String(err));
}
