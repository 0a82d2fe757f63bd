/** Default locations: the same user-data folder Electron uses for "Carefold", and the bundled content. */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const APP_NAME = "Carefold";

/** Mirrors Electron's app.getPath("userData") so the CLI and the desktop app share data. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CAREFOLD_DATA_DIR) return resolve(env.CAREFOLD_DATA_DIR);
  if (platform === "win32") return join(env.APPDATA ?? join(homedir(), "AppData", "Roaming"), APP_NAME);
  if (platform === "darwin") return join(homedir(), "Library", "Application Support", APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), APP_NAME);
}

/** The folder holding agents/, skills/ and carefold-profile.yaml: walk up from this module. */
export function findContentDir(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "agents")) && existsSync(join(dir, "skills"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start, "..", "..");
    dir = parent;
  }
}

/** The built renderer next to the content (out/renderer). */
export function rendererDir(contentDir: string): string {
  return join(contentDir, "out", "renderer");
}
