/**
 * The desktop app as a kiosk (`--kiosk`), with a fake ipcMain and real visitor engines: the window talks
 * to one visitor's session; "End my session and erase" erases its folder, a new session takes over the
 * same IPC channels, and the window reloads to a fresh welcome with nothing of the last visitor.
 */
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createEngine } from "../../src/engine/engine";
import { kioskSessions, lentProvider } from "../../src/engine/host/sessions";
import { startKioskShell } from "../../src/main/kioskShell";
import type { IpcInvokeEvent, IpcMainLike } from "../../src/main/ipcBridge";
import { ipcRequestChannel, type MethodName } from "../../src/shared/methods";
import { REPO, singlePlan } from "../support/engineHarness";
import { scriptedProvider } from "../support/scriptedChatModel";
import { tempDir } from "../support/tempDir";

const trusted = { senderFrame: { url: "file:///app/out/renderer/index.html" } };
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("the desktop kiosk shell", () => {
  it("erases the visitor's session on 'End my session and erase', starts a new one on the same channels and reloads", async () => {
    const tmp = tempDir("carefold-kiosk-shell-");
    const handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>>();
    const ipc: IpcMainLike = { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) };
    const provider = scriptedProvider([{ text: "Here is a checklist for your visit." }]);
    const clinic = createEngine({ dataDir: `${tmp.dir}/clinic`, contentDir: REPO, modelProvider: provider });
    let reloads = 0;
    let forgotten = 0;
    const shell = await startKioskShell({
      sessions: kioskSessions({
        root: tmp.dir,
        idleMs: 60_000,
        createEngine: (dataDir, hooks) => createEngine({ dataDir, contentDir: REPO, hostKind: "desktop", kiosk: true, modelProvider: lentProvider(() => clinic.provider), router: () => () => singlePlan("records-coordinator"), host: hooks }),
      }),
      ipcMain: ipc,
      isTrustedUrl: (u) => u.startsWith("file:///app/"),
      broadcast: () => {},
      reload: () => void reloads++,
      forget: () => void forgotten++,
    });
    const call = (method: MethodName, input: unknown = {}) => handlers.get(ipcRequestChannel(method))!(trusted, input) as Promise<{ ok: boolean; result?: unknown }>;
    try {
      const first = shell.current();
      expect((await call("notes.write", { name: "Questions.md", content: "CANARY-SHELL-3031" })).ok).toBe(true);
      const folders = () => readdirSync(tmp.dir).filter((n) => n.startsWith("carefold-kiosk-"));
      expect(folders()).toHaveLength(1);
      expect(await call("session.end")).toEqual({ ok: true, result: { ended: true } });
      await until(() => reloads === 1);
      expect(reloads).toBe(1);
      expect(forgotten).toBe(1); // the clipboard is cleared with the session
      expect(shell.current()).not.toBe(first);
      expect(folders()).toHaveLength(1); // the new visitor's, not the old one
      expect((await call("notes.list")).result).toEqual([]);
      expect((await call("app.info")).result).toMatchObject({ kiosk: true, host: "desktop", dataDir: "" });
    } finally {
      await shell.close();
      await clinic.close();
      expect(readdirSync(tmp.dir).filter((n) => n.startsWith("carefold-kiosk-"))).toEqual([]);
      tmp.cleanup();
      expect(existsSync(tmp.dir)).toBe(false);
    }
  });
});
