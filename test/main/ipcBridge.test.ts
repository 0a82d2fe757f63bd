/** The Electron transport with fakes: one handler per method, validation, trusted frames, events. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type EngineApi, type EngineEvent } from "../../src/shared/contract";
import { IPC_EVENT_CHANNEL, METHODS, ipcRequestChannel } from "../../src/shared/methods";
import { registerIpc, type IpcMainLike } from "../../src/main/ipcBridge";

function fakeIpcMain() {
  const handlers = new Map<string, (event: { senderFrame?: { url: string } }, ...args: unknown[]) => Promise<unknown>>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipc, handlers };
}

const listeners = new Set<(e: EngineEvent) => void>();
const engine = {
  "settings.get": async () => DEFAULT_SETTINGS,
  onEvent: (l: (e: EngineEvent) => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
} as unknown as EngineApi;

const trusted = { senderFrame: { url: "file:///app/out/renderer/index.html" } };

describe("ipc bridge", () => {
  it("registers exactly one handler per contract method and removes them on dispose", () => {
    const { ipc, handlers } = fakeIpcMain();
    const dispose = registerIpc(ipc, engine, { isTrustedUrl: (u) => u.startsWith("file:///app/"), broadcast: () => {} });
    expect([...handlers.keys()].sort()).toEqual(METHODS.map(ipcRequestChannel).sort());
    dispose();
    expect(handlers.size).toBe(0);
    expect(listeners.size).toBe(0);
  });

  it("validates input and answers with envelopes", async () => {
    const { ipc, handlers } = fakeIpcMain();
    registerIpc(ipc, engine, { isTrustedUrl: (u) => u.startsWith("file:///app/"), broadcast: () => {} });
    const get = handlers.get(ipcRequestChannel("settings.get"))!;
    expect(await get(trusted, {})).toEqual({ ok: true, result: DEFAULT_SETTINGS });
    expect(await get(trusted, { evil: true })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    expect(await get({ senderFrame: { url: "https://evil.example/" } }, {})).toMatchObject({ ok: false, error: { code: "invalid_message" } });
    expect(await get({}, {})).toMatchObject({ ok: false });
  });

  it("relays engine events on the single event channel", () => {
    const { ipc } = fakeIpcMain();
    const sent: [string, EngineEvent][] = [];
    const dispose = registerIpc(ipc, engine, { isTrustedUrl: () => true, broadcast: (c, e) => void sent.push([c, e]) });
    for (const l of listeners) l({ type: "token", turnId: "u1", threadId: "t1", text: "x" });
    expect(sent).toEqual([[IPC_EVENT_CHANNEL, { type: "token", turnId: "u1", threadId: "t1", text: "x" }]]);
    dispose();
  });
});
