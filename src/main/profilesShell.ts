/**
 * The desktop window's profiles: one holder (the window), whose requests reach only the engine of the
 * profile it has open (src/engine/profiles). Each profile's data key is kept in the OS keychain.
 * No `electron` import here: main passes safeStorage and ipcMain in.
 */
import type { Engine } from "../engine/engine";
import { createProfileClient, type ProfileClient } from "../engine/profiles/client";
import { ProfileManager, type ProfileEngineRequest } from "../engine/profiles/manager";
import type { KeychainLike } from "../engine/storage/dataKey";
import { registerIpc, type BridgeOptions, type IpcMainLike } from "./ipcBridge";

export interface DesktopProfiles {
  /** The engine of the open profile (the shell's dialogs speak its language), or null at the picker. */
  engine(): Engine | null;
  close(): Promise<void>;
}

export async function startDesktopProfiles(options: {
  root: string;
  keychain: KeychainLike;
  createEngine(request: ProfileEngineRequest): Engine;
  ipcMain: IpcMainLike;
  bridge: Omit<BridgeOptions, "onRequest">;
}): Promise<DesktopProfiles> {
  const manager = new ProfileManager({ root: options.root, createEngine: options.createEngine, keychain: options.keychain });
  const client: ProfileClient = await createProfileClient(manager);
  const unregister = registerIpc(options.ipcMain, client, { ...options.bridge, onRequest: () => client.touch() });
  return {
    engine: () => client.openEngine(),
    async close() {
      unregister();
      client.close();
      await manager.close();
    },
  };
}
