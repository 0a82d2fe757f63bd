/** The Ollama wrapper through the real @langchain/ollama client against an Ollama-protocol stub. */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type AIMessageChunk } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOllama } from "@langchain/ollama";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CarefoldChatOllama, DEFAULT_OLLAMA_IDLE_TIMEOUT_MS, DEFAULT_OLLAMA_KEEP_ALIVE } from "../../src/engine/inference/chatOllama";
import { createModelProvider } from "../../src/engine/inference/modelProvider";
import { noAnswerMessage, OllamaError } from "../../src/engine/inference/ollamaErrors";
import { contextLengthOf, hasOllamaModel, probeOllama, requireOllamaModel } from "../../src/engine/inference/ollamaProbe";
import { closedPortUrl, startOllamaStub, type OllamaStub } from "../support/ollamaStub";

const weather = tool(async () => "sunny", {
  name: "get_weather",
  description: "Weather for a city",
  schema: z.object({ city: z.enum(["Paris", "Lima"]) }),
});

let stub: OllamaStub;
let closedUrl: string;

beforeAll(async () => {
  stub = await startOllamaStub({
    models: [
      { name: "qwen2.5:3b", capabilities: ["completion", "tools"] },
      { name: "llama3.2:latest", capabilities: ["completion", "tools"] },
      { name: "gemma:2b", capabilities: ["completion"] },
    ],
  });
  closedUrl = await closedPortUrl();
});
afterAll(() => stub?.close());

const ollama = (model = "qwen2.5:3b", baseUrl = stub.url) => new CarefoldChatOllama({ model, baseUrl, numCtx: 8192 });

async function failure(promise: Promise<unknown>): Promise<OllamaError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OllamaError);
  return err as OllamaError;
}

describe("Ollama health probe", () => {
  it("reports version and installed models", async () => {
    const status = await probeOllama(`${stub.url}/`);
    expect(status).toMatchObject({ reachable: true, baseUrl: stub.url, version: "0.6.5", problem: null });
    expect(status.models).toEqual(["qwen2.5:3b", "llama3.2:latest", "gemma:2b"]);
    expect(stub.requests.some((r) => r.path === "/api/version")).toBe(true);
  });

  it("says how to start Ollama when nothing listens, without throwing", async () => {
    const started = Date.now();
    const status = await probeOllama(closedUrl);
    expect(status.reachable).toBe(false);
    expect(status.problem).toBe(`Ollama is not running at ${closedUrl}. Start it with \`ollama serve\` (or open the Ollama app), then try again.`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("requires the model to be pulled and to support tools", async () => {
    expect(hasOllamaModel(["llama3.2:latest"], "llama3.2")).toBe(true);
    await expect(requireOllamaModel(stub.url, "llama3.2")).resolves.toMatchObject({ reachable: true });
    const missing = await failure(requireOllamaModel(stub.url, "mistral:7b"));
    expect(missing.problem).toBe("model-missing");
    expect(missing.message).toContain("ollama pull mistral:7b");
    const noTools = await failure(requireOllamaModel(stub.url, "gemma:2b"));
    expect(noTools.problem).toBe("no-tool-support");
    expect((await failure(requireOllamaModel(closedUrl, "qwen2.5:3b"))).problem).toBe("not-running");
  });
});

describe("Ollama's context size", () => {
  it("is the configured one, never more than the model's own context length from /api/show", async () => {
    expect(contextLengthOf({ model_info: { "general.architecture": "llama", "llama.context_length": 131072 } })).toBe(131072);
    expect(contextLengthOf({ model_info: {} })).toBeNull();
    const own = await startOllamaStub({
      models: [
        { name: "smol:135m", capabilities: ["completion", "tools"], contextLength: 2048 },
        { name: "qwen2.5:3b", capabilities: ["completion", "tools"] },
      ],
    });
    const numCtxFor = async (ollamaModel: string) => {
      const provider = createModelProvider({ provider: "ollama", ollamaModel, ollamaBaseUrl: own.url, contextSize: 8192 }, { dataDir: "/nonexistent" });
      own.enqueue({ chunks: ["ok"] });
      await (await provider.getChatModel({ key: "k" })).invoke([new HumanMessage("hi")]);
      return (own.requests.filter((r) => r.path === "/api/chat").at(-1)!.body as { options: { num_ctx: number } }).options.num_ctx;
    };
    try {
      expect(await numCtxFor("smol:135m")).toBe(2048);
      expect(await numCtxFor("qwen2.5:3b")).toBe(8192); // the model does not say: the setting stands
    } finally {
      await own.close();
    }
  });
});

describe("CarefoldChatOllama", () => {
  it("streams text and sends the explicit context size", async () => {
    stub.enqueue({ chunks: ["Bring ", "your ", "medication list."] });
    const texts: string[] = [];
    let final: AIMessageChunk | undefined;
    for await (const chunk of await ollama().stream([new HumanMessage("What should I bring?")])) {
      if (typeof chunk.content === "string" && chunk.content) texts.push(chunk.content);
      final = final ? final.concat(chunk) : chunk;
    }
    expect(texts).toEqual(["Bring ", "your ", "medication list."]);
    expect(final!.usage_metadata).toMatchObject({ input_tokens: 42, output_tokens: 7 });
    const body = stub.chatBodies().at(-1)!;
    expect(body).toMatchObject({ model: "qwen2.5:3b", stream: true, options: { num_ctx: 8192 } });
  });

  it("returns tool calls with ids and sends tools OpenAI-style", async () => {
    stub.enqueue({ toolCalls: [{ name: "get_weather", arguments: { city: "Lima" } }] });
    const reply = await ollama().bindTools([weather]).invoke([new HumanMessage("Weather in Lima?")]);
    expect(reply.tool_calls).toHaveLength(1);
    expect(reply.tool_calls![0]).toMatchObject({ name: "get_weather", args: { city: "Lima" }, type: "tool_call" });
    expect(reply.tool_calls![0]!.id).toBeTruthy();
    const tools = stub.chatBodies().at(-1)!.tools as Array<{ type: string; function: { name: string } }>;
    expect(tools[0]).toMatchObject({ type: "function", function: { name: "get_weather" } });
  });

  it("a reply cut off by num_predict (done_reason length) has its last call invalid, streamed or not", async () => {
    const calls = [
      { name: "get_weather", arguments: { city: "Lima" } },
      { name: "get_weather", arguments: { city: "Par" } },
    ];
    stub.enqueue({ toolCalls: calls, doneReason: "length" });
    const reply = await ollama().bindTools([weather]).invoke([new HumanMessage("Weather?")]);
    expect(reply.tool_calls!.map((c) => c.args)).toEqual([{ city: "Lima" }]);
    expect(reply.invalid_tool_calls).toEqual([expect.objectContaining({ name: "get_weather", args: '{"city":"Par"}' })]);

    stub.enqueue({ toolCalls: calls, doneReason: "length" });
    let merged: AIMessageChunk | undefined;
    for await (const chunk of await ollama().bindTools([weather]).stream([new HumanMessage("Weather?")])) merged = merged ? merged.concat(chunk) : chunk;
    expect(merged!.tool_calls!.map((c) => c.args)).toEqual([{ city: "Lima" }]);
    expect(merged!.invalid_tool_calls).toHaveLength(1);
    expect(merged!.response_metadata).toMatchObject({ done_reason: "length" });

    // A normal stop keeps every call.
    stub.enqueue({ toolCalls: calls });
    expect((await ollama().bindTools([weather]).invoke([new HumanMessage("Weather?")])).tool_calls).toHaveLength(2);
  });

  it("flattens array content that plain ChatOllama rejects", async () => {
    const history = [
      new SystemMessage({ content: [{ type: "text", text: "You prepare visits." }] }),
      new HumanMessage("Read the skill"),
      new AIMessage({ content: "", tool_calls: [{ id: "t1", name: "read_file", args: { path: "/skills/a/SKILL.md" }, type: "tool_call" }] }),
      new ToolMessage({ tool_call_id: "t1", content: [{ type: "text", text: "# Skill\nAsk about allergies." }] }),
    ];
    const plain = new ChatOllama({ model: "qwen2.5:3b", baseUrl: stub.url });
    await expect(plain.invoke(history)).rejects.toThrow(/Non string tool message content/);

    stub.enqueue({ chunks: ["Done."] });
    const reply = await ollama().invoke(history);
    expect(reply.content).toBe("Done.");
    const messages = stub.chatBodies().at(-1)!.messages as Array<{ role: string; content: unknown }>;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(messages.every((m) => typeof m.content === "string")).toBe(true);
    expect(messages[3]!.content).toBe("# Skill\nAsk about allergies.");
  });

  it("explains each failure in actionable words", async () => {
    const notRunning = await failure(ollama("qwen2.5:3b", closedUrl).invoke([new HumanMessage("hi")]));
    expect(notRunning.problem).toBe("not-running");
    expect(notRunning.message).toContain(`Ollama is not running at ${closedUrl}`);
    expect(notRunning.message).toContain("ollama serve");

    const missing = await failure(ollama("phi3:mini").invoke([new HumanMessage("hi")]));
    expect(missing.problem).toBe("model-missing");
    expect(missing.message).toContain("Run `ollama pull phi3:mini`");

    const noTools = await failure(ollama("gemma:2b").bindTools([weather]).invoke([new HumanMessage("hi")]));
    expect(noTools.problem).toBe("no-tool-support");
    expect(noTools.message).toMatch(/cannot call tools/);

    stub.enqueue({ chunks: ["partial"], omitDone: true });
    const cut = await failure(ollama().invoke([new HumanMessage("hi")]));
    expect(cut.problem).toBe("incomplete-stream");
    expect(cut.message).toMatch(/stream ended without "done"/);

    stub.enqueue({ chunks: ["partial"], omitDone: true });
    const cutStream = await failure(
      (async () => {
        for await (const _chunk of await ollama().stream([new HumanMessage("hi")])) {
          // drain
        }
      })(),
    );
    expect(cutStream.problem).toBe("incomplete-stream");

    stub.enqueue({ error: { status: 500, message: "out of memory" } });
    const other = await failure(ollama().invoke([new HumanMessage("hi")]));
    expect(other.message).toContain("out of memory");
  });
});

describe("CarefoldChatOllama: keep_alive and a server that goes silent", () => {
  it("sends keep_alive on every chat (default 30m, configurable)", async () => {
    stub.enqueue({ chunks: ["ok"] }, { chunks: ["ok"] });
    await ollama().invoke([new HumanMessage("hi")]);
    expect(stub.chatBodies().at(-1)).toMatchObject({ keep_alive: DEFAULT_OLLAMA_KEEP_ALIVE });
    expect(DEFAULT_OLLAMA_KEEP_ALIVE).toBe("30m");
    await new CarefoldChatOllama({ model: "qwen2.5:3b", baseUrl: stub.url, numCtx: 8192, keepAlive: -1 }).invoke([new HumanMessage("hi")]);
    expect(stub.chatBodies().at(-1)).toMatchObject({ keep_alive: -1 });
  });

  const silent = (idleTimeoutMs: number) => new CarefoldChatOllama({ model: "qwen2.5:3b", baseUrl: stub.url, numCtx: 8192, idleTimeoutMs });

  it("fails with a clear timeout when Ollama accepts the request and never answers", async () => {
    stub.enqueue({ stall: "headers" });
    const started = Date.now();
    const err = await failure(silent(300).invoke([new HumanMessage("hi")]));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.problem).toBe("timeout");
    expect(err.message).toBe(noAnswerMessage(stub.url, "qwen2.5:3b", 300));
    expect(err.message).toMatch(/^Ollama at .* sent nothing for 300 ms, so Carefold stopped waiting\. .*Restart Ollama/);
    expect(noAnswerMessage("http://h", "m", DEFAULT_OLLAMA_IDLE_TIMEOUT_MS)).toContain("sent nothing for 5 minutes");
  });

  it("times out a stream that stops in the middle, after the text it already sent", async () => {
    stub.enqueue({ chunks: ["Bring ", "your list"], stall: "body" });
    const texts: string[] = [];
    const err = await failure(
      (async () => {
        for await (const chunk of await silent(400).stream([new HumanMessage("hi")])) {
          if (typeof chunk.content === "string" && chunk.content) texts.push(chunk.content);
        }
      })(),
    );
    expect(texts).toEqual(["Bring ", "your list"]);
    expect(err.problem).toBe("timeout");
  });

  it("a steady stream slower than the idle limit overall does not time out", async () => {
    const slowFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const reader = response.body!.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(c) {
          await new Promise((r) => setTimeout(r, 120));
          const { done, value } = await reader.read();
          if (done) c.close();
          else c.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    stub.enqueue({ chunks: ["a ", "b ", "c ", "d ", "e."] });
    const model = new CarefoldChatOllama({ model: "qwen2.5:3b", baseUrl: stub.url, numCtx: 8192, idleTimeoutMs: 300, fetch: slowFetch });
    const reply = await model.invoke([new HumanMessage("hi")]);
    expect(reply.content).toBe("a b c d e.");
  });

  it("a cancel ends the wait at once, even while Ollama is silent", async () => {
    stub.enqueue({ stall: "body", chunks: ["Partial "] });
    const controller = new AbortController();
    const started = Date.now();
    const run = (async () => {
      for await (const _chunk of await silent(60_000).stream([new HumanMessage("hi")], { signal: controller.signal })) {
        controller.abort();
      }
    })();
    const err = await run.then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.name).toBe("AbortError");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("createModelProvider (ollama)", () => {
  it("describes the model and hands out working chat models", async () => {
    const provider = createModelProvider(
      { provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: stub.url, contextSize: 4096 },
      { dataDir: "/nonexistent" },
    );
    expect(provider.describe()).toEqual({ provider: "ollama", model: "qwen2.5:3b", contextSize: 4096 });
    stub.enqueue({ chunks: ["hello"] });
    const model = await provider.getChatModel({ key: "t:a" });
    expect((await model.invoke([new HumanMessage("hi")])).content).toBe("hello");
    expect(stub.chatBodies().at(-1)).toMatchObject({ options: { num_ctx: 4096 }, keep_alive: "30m" });
  });

  it("passes the keep-alive and idle-timeout options to its chat models", async () => {
    const provider = createModelProvider(
      { provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: stub.url },
      { dataDir: "/nonexistent", ollamaKeepAlive: "2h", ollamaIdleTimeoutMs: 250 },
    );
    const model = await provider.getChatModel({ key: "t:b" });
    stub.enqueue({ chunks: ["ok"] }, { stall: "headers" });
    await model.invoke([new HumanMessage("hi")]);
    expect(stub.chatBodies().at(-1)).toMatchObject({ keep_alive: "2h" });
    await expect(model.invoke([new HumanMessage("hi")])).rejects.toMatchObject({ problem: "timeout" });
  });

  it("refuses with a clear message when the model is not pulled or Ollama is down", async () => {
    const missing = createModelProvider({ provider: "ollama", ollamaModel: "nope:1b", ollamaBaseUrl: stub.url }, { dataDir: "/x" });
    await expect(missing.getChatModel({ key: "k" })).rejects.toThrow("ollama pull nope:1b");
    const down = createModelProvider({ provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: closedUrl }, { dataDir: "/x" });
    await expect(down.getChatModel({ key: "k" })).rejects.toThrow("Ollama is not running");
  });
});
