/**
 * The sandboxed preload: exposes exactly the contract as `window.carefold` — one function per
 * request and an event subscription — plus `pathForFile`, the real path of a file dropped on the page
 * (File.path is gone since Electron 32; webUtils is only reachable here). No ipcRenderer, no generic
 * channel access leaks to the page.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from "electron";
import { IPC_EVENT_CHANNEL, METHODS, ipcRequestChannel, type CarefoldBridge } from "../shared/methods";

export function buildBridge(
  renderer: Pick<typeof ipcRenderer, "invoke" | "on" | "removeListener">,
  files: Pick<typeof webUtils, "getPathForFile"> = webUtils,
): CarefoldBridge {
  const bridge: Record<string, unknown> = {};
  for (const method of METHODS) {
    bridge[method] = (input: unknown) => renderer.invoke(ipcRequestChannel(method), input);
  }
  bridge.onEvent = (listener: (event: unknown) => void) => {
    const handler = (_e: IpcRendererEvent, event: unknown) => listener(event);
    renderer.on(IPC_EVENT_CHANNEL, handler);
    return () => void renderer.removeListener(IPC_EVENT_CHANNEL, handler);
  };
  bridge.pathForFile = (file: unknown) => {
    try {
      return files.getPathForFile(file as File) || null;
    } catch {
      return null;
    }
  };
  return Object.freeze(bridge) as CarefoldBridge;
}

contextBridge.exposeInMainWorld("carefold", buildBridge(ipcRenderer));
