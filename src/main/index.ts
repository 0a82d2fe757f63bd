/** The Electron shell: one secure window, the engine in the main process, IPC relay. Thin by design. */
import { app, BrowserWindow, ipcMain, session, shell } from "electron";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createEngine, type Engine } from "../engine/engine";
import { registerIpc } from "./ipcBridge";
import { printToPdf } from "./printToPdf";
import { denyAllPermissions, guardWebContents, secureWebPreferences } from "./security";

const here = dirname(fileURLToPath(import.meta.url));
const rendererIndex = join(here, "..", "renderer", "index.html");
const devUrl = process.env["ELECTRON_RENDERER_URL"];

let engine: Engine | null = null;
let window: BrowserWindow | null = null;

function isTrustedUrl(url: string): boolean {
  if (devUrl && !app.isPackaged && url.startsWith(devUrl)) return true;
  return url.startsWith(pathToFileURL(rendererIndex).href);
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1100,
    height: 800,
    minWidth: 480,
    minHeight: 520,
    title: "Carefold",
    show: false,
    webPreferences: secureWebPreferences(join(here, "..", "preload", "index.cjs")),
  });
  guardWebContents(win.webContents, (url) => void shell.openExternal(url));
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
  app.on("web-contents-created", (_e, contents) => guardWebContents(contents, (url) => void shell.openExternal(url)));
  void app.whenReady().then(() => {
    denyAllPermissions(session.defaultSession);
    engine = createEngine({ dataDir: app.getPath("userData"), contentDir: app.getAppPath(), hostKind: "desktop", host: { printToPdf } });
    registerIpc(ipcMain, engine, {
      isTrustedUrl,
      broadcast: (channel, event) => {
        for (const w of BrowserWindow.getAllWindows()) w.webContents.send(channel, event);
      },
    });
    window = createWindow();
    app.on("activate", () => {
      if (BrowserWindow.getAllWindows().length === 0) window = createWindow();
    });
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("will-quit", (event) => {
    if (!engine) return;
    event.preventDefault();
    const closing = engine;
    engine = null;
    void closing.close().finally(() => app.quit());
  });
}
