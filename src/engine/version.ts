/** The app version (package.json), read once. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findContentDir } from "./paths";

function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(findContentDir(), "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

export const APP_VERSION = readVersion();
