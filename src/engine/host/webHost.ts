/**
 * The local web host behind `carefold serve`: serves the built renderer over HTTP and the contract
 * over a WebSocket, on loopback only by default. Every WebSocket must present the per-launch token
 * the page received in its URL; Host and Origin are checked against DNS rebinding and cross-site use.
 * A connection belongs to one session and hears only its engine's events; in a kiosk the first frame
 * names the session (`{session}`) so the same page can resume it after a dropped connection.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, resolve, sep } from "node:path";
import { WebSocketServer, type WebSocket } from "ws";
import type { EngineApi } from "../../shared/contract";
import { createRequestLimiter, type RateLimits } from "../../shared/requestLimits";
import { dispatchRequest, errorResponse, RequestFrameSchema } from "../../shared/rpc";
import { SESSION_ENDED_CLOSE } from "../../shared/methods";
import { DEFAULT_MAX_MODEL_UPLOAD_BYTES, MODEL_UPLOAD_PATH, receiveModelUpload, type ModelUploadContext } from "./modelUpload";
import { sharedSessions, type SessionSource } from "./sessions";

export interface WebHostOptions {
  /** The one engine every connection shares (one person's data)… */
  engine?: EngineApi;
  /** …or where each connection's session comes from (a kiosk: an engine per visitor). */
  sessions?: SessionSource;
  /** The built renderer (out/renderer). */
  staticDir: string;
  host?: string;
  port?: number;
  /** Per-launch token; random when omitted. */
  token?: string;
  /** Largest accepted WebSocket frame in bytes (attachments travel base64). */
  maxPayload?: number;
  /** Most WebSocket clients at once (each has its own rate limits, so this bounds the total). */
  maxClients?: number;
  /** Limits replacing the defaults for some request types (src/shared/requestLimits.ts). */
  rateLimits?: RateLimits;
  /** Largest model file accepted by POST /models/upload (modelUpload.ts). */
  maxModelUploadBytes?: number;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

export const DEFAULT_MAX_PAYLOAD = 32 * 1024 * 1024;
export const DEFAULT_MAX_CLIENTS = 32;

export function contentSecurityPolicy(wsOrigin: string): string {
  return [
    "default-src 'self'",
    `connect-src 'self' ${wsOrigin}`,
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function tokenMatches(expected: string, given: string | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(ws: WebSocket, payload: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload));
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? "127.0.0.1";
  const sessions = options.sessions ?? (options.engine ? sharedSessions(options.engine) : null);
  if (!sessions) throw new Error("startWebHost needs an engine or a session source");
  const sockets = new Map<WebSocket, string>();
  const stopEnded = sessions.onEnded((key) => {
    for (const [ws, k] of sockets) if (k === key) ws.close(SESSION_ENDED_CLOSE, "session ended");
  });
  const token = options.token ?? randomBytes(24).toString("base64url");
  const staticRoot = resolve(options.staticDir);
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${host}:${port}`]);

  const headers = (extra: Record<string, string> = {}) => ({
    "Content-Security-Policy": contentSecurityPolicy(`ws://${host}:${port} ws://localhost:${port}`),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cache-Control": "no-store",
    ...extra,
  });

  function serveStatic(req: IncomingMessage, res: ServerResponse): void {
    if (!allowedHosts().has(req.headers.host ?? "")) {
      res.writeHead(403, headers({ "Content-Type": "text/plain" })).end("Forbidden host");
      return;
    }
    if ((req.url ?? "").split("?")[0] === MODEL_UPLOAD_PATH) {
      uploadModel(req, res);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, headers({ Allow: "GET, HEAD" })).end();
      return;
    }
    // Whether the page's token is this launch's: a page from an earlier launch says so plainly instead of
    // reconnecting forever (a browser cannot read why a WebSocket upgrade was refused).
    if ((req.url ?? "").startsWith("/rpc/check")) {
      const given = new URL(req.url ?? "/", "http://x").searchParams.get("token");
      res.writeHead(tokenMatches(token, given) ? 204 : 401, headers()).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    } catch {
      res.writeHead(400, headers()).end("Bad request");
      return;
    }
    if (pathname.includes("\0")) {
      res.writeHead(400, headers()).end("Bad request");
      return;
    }
    let file = resolve(staticRoot, "." + (pathname.endsWith("/") ? pathname + "index.html" : pathname));
    if (file !== staticRoot && !file.startsWith(staticRoot + sep)) {
      res.writeHead(403, headers()).end("Forbidden");
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      // Client-side routes fall back to the app shell; missing assets are 404.
      if (extname(pathname)) {
        res.writeHead(404, headers({ "Content-Type": "text/plain" })).end("Not found");
        return;
      }
      file = resolve(staticRoot, "index.html");
      if (!existsSync(file)) {
        res.writeHead(503, headers({ "Content-Type": "text/plain" })).end("The app is not built. Run `npm run build`.");
        return;
      }
    }
    res.writeHead(200, headers({ "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" }));
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  }

  const uploads: Omit<ModelUploadContext, "engine"> = { maxBytes: options.maxModelUploadBytes ?? DEFAULT_MAX_MODEL_UPLOAD_BYTES, inFlight: new Set() };
  /**
   * The same checks as the WebSocket: Host (above), Origin, the launch token (as a header); never in a
   * kiosk. With profiles the page names its session (the key the socket was sent), so the file goes into
   * the models folder of the profile that page has open; a session that is not live is refused.
   */
  function uploadModel(req: IncomingMessage, res: ServerResponse): void {
    const refuse = (status: number, code: string) => {
      req.resume();
      res.writeHead(status, headers({ "Content-Type": "application/json; charset=utf-8", Connection: "close" })).end(JSON.stringify({ error: { code } }));
    };
    if (req.method !== "POST") return void res.writeHead(405, headers({ Allow: "POST" })).end();
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().has(origin.replace(/^http:\/\//, ""))) return refuse(403, "forbidden");
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? null;
    if (!tokenMatches(token, bearer)) return refuse(401, "unauthorized");
    if (!sessions || sessions.kind === "kiosk") return refuse(403, "unavailable");
    const source = sessions;
    const named = typeof req.headers["x-carefold-session"] === "string" ? req.headers["x-carefold-session"] : null;
    if (source.kind === "profiles" && !named) return refuse(401, "session");
    void source.open(named).then(async (session) => {
      try {
        if (source.kind === "profiles" && session.key !== named) return refuse(401, "session");
        await receiveModelUpload(req, res, { ...uploads, engine: session.engine }, headers());
      } finally {
        source.detach(session.key);
      }
    }, () => refuse(503, "unavailable"));
  }

  const server = createServer(serveStatic);
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? DEFAULT_MAX_PAYLOAD });

  server.on("upgrade", (req, socket, head) => {
    const reject = (status: number, text: string) => {
      socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://x");
    } catch {
      return reject(400, "Bad Request");
    }
    if (url.pathname !== "/rpc") return reject(404, "Not Found");
    if (!allowedHosts().has(req.headers.host ?? "")) return reject(403, "Forbidden");
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().has(origin.replace(/^http:\/\//, ""))) return reject(403, "Forbidden");
    if (!tokenMatches(token, url.searchParams.get("token"))) return reject(401, "Unauthorized");
    if (wss.clients.size >= (options.maxClients ?? DEFAULT_MAX_CLIENTS)) return reject(503, "Too many connections");
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });

  wss.on("connection", (ws, req: IncomingMessage) => {
    const limiter = createRequestLimiter(undefined, options.rateLimits);
    const resume = new URL(req.url ?? "/", "http://x").searchParams.get("session");
    let closed = false;
    let unsubscribe = () => {};
    const ready = sessions.open(resume).then((session) => {
      if (closed) {
        sessions.detach(session.key);
        return null;
      }
      sockets.set(ws, session.key);
      // An answer still arriving counts as the visitor being there: the idle clock starts after it.
      unsubscribe = session.engine.onEvent((event) => {
        sessions.touch(session.key);
        send(ws, { event });
      });
      // The page presents its key again on a reconnect, to stay in its kiosk session or on its profile.
      if (sessions.kind !== "shared") send(ws, { session: session.key });
      return session;
    });
    ws.on("close", () => {
      closed = true;
      unsubscribe();
      const key = sockets.get(ws);
      sockets.delete(ws);
      if (key) sessions.detach(key);
    });
    ws.on("error", () => ws.terminate());
    ws.on("message", (data, isBinary) => {
      if (isBinary) {
        send(ws, { id: null, ...errorResponse("invalid_message", "Binary frames are not accepted") });
        return;
      }
      let raw: unknown;
      try {
        raw = JSON.parse(data.toString());
      } catch {
        send(ws, { id: null, ...errorResponse("invalid_message", "Message is not valid JSON") });
        return;
      }
      const frame = RequestFrameSchema.safeParse(raw);
      if (!frame.success) {
        const id = raw && typeof raw === "object" && "id" in raw ? (raw as { id: unknown }).id : null;
        send(ws, {
          // An id is echoed only when it could have been a valid one (never a 200 KB string back).
          id: (typeof id === "string" && id.length <= 64) || typeof id === "number" ? id : null,
          ...errorResponse("invalid_message", "Expected {id, method, params}"),
        });
        return;
      }
      void ready.then(async (session) => {
        if (!session || sockets.get(ws) !== session.key) return;
        sessions.touch(session.key);
        const response = await dispatchRequest(session.engine, frame.data.method, frame.data.params, { limiter });
        send(ws, { id: frame.data.id, ...response });
      });
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once("error", rejectListen);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const displayHost = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${displayHost}:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      await new Promise<void>((done) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => done());
      });
      stopEnded();
      await sessions.close();
    },
  };
}
