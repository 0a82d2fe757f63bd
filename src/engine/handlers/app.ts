/** About the app and what only some hosts can do (the desktop shell's file picker and PDF printing). */
import { EngineError } from "../../shared/rpc";
import { engineText } from "../i18n";
import type { KioskAdminHooks } from "../kioskMode/admin";
import { readLicenses } from "../licenses";
import { APP_VERSION } from "../version";
import type { Handlers } from "./types";

/** Capabilities only some hosts have (the desktop shell can print to PDF). */
export interface HostHooks {
  printToPdf?(html: string, fileName: string): Promise<{ saved: boolean; path: string | null }>;
  /** The system's file picker for a model file (the desktop shell). */
  pickModelFile?(): Promise<string | null>;
  /** A kiosk host: erase this visitor's session (the host wipes it after the answer is sent). */
  endSession?(): Promise<void>;
  /** The installation's kiosk setting (the desktop shell, `carefold serve`): handlers/kioskAdmin.ts. */
  kioskAdmin?: KioskAdminHooks;
}

export interface AppDeps {
  dataDir: string;
  contentDir: string;
  hostKind: "desktop" | "browser" | "cli";
  kiosk: boolean;
  /** The kiosk's idle timing (null outside a kiosk). */
  session: { idleSeconds: number; countdownSeconds: number } | null;
  host: HostHooks;
  /** Whether the data folder is encrypted and where its key is kept (the Settings statement). */
  storage?: { database: "encrypted" | "plain"; workspaceFiles: "encrypted" | "plain"; key: "keychain" | "pin" | "file" | "session" | "none" };
  /** The user's language, for what a refusal says. */
  language?: () => "en" | "es";
}

export function appHandlers({ dataDir, contentDir, hostKind, kiosk, session, host, storage, language = () => "en" }: AppDeps): Handlers<"app.info" | "app.licenses" | "host.pickModelFile" | "host.printToPdf" | "session.end"> {
  return {
    // A kiosk visitor is never shown where the session's files are.
    "app.info": async () => ({ version: APP_VERSION, dataDir: kiosk ? "" : dataDir, host: hostKind, kiosk, session: kiosk ? session : null, locales: ["US", "EU", "UK", "AU"], ...(storage ? { storage } : {}) }),
    "app.licenses": async () => readLicenses(contentDir),
    "host.pickModelFile": async () => {
      if (!host.pickModelFile) throw new EngineError("unavailable", engineText(language(), "host.noPicker"));
      return { path: await host.pickModelFile() };
    },
    "host.printToPdf": async (input) => {
      if (!host.printToPdf) throw new EngineError("unavailable", engineText(language(), "host.noPdf"));
      return host.printToPdf(input.html, input.fileName);
    },
    "session.end": async () => {
      if (!kiosk || !host.endSession) throw new EngineError("unavailable", engineText(language(), "host.noSession"));
      await host.endSession();
      return { ended: true };
    },
  };
}
