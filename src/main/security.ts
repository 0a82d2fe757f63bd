/**
 * Window hardening for the Electron shell, kept free of `electron` imports so it is unit-tested
 * under plain Node: secure web preferences, navigation and window-open denial, permission denial.
 */
export function secureWebPreferences(preloadPath: string, options: { devTools?: boolean } = {}) {
  return {
    preload: preloadPath,
    // Off in installed builds (app.isPackaged): no inspecting or scripting the renderer there.
    devTools: options.devTools ?? true,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    spellcheck: true,
  } as const;
}

/** The renderer's CSP (also injected as a meta tag into the built index.html). */
export const RENDERER_CSP =
  "default-src 'self'; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'";

export interface WebContentsLike {
  on(event: "will-navigate" | "will-redirect", listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/**
 * Only http(s), mailto and tel links (the emergency banner's call links) may leave the app, and only to
 * the system's browser, mail or phone app, after the user confirmed the target (see externalLinks.ts).
 */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" || u.protocol === "mailto:" || u.protocol === "tel:";
  } catch {
    return false;
  }
}

/**
 * The page never navigates and never opens windows. A link to a safe external target (a click is a
 * navigation, or a window.open for target=_blank) is handed to `openExternal`, which asks first.
 */
export function guardWebContents(contents: WebContentsLike, openExternal: (url: string) => void): void {
  contents.on("will-navigate", (event, url) => {
    event.preventDefault();
    if (isSafeExternalUrl(url)) openExternal(url);
  });
  contents.on("will-redirect", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url);
    return { action: "deny" };
  });
}

export function denyAllPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
