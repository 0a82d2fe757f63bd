/** The desktop window's profiles with a fake ipcMain and keychain, on real engines: the window reaches only its open profile. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startDesktopProfiles } from "../../src/main/profilesShell";
import type { IpcMainLike } from "../../src/main/ipcBridge";
import { ipcRequestChannel, type MethodName } from "../../src/shared/methods";
import { tempDir } from "../support/tempDir";
import { profileEngine } from "../engine/profiles/profileHarness";

/** safeStorage as on a machine with a real keychain (a reversible stand-in: only whether it wraps matters here). */
const keychain = {
  isEncryptionAvailable: () => true,
  encryptString: (s: string) => Buffer.from(s).reverse(),
  decryptString: (b: Buffer) => Buffer.from(b).reverse().toString(),
  getSelectedStorageBackend: () => "gnome_libsecret",
};

describe("desktop profiles", () => {
  it("routes the window's requests to its open profile and keeps each profile's key in the keychain", async () => {
    const tmp = tempDir("carefold-desktop-profiles-");
    const handlers = new Map<string, (event: { senderFrame?: { url: string } }, input: unknown) => Promise<unknown>>();
    const ipc: IpcMainLike = { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) };
    const sent: unknown[] = [];
    const shell = await startDesktopProfiles({
      root: tmp.dir,
      keychain,
      createEngine: (p) => profileEngine(p.dataDir, { dataKey: p.dataKey, dataKeyProtection: p.dataKeyProtection }),
      ipcMain: ipc,
      bridge: { isTrustedUrl: () => true, broadcast: (_c, e) => void sent.push(e) },
    });
    const call = async (method: MethodName, input: unknown = {}) => (await handlers.get(ipcRequestChannel(method))!({ senderFrame: { url: "file:///x" } }, input)) as { ok: boolean; result: { id: string; opened?: boolean } };
    try {
      await call("notes.write", { name: "Me.md", content: "ME-CANARY" });
      const leo = (await call("profiles.create", { name: "Leo", pin: "1357" })).result;
      expect(existsSync(join(tmp.dir, "keys", "data.key.enc"))).toBe(true);
      expect(existsSync(join(tmp.dir, "profiles", leo.id, "keys", "data.key.enc"))).toBe(true);
      expect((await call("profiles.open", { id: leo.id, pin: "1357" })).result.opened).toBe(true);
      expect((await call("notes.list")).result).toEqual([]);
      expect(shell.engine()?.options.dataDir).toBe(join(tmp.dir, "profiles", leo.id));
      await call("profiles.lock");
      expect((await call("notes.list")).ok).toBe(false);
      expect(shell.engine()).toBeNull();
    } finally {
      await shell.close();
      tmp.cleanup();
    }
    expect(handlers.size).toBe(0);
    expect(sent.every((e) => typeof e === "object")).toBe(true);
  });
});
