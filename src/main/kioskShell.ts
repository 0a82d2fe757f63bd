/**
 * The desktop app as a clinic kiosk (`--kiosk`): the window talks to one visitor's session at a time
 * (src/engine/host/sessions.ts: an engine of its own in a temporary folder). When that session ends —
 * the visitor's "End my session and erase", or idle past the countdown — its folder is erased, a new
 * session starts and the window reloads to a fresh welcome. No `electron` import: tested with fakes.
 */
import type { EngineEvent } from "../shared/contract";
import type { SessionSource } from "../engine/host/sessions";
import { registerIpc, type IpcMainLike } from "./ipcBridge";

export interface KioskShellOptions {
  sessions: SessionSource;
  ipcMain: IpcMainLike;
  isTrustedUrl(url: string): boolean;
  broadcast(channel: string, event: EngineEvent): void;
  /** Reload the window (the page still shows the erased session). */
  reload(): void;
  /** Clear what the session may have left outside its folder (the system clipboard). */
  forget?(): void;
}

export interface KioskShell {
  /** The current visitor's session key. */
  current(): string;
  close(): Promise<void>;
}

export async function startKioskShell(options: KioskShellOptions): Promise<KioskShell> {
  let key = "";
  let unregister = () => {};
  let closing = false;
  const begin = async () => {
    const session = await options.sessions.open(null);
    key = session.key;
    unregister = registerIpc(options.ipcMain, session.engine, {
      isTrustedUrl: options.isTrustedUrl,
      broadcast: options.broadcast,
      onRequest: () => options.sessions.touch(session.key),
    });
  };
  const stopEnded = options.sessions.onEnded((ended) => {
    if (ended !== key) return;
    options.forget?.();
    if (closing) return;
    unregister();
    void begin().then(options.reload);
  });
  await begin();
  return {
    current: () => key,
    async close() {
      closing = true;
      stopEnded();
      unregister();
      await options.sessions.close();
    },
  };
}
