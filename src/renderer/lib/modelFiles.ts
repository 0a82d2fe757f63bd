/**
 * Model files chosen on the desktop: the preload's bridge knows a dropped file's real path (the browser
 * host cannot, so it keeps the typed path). Pure logic here, unit-tested without a DOM.
 */
import type { CarefoldBridge } from "../../shared/methods";

export type DroppedModel = { path: string } | { problem: "none" | "many" | "notGguf" | "noPath" };

/** The one .gguf file dropped, as a path the engine can import. */
export function modelFromDrop(files: ArrayLike<{ name: string }>, pathFor: (file: unknown) => string | null): DroppedModel {
  if (files.length === 0) return { problem: "none" };
  if (files.length > 1) return { problem: "many" };
  const file = files[0]!;
  if (!/\.gguf$/i.test(file.name)) return { problem: "notGguf" };
  const path = pathFor(file);
  return path ? { path } : { problem: "noPath" };
}

/** The desktop bridge when running inside Electron (it has the file picker and dropped-file paths). */
export function desktopBridge(win: { carefold?: CarefoldBridge } = globalThis as { carefold?: CarefoldBridge }): CarefoldBridge | null {
  return win.carefold && typeof win.carefold.pathForFile === "function" ? win.carefold : null;
}

/** The one next step offered as a button when adding a model file failed. */
export type ModelFileStep = "chooseAnother" | "tryAgain";

/**
 * By the failure's code: a file Carefold cannot use (or one already there) → choose another; a lost
 * connection, a full disk, a busy host or an unexpected failure → try again; an out-of-date page, a kiosk
 * or a cancel → nothing to press.
 */
export function nextStepFor(code: string): ModelFileStep | null {
  if (code === "invalid_input" || code === "conflict" || code === "not_found") return "chooseAnother";
  if (code === "network" || code === "internal" || code === "quota_exceeded" || code === "rate_limited") return "tryAgain";
  return null;
}

/** The page's own words when the host sent none (it could not: the connection, the address, a kiosk). */
export function uploadFallbackKey(code: string): string {
  if (code === "network") return "models.upload.network";
  if (code === "unauthorized") return "models.upload.expired";
  if (code === "unavailable" || code === "forbidden") return "models.upload.kiosk";
  return "models.upload.failed";
}
