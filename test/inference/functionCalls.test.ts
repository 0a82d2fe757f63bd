/** The retry/invalid-call logic around generateResponse, driven by a scripted generator. */
import { LlamaJsonSchemaValidationError, type ChatModelFunctions, type LlamaChatResponse } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import {
  generateWithRetry,
  isCallValidationError,
  toToolCallResult,
  type ResponseGenerator,
  type ResponseOptions,
} from "../../src/engine/inference/functionCalls";
import { toToolDefinitions } from "../../src/engine/inference/toolSchema";

const functions: ChatModelFunctions = { count: { params: { type: "object", properties: { n: { type: "integer" } } } } };
const raw = ["||call: count(", '{"n": 3}', ")"];

function response(calls: Array<{ functionName: string; params: unknown }>, stopReason = "functionCalls"): LlamaChatResponse<ChatModelFunctions> {
  return {
    response: "",
    fullResponse: [],
    functionCalls: calls.map((c) => ({ ...c, raw })) as never,
    lastEvaluation: { cleanHistory: [], contextWindow: [], contextShiftMetadata: null },
    metadata: { stopReason } as never,
  };
}

/** Plays the callbacks a real generation would, then returns or throws what the step says. */
function scripted(steps: Array<(options: ResponseOptions) => LlamaChatResponse<ChatModelFunctions>>) {
  const seen: ResponseOptions[] = [];
  const generator: ResponseGenerator = {
    async generateResponse(_history, options) {
      seen.push(options);
      const step = steps[seen.length - 1];
      if (!step) throw new Error("unexpected extra attempt");
      return step(options);
    },
  };
  return { generator, seen };
}

const hugeInteger = (options: ResponseOptions) => {
  const chunk = (options as { onFunctionCallParamsChunk?: (c: object) => void }).onFunctionCallParamsChunk;
  chunk?.({ callIndex: 0, functionName: "count", paramsChunk: '{"n": 1234567890123456789012345', done: false });
  throw new LlamaJsonSchemaValidationError("Expected an integer", {}, { type: "integer" });
};

describe("generateWithRetry", () => {
  it("retries a call that failed validation once, with randomness, and uses the retry's calls", async () => {
    const { generator, seen } = scripted([hugeInteger, () => response([{ functionName: "count", params: { n: 3 } }])]);
    const attempt = await generateWithRetry(generator, [], { functions, temperature: 0, seed: 5 });
    expect(attempt.retries).toBe(1);
    expect(seen[1]!.temperature).toBeGreaterThan(0);
    expect(seen[1]!.seed).toBe(6);
    const result = toToolCallResult(attempt, []);
    expect(result.toolCalls).toMatchObject([{ name: "count", args: { n: 3 }, type: "tool_call" }]);
    expect(result.invalidToolCalls).toEqual([]);
    expect(result.rawCalls[result.toolCalls[0]!.id!]).toEqual(raw);
  });

  it("reports the call as invalid instead of throwing when the retry fails too", async () => {
    const { generator } = scripted([hugeInteger, hugeInteger]);
    const result = toToolCallResult(await generateWithRetry(generator, [], { functions }), []);
    expect(result.toolCalls).toEqual([]);
    expect(result.invalidToolCalls).toHaveLength(1);
    expect(result.invalidToolCalls[0]).toMatchObject({ name: "count", type: "invalid_tool_call", error: "Expected an integer" });
    expect(result.invalidToolCalls[0]!.args).toContain("1234567890");
  });

  it("reports a call cut off by maxTokens as invalid", async () => {
    const { generator } = scripted([
      (options) => {
        (options as { onFunctionCallParamsChunk?: (c: object) => void }).onFunctionCallParamsChunk?.({
          callIndex: 0,
          functionName: "count",
          paramsChunk: '{"n": 12',
          done: false,
        });
        return response([], "maxTokens");
      },
    ]);
    const result = toToolCallResult(await generateWithRetry(generator, [], { functions }), []);
    expect(result.invalidToolCalls[0]).toMatchObject({ name: "count", args: '{"n": 12', error: "cut off by maxTokens" });
  });

  it("rethrows other errors and aborts untouched", async () => {
    const boom = scripted([
      () => {
        throw new Error("context is full");
      },
    ]);
    await expect(generateWithRetry(boom.generator, [], { functions })).rejects.toThrow("context is full");
    const controller = new AbortController();
    controller.abort();
    const aborted = scripted([hugeInteger]);
    await expect(generateWithRetry(aborted.generator, [], { functions, signal: controller.signal })).rejects.toBeInstanceOf(
      LlamaJsonSchemaValidationError,
    );
  });

  it("gives every call a unique id and strips optional nulls", async () => {
    const defs = toToolDefinitions([
      { type: "function", function: { name: "count", parameters: { type: "object", properties: { n: { type: "integer" } } } } },
    ]);
    const { generator } = scripted([
      () =>
        response([
          { functionName: "count", params: { n: null } },
          { functionName: "count", params: { n: 2 } },
        ]),
    ]);
    const result = toToolCallResult(await generateWithRetry(generator, [], { functions }), defs);
    expect(result.toolCalls.map((c) => c.args)).toEqual([{}, { n: 2 }]);
    expect(new Set(result.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(isCallValidationError(new SyntaxError("x"))).toBe(true);
    expect(isCallValidationError(new Error("x"))).toBe(false);
  });
});
