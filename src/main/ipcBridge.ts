/**
 * The Electron transport: one `ipcMain.handle` per contract request (validated by the shared
 * dispatcher) and one event channel. No `electron` import here, so it is unit-tested with fakes.
 */
import type { EngineApi, EngineEvent } from "../shared/contract";
import { IPC_EVENT_CHANNEL, METHODS, ipcRequestChannel } from "../shared/methods";
import { createRequestLimiter } from "../shared/requestLimits";
import { dispatchRequest, errorResponse } from "../shared/rpc";

export interface IpcInvokeEvent {
  senderFrame?: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface BridgeOptions {
  /** Only frames showing our own renderer may call the engine. */
  isTrustedUrl(url: string): boolean;
  /** Deliver an event to every window (webContents.send on the event channel). */
  broadcast(channel: string, event: EngineEvent): void;
  /** A trusted request arrived (a kiosk session counts it as the visitor being there). */
  onRequest?(): void;
}

export function registerIpc(ipcMain: IpcMainLike, engine: EngineApi, options: BridgeOptions): () => void {
  // One client: the app's own window(s).
  const limiter = createRequestLimiter();
  for (const method of METHODS) {
    ipcMain.handle(ipcRequestChannel(method), async (event, input) => {
      const url = event.senderFrame?.url ?? "";
      if (!options.isTrustedUrl(url)) return errorResponse("invalid_message", "Request from an untrusted frame");
      options.onRequest?.();
      return dispatchRequest(engine, method, input, { limiter });
    });
  }
  const unsubscribe = engine.onEvent((e) => options.broadcast(IPC_EVENT_CHANNEL, e));
  return () => {
    unsubscribe();
    for (const method of METHODS) ipcMain.removeHandler(ipcRequestChannel(method));
  };
}
