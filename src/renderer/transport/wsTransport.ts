/**
 * Transport over the local WebSocket host (`carefold serve`). Requests wait for the socket, every
 * pending call fails clearly if it drops, and it reconnects with backoff. In a kiosk the host's first
 * frame names the session; a reconnect asks for it again, and a different (or no longer live) session
 * is reported as ended, since the page still shows the erased one. The key stays in memory only.
 */
import type { RpcResponse } from "../../shared/rpc";
import { SESSION_ENDED_CLOSE } from "../../shared/methods";
import type { ConnectionStatus, Transport } from "./client";

interface Pending {
  resolve(response: RpcResponse): void;
}

/** Resolves false when the host says this page's token is not this launch's. */
export interface TokenCheck {
  (): Promise<boolean>;
}

/**
 * `checkToken` asks the host whether this page's token is still valid (false: expired); it runs when a
 * connection fails before it ever opened, so an old address stops instead of reconnecting forever.
 */
export function wsTransport(url: string, WebSocketImpl: typeof WebSocket = WebSocket, checkToken?: TokenCheck, onSession?: (key: string) => void): Transport {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let retry = 0;
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const eventListeners = new Set<(e: unknown) => void>();
  const statusListeners = new Set<(s: ConnectionStatus) => void>();
  let expired = false;
  const endedListeners = new Set<() => void>();
  let session: string | null = null;
  const sessionEnded = () => endedListeners.forEach((l) => l());

  const failAll = () => {
    for (const [id, p] of pending) {
      p.resolve({ ok: false, error: { code: "unavailable", message: "Lost the connection to Carefold. Reconnecting…" } });
      pending.delete(id);
    }
  };
  const expire = () => {
    expired = true;
    queue.length = 0;
    statusListeners.forEach((l) => l("expired"));
  };

  function connect(): void {
    const ws = new WebSocketImpl(session ? `${url}&session=${encodeURIComponent(session)}` : url);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      retry = 0;
      statusListeners.forEach((l) => l("connected"));
      while (queue.length) ws.send(queue.shift()!);
    };
    ws.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (!data || typeof data !== "object") return;
      if ("session" in data && typeof (data as { session: unknown }).session === "string") {
        const key = (data as { session: string }).session;
        if (session !== null && key !== session) sessionEnded();
        session = key;
        // The model upload (an HTTP request beside the socket) names the same session.
        onSession?.(key);
        return;
      }
      if ("event" in data) {
        eventListeners.forEach((l) => l((data as { event: unknown }).event));
        return;
      }
      const { id, ...response } = data as { id: unknown } & RpcResponse;
      if (typeof id === "number" && pending.has(id)) {
        pending.get(id)!.resolve(response as RpcResponse);
        pending.delete(id);
      }
    };
    ws.onclose = (e?: { code?: number }) => {
      socket = null;
      if (e?.code === SESSION_ENDED_CLOSE) sessionEnded();
      failAll();
      retry = Math.min(retry + 1, 6);
      const again = () => setTimeout(connect, 250 * 2 ** retry);
      if (opened || !checkToken) {
        statusListeners.forEach((l) => l("disconnected"));
        again();
        return;
      }
      // Refused before it opened: an old address, or the host is not running (then keep trying).
      void checkToken()
        .catch(() => true)
        .then((valid) => {
          if (!valid) return expire();
          statusListeners.forEach((l) => l("disconnected"));
          again();
        });
    };
  }
  connect();

  return {
    call(method, input) {
      if (expired) return Promise.resolve({ ok: false, error: { code: "unavailable", message: "This Carefold address is out of date" } });
      const id = nextId++;
      const frame = JSON.stringify({ id, method, params: input });
      return new Promise<RpcResponse>((resolve) => {
        pending.set(id, { resolve });
        if (socket && socket.readyState === WebSocketImpl.OPEN) socket.send(frame);
        else queue.push(frame);
      });
    },
    onRawEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onSessionEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
  };
}
