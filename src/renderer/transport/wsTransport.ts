/**
 * Transport over the local WebSocket host (`carefold serve`). Requests wait for the socket, every
 * pending call fails clearly if it drops, and it reconnects with backoff. In a kiosk the host's first
 * frame names the session; a reconnect asks for it again, and a different (or no longer live) session
 * is reported as ended, since the page still shows the erased one. The key stays in memory only.
 */
import type { RpcResponse } from "../../shared/rpc";
import { SESSION_ENDED_CLOSE } from "../../shared/methods";
import type { Transport } from "./client";

interface Pending {
  resolve(response: RpcResponse): void;
}

export function wsTransport(url: string, WebSocketImpl: typeof WebSocket = WebSocket): Transport {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let retry = 0;
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const eventListeners = new Set<(e: unknown) => void>();
  const statusListeners = new Set<(s: "connected" | "disconnected") => void>();
  const endedListeners = new Set<() => void>();
  let session: string | null = null;
  const sessionEnded = () => endedListeners.forEach((l) => l());

  const failAll = () => {
    for (const [id, p] of pending) {
      p.resolve({ ok: false, error: { code: "unavailable", message: "Lost the connection to Carefold. Reconnecting…" } });
      pending.delete(id);
    }
  };

  function connect(): void {
    const ws = new WebSocketImpl(session ? `${url}&session=${encodeURIComponent(session)}` : url);
    socket = ws;
    ws.onopen = () => {
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
      statusListeners.forEach((l) => l("disconnected"));
      failAll();
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    };
  }
  connect();

  return {
    call(method, input) {
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
