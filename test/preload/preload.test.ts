/** The preload exposes exactly the contract as window.carefold and nothing of ipcRenderer. */
import { describe, expect, it, vi } from "vitest";
import { IPC_EVENT_CHANNEL, METHODS, ipcRequestChannel } from "../../src/shared/methods";

const exposed: Record<string, unknown> = {};
const invoked: [string, unknown][] = [];
const on = new Map<string, (e: unknown, v: unknown) => void>();

const paths = new Map<unknown, string>();

vi.mock("electron", () => ({
  webUtils: {
    getPathForFile: (file: unknown) => {
      const path = paths.get(file);
      if (path === undefined) throw new TypeError("not a File");
      return path;
    },
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void (exposed[key] = api) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      invoked.push([channel, input]);
      return { ok: true, result: null };
    },
    on: (channel: string, h: (e: unknown, v: unknown) => void) => void on.set(channel, h),
    removeListener: (channel: string) => void on.delete(channel),
    send: () => {
      throw new Error("must not be exposed");
    },
  },
}));

describe("preload bridge", () => {
  it("exposes one function per method plus onEvent and pathForFile, and nothing else", async () => {
    await import("../../src/preload/index");
    const api = exposed["carefold"] as Record<string, unknown>;
    expect(Object.keys(exposed)).toEqual(["carefold"]);
    expect(Object.keys(api).sort()).toEqual([...METHODS, "onEvent", "pathForFile"].sort());
    expect(Object.isFrozen(api)).toBe(true);
    for (const key of Object.keys(api)) expect(typeof api[key]).toBe("function");
  });

  it("invokes the method's own channel and relays events", async () => {
    const api = exposed["carefold"] as Record<string, (x?: unknown) => unknown>;
    await api["settings.get"]!({});
    expect(invoked.at(-1)).toEqual([ipcRequestChannel("settings.get"), {}]);
    const got: unknown[] = [];
    const off = (api.onEvent as unknown as (l: (e: unknown) => void) => () => void)((e) => got.push(e));
    on.get(IPC_EVENT_CHANNEL)!({}, { type: "token" });
    expect(got).toEqual([{ type: "token" }]);
    off();
    expect(on.has(IPC_EVENT_CHANNEL)).toBe(false);
  });

  it("gives the real path of a dropped file, and null for anything that is not one", () => {
    const api = exposed["carefold"] as { pathForFile(f: unknown): string | null };
    const dropped = { name: "model.gguf" };
    paths.set(dropped, "/home/me/model.gguf");
    expect(api.pathForFile(dropped)).toBe("/home/me/model.gguf");
    expect(api.pathForFile({ name: "x" })).toBeNull();
    paths.set("empty", "");
    expect(api.pathForFile("empty")).toBeNull();
  });
});
