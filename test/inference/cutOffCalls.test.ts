/** Calls from a reply that stopped at the token limit: never trusted, whatever assembled the reply. */
import { AIMessage, AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { CUT_OFF_ERROR, invalidateCutOffCall, invalidCallChunk, stoppedAtTokenLimit } from "../../src/engine/inference/cutOffCalls";

const reply = (finish: string, invalid = false) =>
  new AIMessage({
    content: "",
    response_metadata: { finish_reason: finish },
    tool_calls: [
      { id: "a", name: "read_file", args: { file_path: "/skills/visit-prep/SKILL.md" }, type: "tool_call" },
      { id: "b", name: "read_file", args: { file_path: "/skills/vis" }, type: "tool_call" },
    ],
    invalid_tool_calls: invalid ? [{ id: "c", name: "x", args: "{", error: "bad", type: "invalid_tool_call" }] : [],
  });

describe("cut-off tool calls", () => {
  it("knows the token-limit finish reasons of node-llama-cpp, Ollama and others", () => {
    for (const r of ["maxTokens", "length", "max_tokens"]) expect(stoppedAtTokenLimit(reply(r))).toBe(true);
    for (const r of ["stop", "functionCalls", "eogToken"]) expect(stoppedAtTokenLimit(reply(r))).toBe(false);
    expect(stoppedAtTokenLimit(new AIMessage({ content: "", response_metadata: { done_reason: "length" } }))).toBe(true);
  });

  it("turns the last call of a cut-off reply into an invalid call and keeps the finished ones", () => {
    const fixed = invalidateCutOffCall(reply("length"));
    expect(fixed.tool_calls!.map((c) => c.id)).toEqual(["a"]);
    expect(fixed.invalid_tool_calls).toEqual([
      { type: "invalid_tool_call", id: "b", name: "read_file", args: '{"file_path":"/skills/vis"}', error: CUT_OFF_ERROR },
    ]);
  });

  it("leaves complete replies, and replies whose provider already reported the invalid call, alone", () => {
    const done = reply("stop");
    expect(invalidateCutOffCall(done)).toBe(done);
    const reported = reply("length", true);
    expect(invalidateCutOffCall(reported)).toBe(reported);
  });

  it("an id-less chunk stays an invalid call after merging, even when its text parses as partial JSON", () => {
    const merged = new AIMessageChunk({ content: "Let me read " }).concat(
      new AIMessageChunk({
        content: "",
        tool_call_chunks: [
          { type: "tool_call_chunk", id: "a", name: "read_file", args: '{"file_path":"/skills/x/SKILL.md"}', index: 0 },
          invalidCallChunk({ name: "read_file", args: '{"file_path":"/skills/vis' }, 1),
        ],
      }),
    );
    expect(merged.tool_calls!.map((c) => c.id)).toEqual(["a"]);
    expect(merged.invalid_tool_calls!.map((c) => c.args)).toEqual(['{"file_path":"/skills/vis']);
  });
});
