/**
 * The Electron shell: one secure window, the engine in the main process, IPC relay. Thin by design.
 * Offline product: the crash reporter is never started and there is no auto-updater (no update feed in
 * electron-builder.yml); installed builds have no devtools and their fuses are set at packaging.
 */
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, safeStorage, session } from "electron";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { auditKeysDir } from "../engine/audit/auditKey";
import { createEngine, DEFAULT_KIOSK_SESSION, type Engine } from "../engine/engine";
import { kioskIdleLimitMs, kioskSessions, lentProvider } from "../engine/host/sessions";
import { kioskAdmin } from "../engine/kioskMode/admin";
import { readKioskSetting, unreadableNotice } from "../engine/kioskMode/setting";
import { contentDirFor } from "./appPaths";
import { KeychainAuditKeyStore } from "./auditKey";
import { openDataKey } from "../engine/storage/dataKey";
import { confirmAndOpenExternal, pickModelFile } from "./hostDialogs";
import { startDesktopProfiles, type DesktopProfiles } from "./profilesShell";
import { prefixStateDirOf } from "../engine/inference/modelProvider";
import { createRuntimePool, type RuntimePool } from "../engine/inference/runtimePool";
import { startKioskShell, type KioskShell } from "./kioskShell";
import { printToPdf } from "./printToPdf";
import { denyAllPermissions, guardWebContents, secureWebPreferences } from "./security";

const here = dirname(fileURLToPath(import.meta.url));
const rendererIndex = join(here, "..", "renderer", "index.html");
const devUrl = process.env["ELECTRON_RENDERER_URL"];

let engine: Engine | null = null;
/** Outside a kiosk: the people of this installation, each a profile with its own data folder and engine. */
let profiles: DesktopProfiles | null = null;
/** Dialogs of the shell speak the language chosen in Settings. */
const language = () => (engine ?? profiles?.engine())?.settings.get().language ?? "en";
const openExternal = (url: string) => void confirmAndOpenExternal(url, language());
let window: BrowserWindow | null = null;
/** `--kiosk`: a clinic kiosk (a full-screen window, one visitor's erasable session at a time). */
const kioskFlag = process.argv.includes("--kiosk");
/** The flag, or the installation's kiosk setting (src/engine/kioskMode), read when the app is ready. */
let kioskMode = kioskFlag;
let kioskShell: KioskShell | null = null;
/** The local models the profiles share (made when the first profile opens). */
let runtimes: RuntimePool | null = null;

/** Keys that would reload the page or open devtools, off in a kiosk (a reload must not lose or skip an erase). */
const KIOSK_BLOCKED_KEYS = new Set(["F5", "F11", "F12"]);
function blockedInKiosk(input: { key: string; control: boolean; meta: boolean; shift: boolean; alt: boolean }): boolean {
  const mod = input.control || input.meta;
  const key = input.key.toLowerCase();
  return KIOSK_BLOCKED_KEYS.has(input.key) || (mod && (key === "r" || key === "w" || key === "q" || key === "n" || (input.shift && key === "i"))) || (input.alt && key === "arrowleft");
}

function isTrustedUrl(url: string): boolean {
  if (devUrl && !app.isPackaged && url.startsWith(devUrl)) return true;
  // The page itself, exactly: a prefix match would also trust "index.html.evil.html" beside it.
  return url.split(/[?#]/, 1)[0] === pathToFileURL(rendererIndex).href;
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1100,
    height: 800,
    minWidth: 480,
    minHeight: 520,
    title: "Carefold",
    show: false,
    webPreferences: secureWebPreferences(join(here, "..", "preload", "index.cjs"), { devTools: !app.isPackaged && !kioskMode }),
    ...(kioskMode ? { kiosk: true, autoHideMenuBar: true } : {}),
  });
  if (kioskMode) {
    win.setMenu(null);
    win.webContents.on("before-input-event", (event, input) => {
      if (blockedInKiosk(input)) event.preventDefault();
    });
  }
  // Navigation and window-open guards: every webContents gets them on "web-contents-created" below.
  win.once("ready-to-show", () => win.show());
  if (devUrl && !app.isPackaged) void win.loadURL(devUrl);
  else void win.loadFile(rendererIndex);
  return win;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on("second-instance", () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on("web-contents-created", (_e, contents) => guardWebContents(contents, openExternal));
  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    const broadcast = (channel: string, event: unknown) => {
      for (const w of BrowserWindow.getAllWindows()) w.webContents.send(channel, event);
    };
    const root = app.getPath("userData");
    const setting = readKioskSetting(root);
    if (setting.state === "unreadable") process.stderr.write(unreadableNotice(root, setting) + "\n");
    kioskMode = kioskFlag || setting.state !== "off";
    // Turned on or off from inside the app: relaunched, so the window and the sessions are made anew.
    const admin = kioskAdmin({ root, flag: kioskFlag, flagIdleSeconds: DEFAULT_KIOSK_SESSION.idleSeconds, takesEffect: "relaunch", onChanged: relaunch });
    const desktopEngine = (dataDir: string, dataKey: { key: Buffer; protection: "keychain" | "pin" | "file" }, modelRuntimes?: RuntimePool) =>
      createEngine({
        ...(modelRuntimes ? { modelRuntimes } : {}),
        dataKey: dataKey.key,
        dataKeyProtection: dataKey.protection,
        dataDir,
        contentDir: contentDirFor(app.getAppPath(), app.isPackaged, existsSync),
        hostKind: "desktop",
        prewarm: true,
        host: { printToPdf, pickModelFile: () => pickModelFile(language()), kioskAdmin: admin },
        // The audit chain's key in the OS keychain (safeStorage needs the app ready: it is, here).
        auditKey: new KeychainAuditKeyStore(safeStorage, auditKeysDir(dataDir)),
      });
    try {
      if (kioskMode) {
        // The data key (database and workspace files) wrapped by the OS keychain; the 0600 key file where there is none.
        engine = desktopEngine(root, openDataKey(auditKeysDir(root), { kind: "keychain", safeStorage }));
      } else {
        // Each profile's key is opened the same way, in its own folder (src/engine/profiles/profileKey.ts).
        profiles = await startDesktopProfiles({
          root,
          keychain: safeStorage,
          // One loaded model for everyone's profiles: switching person does not load it again.
          createEngine: (p) => desktopEngine(p.dataDir, { key: p.dataKey, protection: p.dataKeyProtection }, (runtimes ??= createRuntimePool({ prefixStateDir: prefixStateDirOf(root) }))),
          ipcMain,
          bridge: { isTrustedUrl, broadcast },
        });
      }
    } catch (err) {
      // E.g. no Electron build of better-sqlite3: the message names the fix.
      dialog.showErrorBox("Carefold cannot start", err instanceof Error ? err.message : String(err));
      app.exit(1);
      return;
    }
    if (kioskMode && engine) {
      Menu.setApplicationMenu(null);
      const clinic = engine;
      const contentDir = contentDirFor(app.getAppPath(), app.isPackaged, existsSync);
      const kioskSession = kioskFlag ? DEFAULT_KIOSK_SESSION : { ...DEFAULT_KIOSK_SESSION, idleSeconds: setting.idleSeconds };
      kioskShell = await startKioskShell({
        sessions: kioskSessions({
          idleMs: kioskIdleLimitMs(kioskSession),
          // The clinic's engine (its model and settings) is never shown: each visitor gets their own.
          // A visitor's folder is encrypted with a key that lives only in memory, for the session.
          createEngine: (visitorDir, hooks) =>
            createEngine({ dataDir: visitorDir, contentDir, hostKind: "desktop", kiosk: true, kioskSession, modelProvider: lentProvider(() => clinic.provider), host: { ...hooks, kioskAdmin: admin }, dataKey: randomBytes(32) }),
        }),
        ipcMain,
        isTrustedUrl,
        broadcast,
        reload: () => window?.webContents.reload(),
        // Nothing is saved to the kiosk's disk (no PDF host above); what a visitor copied goes with them.
        forget: () => clipboard.clear(),
      });
    }
    window = createWindow();
    app.on("activate", () => {
      if (BrowserWindow.getAllWindows().length === 0) window = createWindow();
    });
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("will-quit", (event) => {
    if (!profiles && !engine) return;
    event.preventDefault();
    void closeAll().finally(() => app.quit());
  });
}

/** Closes the profiles, or the kiosk (erasing the visitor's session first) and its clinic engine. */
async function closeAll(): Promise<void> {
  const [closingProfiles, closingKiosk, closing, closingRuntimes] = [profiles, kioskShell, engine, runtimes];
  profiles = null;
  kioskShell = null;
  engine = null;
  runtimes = null;
  await closingProfiles?.close();
  await closingKiosk?.close();
  await closing?.close();
  await closingRuntimes?.close();
}

/** After kiosk mode was turned on or off: start again as that (app.exit skips will-quit, so close first). */
function relaunch(): void {
  void closeAll().finally(() => {
    app.relaunch();
    app.exit(0);
  });
}
