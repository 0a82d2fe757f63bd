/** About the app and what only some hosts can do (the desktop shell's file picker and PDF printing). */
import { EngineError } from "../../shared/rpc";
import { readLicenses } from "../licenses";
import { APP_VERSION } from "../version";
import type { Handlers } from "./types";

/** Capabilities only some hosts have (the desktop shell can print to PDF). */
export interface HostHooks {
  printToPdf?(html: string, fileName: string): Promise<{ saved: boolean; path: string | null }>;
  /** The system's file picker for a model file (the desktop shell). */
  pickModelFile?(): Promise<string | null>;
}

export interface AppDeps {
  dataDir: string;
  contentDir: string;
  hostKind: "desktop" | "browser" | "cli";
  kiosk: boolean;
  host: HostHooks;
}

export function appHandlers({ dataDir, contentDir, hostKind, kiosk, host }: AppDeps): Handlers<"app.info" | "app.licenses" | "host.pickModelFile" | "host.printToPdf"> {
  return {
    "app.info": async () => ({ version: APP_VERSION, dataDir, host: hostKind, kiosk, locales: ["US", "EU", "UK", "AU"] }),
    "app.licenses": async () => readLicenses(contentDir),
    "host.pickModelFile": async () => {
      if (!host.pickModelFile) throw new EngineError("unavailable", "Choosing a file is done by typing its path here: paste the full path of the .gguf file");
      return { path: await host.pickModelFile() };
    },
    "host.printToPdf": async (input) => {
      if (!host.printToPdf) throw new EngineError("unavailable", "Saving as PDF is done by your browser here: use Print, then Save as PDF");
      return host.printToPdf(input.html, input.fileName);
    },
  };
}
