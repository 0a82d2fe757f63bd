import { describe, expect, it } from "vitest";
import { callableFunctions, resolveToolChoice } from "../../src/engine/inference/toolChoice";

const names = ["read_file", "write_todos"];
const all = { read_file: { description: "r" }, write_todos: { description: "w" } };

describe("tool_choice", () => {
  it("understands the shapes LangChain callers use", () => {
    expect(resolveToolChoice(undefined, names)).toEqual({ mode: "auto" });
    expect(resolveToolChoice("auto", names)).toEqual({ mode: "auto" });
    expect(resolveToolChoice("none", names)).toEqual({ mode: "none" });
    expect(resolveToolChoice("any", names)).toEqual({ mode: "required" });
    expect(resolveToolChoice("required", names)).toEqual({ mode: "required" });
    expect(resolveToolChoice("read_file", names)).toEqual({ mode: "named", name: "read_file" });
    expect(resolveToolChoice({ type: "function", function: { name: "write_todos" } }, names)).toEqual({
      mode: "named",
      name: "write_todos",
    });
    expect(resolveToolChoice({ type: "tool", name: "read_file" }, names)).toEqual({ mode: "named", name: "read_file" });
    expect(() => resolveToolChoice("delete_everything", names)).toThrow(/not a bound tool/);
  });

  it("limits the callable functions without changing what is rendered", () => {
    expect(callableFunctions(all, { mode: "auto" })).toBe(all);
    expect(callableFunctions(all, { mode: "none" })).toBeUndefined();
    expect(callableFunctions(all, { mode: "named", name: "read_file" })).toEqual({ read_file: { description: "r" } });
    expect(callableFunctions({}, { mode: "required" })).toBeUndefined();
  });
});
