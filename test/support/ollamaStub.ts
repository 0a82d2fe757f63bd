/**
 * An Ollama-protocol stub on 127.0.0.1:<random port> for tests: `/`, `/api/version`, `/api/tags`,
 * `POST /api/show`, and `POST /api/chat` streaming scripted NDJSON replies (text chunks, `message.tool_calls`,
 * a `done` terminator with token counts). Unknown models get Ollama's 404; every request is recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";

export interface StubModel {
  name: string;
  /** What `/api/show` reports; without "tools", chats with tools get Ollama's 400. */
  capabilities?: string[];
  /** `/api/show`'s model_info context length (as `llama.context_length`). */
  contextLength?: number;
}

export interface ScriptedReply {
  /** Text streamed as separate chunks. */
  chunks?: string[];
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  /** End the stream without the `done: true` line. */
  omitDone?: boolean;
  /** The terminator's `done_reason` (default "stop"; "length" = cut off by num_predict). */
  doneReason?: string;
  /** Answer with this HTTP error instead of a stream. */
  error?: { status: number; message: string };
  /**
   * Go silent and keep the connection open: "headers" answers nothing at all; "body" sends the headers
   * and `chunks`, then nothing more (a server that accepted the request and hangs).
   */
  stall?: "headers" | "body";
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface OllamaStub {
  url: string;
  requests: RecordedRequest[];
  /** Bodies of the POST /api/chat requests, in order. */
  chatBodies(): Array<Record<string, unknown>>;
  /** Replies for the next chats, consumed in order (default: a one-chunk "ok"). */
  enqueue(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export interface OllamaStubOptions {
  models?: StubModel[];
  version?: string;
}

const DEFAULT_MODELS: StubModel[] = [{ name: "qwen2.5:3b", capabilities: ["completion", "tools"] }];

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export async function startOllamaStub(options: OllamaStubOptions = {}): Promise<OllamaStub> {
  const models = options.models ?? DEFAULT_MODELS;
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  const find = (name: unknown) =>
    models.find((m) => m.name === name || (typeof name === "string" && !name.includes(":") && m.name === `${name}:latest`));

  const streamChat = (res: ServerResponse, model: string, reply: ScriptedReply) => {
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    const line = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      res.write(
        JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: "assistant", ...message }, done: false, ...extra }) + "\n",
      );
    for (const call of reply.toolCalls ?? []) {
      line({ content: "", tool_calls: [{ function: { name: call.name, arguments: call.arguments } }] });
    }
    for (const text of reply.chunks ?? []) line({ content: text });
    if (reply.stall === "body") return;
    if (!reply.omitDone) {
      line(
        { content: "" },
        { done: true, done_reason: reply.doneReason ?? "stop", total_duration: 1_000_000, prompt_eval_count: 42, eval_count: 7, eval_duration: 500_000 },
      );
    }
    res.end();
  };

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const body = req.method === "POST" ? await readBody(req) : null;
    requests.push({ method: req.method ?? "GET", path, body });
    const payload = (body ?? {}) as Record<string, unknown>;

    if (req.method === "GET" && path === "/") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("Ollama is running");
    } else if (req.method === "GET" && path === "/api/version") {
      sendJson(res, 200, { version: options.version ?? "0.6.5" });
    } else if (req.method === "GET" && path === "/api/tags") {
      sendJson(res, 200, {
        models: models.map((m) => ({ name: m.name, model: m.name, size: 1_000_000, digest: "0".repeat(64), details: {} })),
      });
    } else if (req.method === "POST" && path === "/api/show") {
      const model = find(payload.model ?? payload.name);
      if (!model) sendJson(res, 404, { error: `model '${String(payload.model)}' not found` });
      else {
        const info = model.contextLength ? { "general.architecture": "llama", "llama.context_length": model.contextLength } : {};
        sendJson(res, 200, { details: {}, model_info: info, ...(model.capabilities ? { capabilities: model.capabilities } : {}) });
      }
    } else if (req.method === "POST" && path === "/api/chat") {
      const model = find(payload.model);
      if (!model) {
        sendJson(res, 404, { error: `model "${String(payload.model)}" not found, try pulling it first` });
        return;
      }
      const hasTools = Array.isArray(payload.tools) && payload.tools.length > 0;
      if (hasTools && model.capabilities && !model.capabilities.includes("tools")) {
        sendJson(res, 400, { error: `registry.ollama.ai/library/${model.name} does not support tools` });
        return;
      }
      const reply = queue.shift() ?? { chunks: ["ok"] };
      if (reply.stall === "headers") return;
      if (reply.error) sendJson(res, reply.error.status, { error: reply.error.message });
      else streamChat(res, model.name, reply);
    } else {
      sendJson(res, 404, { error: "not found" });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    chatBodies: () => requests.filter((r) => r.path === "/api/chat").map((r) => r.body as Record<string, unknown>),
    enqueue: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 whose port nobody listens on (connection refused), for "server is down" tests. */
/**
 * A URL where nothing listens. Ports below 1024 are never handed out by `listen(0)`, so a parallel test
 * worker cannot take the port between this check and its use (an ephemeral port freed here could be).
 */
export async function closedPortUrl(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 600 + Math.floor(Math.random() * 400);
    if (await refuses(port)) return `http://127.0.0.1:${port}`;
  }
  throw new Error("no closed port below 1024 on 127.0.0.1");
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
  });
}
