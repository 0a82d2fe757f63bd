/**
 * Profiles on the real web host: each connection picks its own profile, so two browsers on two profiles
 * at once never hear each other's consults or reach each other's conversations; a kiosk has no profiles.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../../../src/engine/engine";
import { startWebHost, type WebHost } from "../../../src/engine/host/webHost";
import { profileSessions } from "../../../src/engine/profiles/hostSessions";
import type { ProfileManager } from "../../../src/engine/profiles/manager";
import { dispatchRequest } from "../../../src/shared/rpc";
import { REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";
import { startManager } from "./profileHarness";

/** The parts of answers these tests read. */
interface Reply {
  ok: boolean;
  result?: { current?: string | null; opened?: boolean; id?: string; threadId?: string; turnId?: string };
  error?: { code: string };
}

interface Browser {
  heard: string[];
  session: string;
  call(method: string, params?: unknown): Promise<Reply>;
  ask(text: string): Promise<{ threadId: string; turnId: string }>;
  ws: WebSocket;
}

async function browser(host: WebHost, resume?: string): Promise<Browser> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}${resume ? `&session=${resume}` : ""}`);
  const heard: string[] = [];
  const waiting = new Map<number, (r: Reply) => void>();
  let id = 1;
  let gotSession: (k: string) => void = () => {};
  const session = new Promise<string>((r) => (gotSession = r));
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString());
    if (typeof frame.session === "string") return gotSession(frame.session);
    if ("event" in frame) return void heard.push(data.toString());
    waiting.get(frame.id)?.(frame);
  });
  await new Promise<void>((resolve, reject) => (ws.once("open", () => resolve()), ws.once("error", reject)));
  const call: Browser["call"] = (method, params = {}) =>
    new Promise((resolve) => {
      const n = id++;
      waiting.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return {
    ws,
    heard,
    session: await session,
    call,
    async ask(text) {
      const r = await call("consult.ask", { text });
      if (!r.ok) throw new Error("consult.ask refused");
      const ids = r.result as { threadId: string; turnId: string };
      while (!heard.some((h) => h.includes('"type":"done"') && h.includes(ids.turnId))) await new Promise((res) => setTimeout(res, 5));
      return ids;
    },
  };
}

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function serve(): Promise<{ host: WebHost; manager: ProfileManager }> {
  const tmp = tempDir("carefold-profiles-host-");
  const staticDir = join(tmp.dir, "renderer");
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Carefold</title>");
  const manager = startManager(join(tmp.dir, "data"));
  const host = await startWebHost({ staticDir, sessions: profileSessions(manager) });
  stop = async () => {
    await host.close();
    await manager.close();
    tmp.cleanup();
  };
  return { host, manager };
}

describe("profiles on the web host", () => {
  it("two browsers on two profiles at once never hear or reach each other's consults", async () => {
    const { host } = await serve();
    const a = await browser(host);
    const leo = (await a.call("profiles.create", { name: "Leo" })).result as { id: string };
    const b = await browser(host);
    expect((await b.call("profiles.list")).result?.current).toBeNull();
    expect((await b.call("threads.list")).error?.code).toBe("unavailable");
    expect((await b.call("profiles.open", { id: leo.id })).result?.opened).toBe(true);
    // `a` was opened while it was the only profile; it stays on it.
    expect((await a.call("profiles.list")).result?.current).toBe("first");
    for (const x of [a, b]) expect((await x.call("consent.set", { scope: "global", granted: true })).ok).toBe(true);
    const [ta, tb] = await Promise.all([a.ask("ALPHA-5521 my knee hurts on stairs"), b.ask("BRAVO-8830 help with his school forms")]);
    expect(a.heard.join()).toContain(ta.turnId);
    expect(a.heard.join()).not.toContain(tb.turnId);
    expect(a.heard.join()).not.toContain("BRAVO-8830");
    expect(b.heard.join()).not.toContain(ta.turnId);
    expect(b.heard.join()).not.toContain("ALPHA-5521");
    expect((await b.call("threads.get", { threadId: ta.threadId })).error?.code).toBe("not_found");
    expect((await a.call("threads.get", { threadId: tb.threadId })).error?.code).toBe("not_found");
    expect(((await b.call("threads.list")).result as unknown as { id: string }[]).map((t) => t.id)).toEqual([tb.threadId]);
    // A reconnect with the session key stays on the same profile.
    b.ws.close();
    const again = await browser(host, b.session);
    expect(again.session).toBe(b.session);
    expect((await again.call("profiles.list")).result?.current).toBe(leo.id);
  });

  it("a kiosk visitor's engine refuses every profiles request", async () => {
    const tmp = tempDir("carefold-kiosk-profiles-");
    try {
      const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, hostKind: "browser", kiosk: true });
      try {
        for (const [method, params] of [["profiles.list", {}], ["profiles.create", { name: "Mum" }], ["profiles.open", { id: "first" }], ["profiles.export", {}]] as const) {
          const r = await dispatchRequest(engine, method, params);
          expect(r.ok ? null : r.error.code, method).toBe("unavailable");
        }
      } finally {
        await engine.close();
      }
    } finally {
      tmp.cleanup();
    }
  });
});
