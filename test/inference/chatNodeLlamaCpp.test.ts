/**
 * ChatNodeLlamaCpp on a real (generated, random-weight) GGUF through node-llama-cpp: streaming, grammar-
 * constrained tool calls, tool_choice, KV-cache reuse across a tool round trip, abort, LRU sequences.
 * Random weights make free text meaningless, so tests assert structure and token counts, never wording.
 */
import {
  AIMessage,
  type AIMessageChunk,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  type BaseMessage,
} from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ChatNodeLlamaCpp, type EvaluationStats } from "../../src/engine/inference/chatNodeLlamaCpp";
import { ChatMLChatWrapper } from "node-llama-cpp";
import { RAW_CALLS_KEY, toChatHistory } from "../../src/engine/inference/chatHistory";
import { LlamaRuntime } from "../../src/engine/inference/llamaRuntime";
import { generateModel, type GeneratedModel } from "../support/gguf/index";

const weather = tool(async () => "sunny", {
  name: "get_weather",
  description: "Weather for a city",
  schema: z.object({
    city: z.enum(["Paris", "Tokyo", "Lima"]),
    unit: z.enum(["celsius", "fahrenheit"]).optional(),
  }),
});
const readFile = tool(async () => "", {
  name: "read_file",
  description: "Read a skill file",
  schema: z.object({ path: z.enum(["/skills/visit-prep/SKILL.md", "/skills/insurance/SKILL.md"]) }),
});

let model: GeneratedModel;
let runtime: LlamaRuntime;

beforeAll(async () => {
  model = generateModel();
  runtime = new LlamaRuntime({ modelPath: model.path, threads: 1, gpu: false, contextSize: 8192, sequences: 2, batchSize: 128 });
  await runtime.load();
});

afterAll(async () => {
  await runtime?.dispose();
  model?.cleanup();
});

const chat = (key: string, extra: Partial<ConstructorParameters<typeof ChatNodeLlamaCpp>[0]> = {}) =>
  new ChatNodeLlamaCpp({ runtime, sequenceKey: key, maxTokens: 24, seed: 7, ...extra });
const stats = (m: BaseMessage) => (m.response_metadata as { evaluation: EvaluationStats }).evaluation;
const prompt = () => [new SystemMessage("You help prepare doctor visits."), new HumanMessage("Hello, the weather in Paris?")];

/** Tokens the sequence for `key` has evaluated so far (waits until no call holds it). */
const meter = (key: string) => runtime.withSequence(key, async ({ sequence }) => sequence.tokenMeter.getState());

describe("ChatNodeLlamaCpp", () => {
  it("loads the GGUF once and streams text in several chunks with usage metadata", async () => {
    const chunks: string[] = [];
    let last: AIMessageChunk | undefined;
    for await (const chunk of await chat("stream").stream([new HumanMessage("Tell me about the visit")])) {
      if (typeof chunk.content === "string" && chunk.content) chunks.push(chunk.content);
      last = chunk;
    }
    expect(chunks.length).toBeGreaterThan(1);
    expect(last!.usage_metadata!.output_tokens).toBeGreaterThan(0);
    expect(last!.usage_metadata!.output_tokens).toBeLessThanOrEqual(24);
    expect(stats(last!).timeToFirstTokenMs).not.toBeNull();
  });

  it("forced tool choice produces schema-valid calls with unique ids and the raw call text", async () => {
    const bound = chat("forced").bindTools([weather, readFile], { tool_choice: "any" });
    const reply = await bound.invoke(prompt());
    expect(reply.tool_calls!.length).toBeGreaterThanOrEqual(1);
    for (const call of reply.tool_calls!) {
      const schema = call.name === "get_weather" ? weather.schema : readFile.schema;
      expect(["get_weather", "read_file"]).toContain(call.name);
      expect(schema.safeParse(call.args).success).toBe(true);
      expect(call.id).toMatch(/^call_[0-9a-f]{24}$/);
      expect(reply.additional_kwargs[RAW_CALLS_KEY]).toHaveProperty(call.id!);
    }
    expect(new Set(reply.tool_calls!.map((c) => c.id)).size).toBe(reply.tool_calls!.length);
    expect(reply.response_metadata.finish_reason).toBe("functionCalls");
  });

  it("a named tool_choice calls exactly that tool, also when streaming", async () => {
    const bound = chat("named").bindTools([weather, readFile], { tool_choice: "read_file" });
    const invoked = await bound.invoke(prompt());
    expect(invoked.tool_calls![0]!.name).toBe("read_file");
    let streamed: AIMessageChunk | undefined;
    for await (const chunk of await bound.stream(prompt())) streamed = streamed ? streamed.concat(chunk) : chunk;
    const calls = streamed!.tool_calls!;
    expect(calls[0]!.name).toBe("read_file");
    expect(readFile.schema.safeParse(calls[0]!.args).success).toBe(true);
  });

  it('tool_choice "none" never calls a tool', async () => {
    const reply = await chat("none").bindTools([weather], { tool_choice: "none" }).invoke(prompt(), { maxTokens: 16 });
    expect(reply.tool_calls ?? []).toEqual([]);
    expect(stats(reply).outputTokens).toBeGreaterThan(0);
  });

  it("a call cut off by maxTokens is an invalid call, streamed and not streamed", async () => {
    // 20 tokens end inside the path: `{"path":"/skills/`, which the partial-JSON parser would accept.
    const cut = () => chat("cut-off", { minToolTurnTokens: 20, maxTokens: 20 }).bindTools([weather, readFile], { tool_choice: "read_file" });
    const whole = await cut().invoke(prompt());
    expect(whole.response_metadata).toMatchObject({ finish_reason: "maxTokens" });
    expect(whole.tool_calls).toEqual([]);
    expect(whole.invalid_tool_calls).toEqual([expect.objectContaining({ name: "read_file", error: "cut off by maxTokens" })]);
    expect(whole.invalid_tool_calls![0]!.args).toMatch(/^\{"path":"\//);

    // Streamed, the chunks merge through LangChain's partial-JSON parser: the call must still be invalid.
    let merged: AIMessageChunk | undefined;
    for await (const chunk of await cut().stream(prompt())) merged = merged ? merged.concat(chunk) : chunk;
    expect(merged!.tool_calls).toEqual([]);
    expect(merged!.invalid_tool_calls).toHaveLength(1);
    expect(merged!.invalid_tool_calls![0]).toMatchObject({ name: "read_file", args: whole.invalid_tool_calls![0]!.args });
  });

  it("reuses the KV cache: the turn after a tool result evaluates only the new tokens", async () => {
    const first = await chat("consult").bindTools([weather, readFile], { tool_choice: "read_file" }).invoke(prompt());
    const call = first.tool_calls![0]!;
    const next = [
      ...prompt(),
      first,
      new ToolMessage({ tool_call_id: call.id!, content: [{ type: "text", text: "# Visit prep\nList your questions." }] }),
    ];
    // Same key → same sequence; a small token floor keeps the random model's answer short.
    const second = await chat("consult", { minToolTurnTokens: 8 }).bindTools([weather, readFile]).invoke(next, { maxTokens: 8 });
    const s1 = stats(first);
    const s2 = stats(second);
    expect(s2.sameSequence).toBe(true);
    expect(s2.evaluatedInputTokens).toBeLessThan(s2.promptTokens / 4);
    expect(s2.reusedPromptTokens).toBeGreaterThanOrEqual(s1.promptTokens);
    expect(second.usage_metadata!.input_token_details!.cache_read).toBe(s2.reusedPromptTokens);
  });

  it("renders a previous call from its raw text, so the history matches what the model generated", () => {
    // The grammar may emit spacing that JSON.stringify would not; re-rendering must keep it byte for byte.
    const raw = ["||call: get_weather", { type: "specialTokensText", value: "(" }, '{"city":"Lima",  "unit":"celsius"\n}', { type: "specialTokensText", value: ")" }];
    const history = (withRaw: boolean) =>
      toChatHistory([
        new HumanMessage("weather?"),
        new AIMessage({
          content: "",
          tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Lima", unit: "celsius" }, type: "tool_call" }],
          additional_kwargs: withRaw ? { [RAW_CALLS_KEY]: { c1: raw } } : {},
        }),
        new ToolMessage({ tool_call_id: "c1", content: "sunny" }),
      ]);
    const render = (withRaw: boolean) => new ChatMLChatWrapper().generateContextState({ chatHistory: history(withRaw) }).contextText.toString();
    expect(render(true)).toContain('{"city":"Lima",  "unit":"celsius"\n}');
    expect(render(false)).not.toContain('{"city":"Lima",  "unit":"celsius"\n}');
  });

  it("abort during a long prompt stops prompt reading", async () => {
    // ~7,700 tokens: fits the 8k context, so it is read in abortable steps.
    const long = "the doctor visit and the insurance claim with your symptoms list ".repeat(700);
    const before = await meter("abort-prompt");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    const started = Date.now();
    await expect(chat("abort-prompt").invoke([new HumanMessage(long)], { signal: controller.signal })).rejects.toThrow(/abort/i);
    const after = await meter("abort-prompt"); // waits until the model has really stopped
    const stoppedWithin = Date.now() - started;
    const evaluated = after.usedInputTokens - before.usedInputTokens;
    const full = await runtime.withSequence("abort-prompt", async ({ model }) => model.tokenize(long).length);
    expect(evaluated).toBeLessThan(full / 2);
    expect(after.usedOutputTokens - before.usedOutputTokens).toBe(0);
    expect(stoppedWithin).toBeLessThan(2000);
  });

  it("abort during generation stops generating", async () => {
    const controller = new AbortController();
    const before = await meter("abort-gen");
    let chunks = 0;
    const run = async () => {
      for await (const _chunk of await chat("abort-gen", { maxTokens: 2000 }).stream([new HumanMessage("hello")], {
        signal: controller.signal,
      })) {
        if (++chunks === 3) controller.abort();
      }
    };
    await expect(run()).rejects.toThrow(/abort/i);
    const after = await meter("abort-gen");
    expect(after.usedOutputTokens - before.usedOutputTokens).toBeLessThan(40);
  });

  it("a consumer that stops reading the stream stops the model", async () => {
    const before = await meter("early-break");
    for await (const _chunk of await chat("early-break", { maxTokens: 2000 }).stream([new HumanMessage("hello")])) break;
    const after = await meter("early-break");
    expect(after.usedOutputTokens - before.usedOutputTokens).toBeLessThan(40);
  });

  it("keeps one sequence per key; a new key takes the one sharing the most of its prompt, else the least recently used", async () => {
    const ask = (key: string, text: string) => chat(key).invoke([new HumanMessage(text)], { maxTokens: 2 });
    await ask("lru-a", "Hello doctor");
    await ask("lru-b", "Quiet morning walks");
    const again = await ask("lru-b", "Quiet morning walks");
    expect(stats(again).sameSequence).toBe(true);
    // Nothing shared beyond the template's first tokens: the least recently used (lru-a) goes.
    await ask("lru-c", "Xylophone");
    const evicted = await ask("lru-a", "Hello doctor");
    expect(stats(evicted).sameSequence).toBe(false);
    expect(await runtime.cachedKeys()).toEqual(["lru-a", "lru-c"]);
    // lru-b's sequence (least recent) was taken by lru-a; lru-d asks what lru-a's holds, so it takes that
    // one, reusing its prompt, although lru-c's is older.
    const shared = await ask("lru-d", "Hello doctor");
    expect(stats(shared).reusedPromptTokens).toBeGreaterThan(0);
    expect(await runtime.cachedKeys()).toEqual(["lru-d", "lru-c"]);
  });

  it("serves two keys concurrently", async () => {
    const [a, b] = await Promise.all([
      chat("par-a").invoke([new HumanMessage("one")], { maxTokens: 4 }),
      chat("par-b").invoke([new HumanMessage("two")], { maxTokens: 4 }),
    ]);
    expect(stats(a).outputTokens).toBeGreaterThan(0);
    expect(stats(b).outputTokens).toBeGreaterThan(0);
  });
});
