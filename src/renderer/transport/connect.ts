/** Picks the transport at start-up: the preload bridge inside Electron, else the local WebSocket host. */
import type { CarefoldBridge } from "../../shared/methods";
import { createClient } from "./client";
import { ipcTransport } from "./ipcTransport";
import { wsTransport } from "./wsTransport";

declare global {
  interface Window {
    carefold?: CarefoldBridge;
  }
}

const TOKEN_KEY = "carefold.token";

/** Reads the launch token from the URL once, keeps it for reloads, and removes it from the address bar. */
export function takeToken(location: Location, storage: Storage, history: History): string | null {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("token");
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY);
}

/** This launch's token as the page keeps it (the browser host's model upload sends it as a header). */
export function launchToken(storage: Storage = window.sessionStorage): string | null {
  return storage.getItem(TOKEN_KEY);
}

let sessionKey: string | null = null;
/** The host's name for this page's session (profiles, kiosk), in memory only; null where the host names none. */
export const hostSession = (): string | null => sessionKey;

export function connectToEngine() {
  if (window.carefold) return createClient(ipcTransport(window.carefold));
  const token = takeToken(window.location, window.sessionStorage, window.history) ?? "";
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const checkToken = async () => (await fetch(`/rpc/check?token=${encodeURIComponent(token)}`, { cache: "no-store" })).status !== 401;
  return createClient(wsTransport(`${scheme}://${window.location.host}/rpc?token=${encodeURIComponent(token)}`, WebSocket, checkToken, (key) => (sessionKey = key)));
}

export type EngineClient = ReturnType<typeof connectToEngine>;
