import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatModelFunctionCall, ChatModelResponse } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { RAW_CALLS_KEY, toChatHistory } from "../../src/engine/inference/chatHistory";
import { flattenContent, flattenMessages } from "../../src/engine/inference/flattenMessages";

const raw = ["||call: read_file", { type: "specialTokensText", value: "(" }, '{"path":"/skills/x/SKILL.md"}', { type: "specialTokensText", value: ")" }];

describe("toChatHistory", () => {
  it("maps system, user and a tool round trip into one continued model turn with rawCall", () => {
    const history = toChatHistory([
      new SystemMessage("You help."),
      new HumanMessage("Prepare my visit"),
      new AIMessage({
        content: "Let me read the skill.",
        tool_calls: [{ id: "c1", name: "read_file", args: { path: "/skills/x/SKILL.md" }, type: "tool_call" }],
        additional_kwargs: { [RAW_CALLS_KEY]: { c1: raw } },
      }),
      new ToolMessage({ tool_call_id: "c1", content: [{ type: "text", text: "# Skill\nSteps" }] }),
      new AIMessage("Here is a list."),
    ]);
    expect(history.map((h) => h.type)).toEqual(["system", "user", "model"]);
    const model = history[2] as ChatModelResponse;
    expect(model.response).toHaveLength(3);
    expect(model.response[0]).toBe("Let me read the skill.");
    const call = model.response[1] as ChatModelFunctionCall;
    expect(call).toMatchObject({ type: "functionCall", name: "read_file", result: "# Skill\nSteps", startsNewChunk: true });
    expect(call.rawCall).toEqual(raw);
    expect(model.response[2]).toBe("Here is a list.");
  });

  it("matches parallel results by id and keeps JSON results structured", () => {
    const history = toChatHistory([
      new HumanMessage("q"),
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "a", name: "one", args: {}, type: "tool_call" },
          { id: "b", name: "two", args: { x: 1 }, type: "tool_call" },
        ],
      }),
      new ToolMessage({ tool_call_id: "b", content: '{"ok":true}' }),
      new ToolMessage({ tool_call_id: "a", content: "plain" }),
    ]);
    const calls = (history[1] as ChatModelResponse).response as ChatModelFunctionCall[];
    expect(calls.map((c) => [c.name, c.result, c.startsNewChunk])).toEqual([
      ["one", "plain", true],
      ["two", { ok: true }, false],
    ]);
    expect(calls[0]!.rawCall).toBeUndefined();
  });

  it("starts a new model turn after each user message", () => {
    const history = toChatHistory([new HumanMessage("a"), new AIMessage("b"), new HumanMessage("c"), new AIMessage("d")]);
    expect(history.map((h) => h.type)).toEqual(["user", "model", "user", "model"]);
  });
});

describe("flattenMessages", () => {
  it("turns array content of tool, system and AI messages into strings and keeps ids and calls", () => {
    const [sys, tool, ai, human] = flattenMessages([
      new SystemMessage({ content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }),
      new ToolMessage({ tool_call_id: "t1", name: "read_file", content: [{ type: "text", text: "file body" }] }),
      new AIMessage({ content: [{ type: "text", text: "hi" }], tool_calls: [{ id: "x", name: "n", args: {}, type: "tool_call" }] }),
      new HumanMessage({ content: [{ type: "image_url", image_url: "data:image/png;base64,AA" }] }),
    ]);
    expect(sys!.content).toBe("a\nb");
    expect(tool!.content).toBe("file body");
    expect((tool as ToolMessage).tool_call_id).toBe("t1");
    expect(ai!.content).toBe("hi");
    expect((ai as AIMessage).tool_calls).toHaveLength(1);
    expect(Array.isArray(human!.content)).toBe(true); // images stay as they are
    expect(flattenContent(undefined)).toBe("");
  });
});
