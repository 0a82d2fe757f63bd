/** The OpenAI-compatible clinic-server option against a small llama-server/vLLM-like stub. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AIMessage, HumanMessage, ToolMessage, type AIMessageChunk } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ClinicChatModel,
  ClinicServerError,
  chooseServerModel,
  normalizeServerUrl,
  probeClinicServer,
} from "../../src/engine/inference/clinicServer";
import { createModelProvider } from "../../src/engine/inference/modelProvider";
import { closedPortUrl } from "../support/ollamaStub";

interface Recorded {
  path: string;
  headers: Record<string, unknown>;
  body: Record<string, unknown> | null;
}

let server: Server;
let url: string;
let downUrl: string;
const recorded: Recorded[] = [];
const lastChat = () => recorded.filter((r) => r.path === "/v1/chat/completions").at(-1)!;

const weather = tool(async () => "", { name: "get_weather", description: "Weather", schema: z.object({ city: z.string() }) });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    recorded.push({ path: req.url ?? "", headers: req.headers, body });
    if (req.url === "/v1/models") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "qwen2.5-3b-instruct", object: "model" }, { id: "llama-3.2-3b", object: "model" }] }));
      return;
    }
    if (req.url !== "/v1/chat/completions" || !body) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const base = { id: "chatcmpl-1", created: 1, model: body.model, object: "chat.completion" };
    if (body.stream) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of ["Bring ", "your ", "list."]) {
        res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
      }
      res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
      res.end("data: [DONE]\n\n");
      return;
    }
    const wantsTool = Array.isArray(body.tools) && body.tools.length > 0;
    const message = wantsTool
      ? { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Lima"}' } }] }
      : { role: "assistant", content: "Hello from the clinic server." };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        ...base,
        choices: [{ index: 0, message, finish_reason: wantsTool ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  downUrl = await closedPortUrl();
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("clinic server", () => {
  it("normalizes the server address to its /v1 API base", () => {
    expect(normalizeServerUrl("http://kiosk:8080")).toBe("http://kiosk:8080/v1");
    expect(normalizeServerUrl("http://kiosk:8080/")).toBe("http://kiosk:8080/v1");
    expect(normalizeServerUrl("http://kiosk:8080/v1/")).toBe("http://kiosk:8080/v1");
  });

  it("probes /v1/models and picks the configured or first model", async () => {
    const status = await probeClinicServer(url);
    expect(status.models).toEqual(["qwen2.5-3b-instruct", "llama-3.2-3b"]);
    expect(chooseServerModel(status, undefined)).toBe("qwen2.5-3b-instruct");
    expect(chooseServerModel(status, "llama-3.2-3b")).toBe("llama-3.2-3b");
    expect(() => chooseServerModel(status, "gpt-4")).toThrow(/does not serve "gpt-4". It serves: qwen2.5-3b-instruct, llama-3.2-3b/);
  });

  it("explains an unreachable server or one that is not OpenAI-compatible", async () => {
    const down = await probeClinicServer(downUrl).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ClinicServerError);
    expect((down as Error).message).toContain(`The clinic model server at ${downUrl}/v1 is not reachable`);
    await expect(probeClinicServer(`${url}/elsewhere`)).rejects.toThrow(/does not look like an OpenAI-compatible model server/);
  });

  it("chats, calls tools and streams through ChatOpenAI without an API key", async () => {
    const model = new ClinicChatModel({ serverUrl: url, model: "qwen2.5-3b-instruct" });
    const hello = await model.invoke([new HumanMessage("hi")]);
    expect(hello.content).toBe("Hello from the clinic server.");
    expect(lastChat().headers.authorization).toBe("Bearer no-key");

    const call = await model.bindTools([weather]).invoke([new HumanMessage("weather?")]);
    expect(call.tool_calls).toMatchObject([{ name: "get_weather", args: { city: "Lima" }, id: "call_1" }]);

    let streamed: AIMessageChunk | undefined;
    for await (const chunk of await model.stream([new HumanMessage("what to bring?")])) streamed = streamed ? streamed.concat(chunk) : chunk;
    expect(streamed!.content).toBe("Bring your list.");
  });

  it("sends tool results as plain strings", async () => {
    const model = new ClinicChatModel({ serverUrl: url, model: "qwen2.5-3b-instruct" });
    await model.invoke([
      new HumanMessage("read"),
      new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "read_file", args: {}, type: "tool_call" }] }),
      new ToolMessage({ tool_call_id: "c1", content: [{ type: "text", text: "file body" }] }),
    ]);
    const messages = lastChat().body!.messages as Array<{ role: string; content: unknown }>;
    expect(messages.at(-1)).toMatchObject({ role: "tool", content: "file body" });
  });

  it("maps a server that went away to a clear error", async () => {
    const model = new ClinicChatModel({ serverUrl: downUrl, model: "x", timeoutMs: 5000 });
    await expect(model.invoke([new HumanMessage("hi")])).rejects.toThrow(`The clinic model server at ${downUrl}/v1 is not reachable`);
  });

  it("createModelProvider resolves the served model on first use", async () => {
    const provider = createModelProvider({ provider: "openai-compatible", serverUrl: url }, { dataDir: "/x" });
    expect(provider.describe()).toMatchObject({ provider: "openai-compatible", contextSize: 8192 });
    const model = await provider.getChatModel({ key: "k" });
    expect((await model.invoke([new HumanMessage("hi")])).content).toBe("Hello from the clinic server.");
    expect(provider.describe()).toEqual({ provider: "openai-compatible", model: "qwen2.5-3b-instruct", contextSize: 8192 });
    const down = createModelProvider({ provider: "openai-compatible", serverUrl: downUrl }, { dataDir: "/x" });
    await expect(down.getChatModel({ key: "k" })).rejects.toThrow(/not reachable/);
  });
});
