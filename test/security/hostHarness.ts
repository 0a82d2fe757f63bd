/**
 * A real engine behind the real `carefold serve` web host, and a WebSocket/HTTP client that speaks
 * to it the way a browser (or an attacker on this computer) would.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import WebSocket from "ws";
import { startWebHost, type WebHost } from "../../src/engine/host/webHost";
import { startEngine, type EngineContext } from "./securityHarness";
import { tempDir } from "../support/tempDir";

export interface HostContext extends EngineContext {
  host: WebHost;
  /** The static folder's parent holds `secret.txt`, which must never be served. */
  staticDir: string;
  connect(query?: string, headers?: Record<string, string>): WebSocket;
  /** An open socket with the right token. */
  client(): Promise<Client>;
  /** The HTTP status a WebSocket upgrade got when it was refused (0 when it opened). */
  upgradeStatus(query?: string, headers?: Record<string, string>): Promise<number>;
  httpGet(path: string, headers?: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }>;
}

export interface Client {
  ws: WebSocket;
  /** Send a frame (object → JSON, string/Buffer as is) and wait for the next reply that is not an event. */
  send(frame: unknown, options?: { binary?: boolean }): Promise<Record<string, unknown>>;
  call(method: string, params?: unknown): Promise<Record<string, unknown>>;
  close(): void;
}

export async function startHostedEngine(options: { maxPayload?: number; maxClients?: number } = {}): Promise<HostContext> {
  const engine = startEngine();
  const files = tempDir("carefold-static-");
  const staticDir = join(files.dir, "renderer");
  mkdirSync(join(staticDir, "assets"), { recursive: true });
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Carefold</title>");
  writeFileSync(join(staticDir, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(files.dir, "secret.txt"), "TOP-SECRET-OUTSIDE");
  const host = await startWebHost({ engine: engine.engine, staticDir, ...options });
  const connect = (query = `token=${host.token}`, headers: Record<string, string> = {}) => new WebSocket(`ws://127.0.0.1:${host.port}/rpc?${query}`, { headers });
  let nextId = 1;
  return {
    ...engine,
    host,
    staticDir,
    connect,
    async client() {
      const ws = connect();
      await new Promise<void>((resolve, reject) => {
        ws.once("open", () => resolve());
        ws.once("error", reject);
      });
      const replies: Record<string, unknown>[] = [];
      const waiting: ((r: Record<string, unknown>) => void)[] = [];
      ws.on("message", (data) => {
        const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
        if ("event" in parsed) return;
        const w = waiting.shift();
        if (w) w(parsed);
        else replies.push(parsed);
      });
      const next = () => new Promise<Record<string, unknown>>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve)));
      const send: Client["send"] = (frame, opts) => {
        ws.send(typeof frame === "string" || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame), { binary: opts?.binary ?? false });
        return next();
      };
      return { ws, send, call: (method, params) => send({ id: nextId++, method, params }), close: () => ws.close() };
    },
    upgradeStatus(query, headers) {
      const ws = connect(query, headers);
      return new Promise<number>((resolve) => {
        ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.once("open", () => {
          ws.close();
          resolve(0);
        });
        ws.once("error", () => resolve(-1));
      });
    },
    httpGet(path, headers = {}) {
      return new Promise((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: host.port, path, headers }, (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        });
        req.on("error", reject);
        req.end();
      });
    },
    async stop() {
      await host.close();
      await engine.stop();
      files.cleanup();
    },
  };
}
