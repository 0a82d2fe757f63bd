/** The WebSocket host: token check, Host/Origin checks, invalid frames, oversized frames, static files. */
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEFAULT_SETTINGS, type EngineApi, type EngineEvent } from "../../../src/shared/contract";
import { startWebHost, type WebHost } from "../../../src/engine/host/webHost";
import { tempDir } from "../../support/tempDir";

const listeners = new Set<(e: EngineEvent) => void>();
const engine = {
  "settings.get": async () => DEFAULT_SETTINGS,
  onEvent: (l: (e: EngineEvent) => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
} as unknown as EngineApi;

let host: WebHost;
const tmp = tempDir();

beforeAll(async () => {
  mkdirSync(join(tmp.dir, "assets"));
  writeFileSync(join(tmp.dir, "index.html"), "<!doctype html><title>Carefold</title>");
  writeFileSync(join(tmp.dir, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(tmp.dir, "..", "secret.txt"), "secret");
  host = await startWebHost({ engine, staticDir: tmp.dir, maxPayload: 64 * 1024 });
});
afterAll(async () => {
  await host.close();
  tmp.cleanup();
});

function connect(query = `token=${host.token}`, headers: Record<string, string> = {}) {
  return new WebSocket(`ws://127.0.0.1:${host.port}/rpc?${query}`, { headers });
}

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once("message", (d) => resolve(JSON.parse(d.toString()))));
}

function httpGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: host.port, path, headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("web host", () => {
  it("prints a loopback URL carrying a long random token", () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{32}$`));
  });

  it("rejects a WebSocket without the token or with a wrong one", async () => {
    for (const query of ["", "token=wrong", `token=${host.token}x`]) {
      const ws = connect(query);
      const status = await new Promise<number>((resolve) => ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)));
      expect(status).toBe(401);
    }
  });

  it("rejects foreign origins and hosts (cross-site and DNS rebinding)", async () => {
    const ws = connect(undefined, { Origin: "http://evil.example" });
    expect(await new Promise<number>((r) => ws.once("unexpected-response", (_q, res) => r(res.statusCode ?? 0)))).toBe(403);
    const ws2 = connect(undefined, { Host: `evil.example:${host.port}` });
    expect(await new Promise<number>((r) => ws2.once("unexpected-response", (_q, res) => r(res.statusCode ?? 0)))).toBe(403);
    expect((await httpGet("/", { Host: "evil.example" })).status).toBe(403);
  });

  it("answers requests, invalid JSON, bad frames and unknown methods with typed responses", async () => {
    const ws = connect(undefined, { Origin: `http://127.0.0.1:${host.port}` });
    await opened(ws);
    ws.send(JSON.stringify({ id: 1, method: "settings.get", params: {} }));
    expect(await nextMessage(ws)).toEqual({ id: 1, ok: true, result: DEFAULT_SETTINGS });
    ws.send("{not json");
    expect(await nextMessage(ws)).toMatchObject({ id: null, ok: false, error: { code: "invalid_message" } });
    ws.send(JSON.stringify({ id: 2 }));
    expect(await nextMessage(ws)).toMatchObject({ id: 2, ok: false, error: { code: "invalid_message" } });
    ws.send(JSON.stringify({ id: 3, method: "files.rm", params: {} }));
    expect(await nextMessage(ws)).toMatchObject({ id: 3, ok: false, error: { code: "unknown_method" } });
    ws.send(JSON.stringify({ id: 4, method: "settings.get", params: { sneaky: 1 } }));
    expect(await nextMessage(ws)).toMatchObject({ id: 4, ok: false, error: { code: "invalid_input" } });
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await nextMessage(ws)).toMatchObject({ ok: false, error: { code: "invalid_message" } });
    // Still alive after all of that.
    ws.send(JSON.stringify({ id: 5, method: "settings.get" }));
    expect(await nextMessage(ws)).toMatchObject({ id: 5, ok: true });
    ws.close();
  });

  it("pushes engine events to connected clients", async () => {
    const ws = connect();
    await opened(ws);
    const got = nextMessage(ws);
    for (const l of listeners) l({ type: "token", turnId: "u1", threadId: "t1", text: "hello" });
    expect(await got).toEqual({ event: { type: "token", turnId: "u1", threadId: "t1", text: "hello" } });
    ws.close();
  });

  it("closes the socket on an oversized frame (1009) and keeps serving others", async () => {
    const ws = connect();
    await opened(ws);
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    ws.send(JSON.stringify({ id: 1, method: "settings.get", params: { pad: "x".repeat(100 * 1024) } }));
    expect(await closed).toBe(1009);
    const ws2 = connect();
    await opened(ws2);
    ws2.send(JSON.stringify({ id: 9, method: "settings.get" }));
    expect(await nextMessage(ws2)).toMatchObject({ id: 9, ok: true });
    ws2.close();
  });

  it("serves the app with a strict CSP, never files outside its folder", async () => {
    const index = await httpGet("/");
    expect(index.status).toBe(200);
    expect(index.body).toContain("Carefold");
    expect(String(index.headers["content-security-policy"])).toContain("default-src 'self'");
    expect((await httpGet("/assets/app.js")).status).toBe(200);
    expect((await httpGet("/assets/missing.js")).status).toBe(404);
    expect((await httpGet("/../secret.txt")).body).not.toContain("secret");
    const encoded = await httpGet("/%2e%2e/secret.txt");
    expect(encoded.status).toBe(404);
    expect(encoded.body).not.toContain("secret");
    expect((await httpGet("/assets/%2e%2e%2f%2e%2e%2fsecret.txt")).status).toBe(403);
    expect((await httpGet("/a%00b")).status).toBe(400);
    expect((await httpGet("/some/client/route")).body).toContain("Carefold");
  });
});
