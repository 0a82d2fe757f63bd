/** User text at the contract boundary: invisible controls removed, NUL and lone surrogates refused with a clear error. */
import { describe, expect, it } from "vitest";
import { requests } from "../../src/shared/contract";
import { userTextProblem, withoutInvisible } from "../../src/shared/userText";

describe("user text", () => {
  it("drops bidi overrides and isolates and Unicode tag characters, and nothing a person reads", () => {
    expect(withoutInvisible("labs\u202Etxt.exe")).toBe("labstxt.exe");
    expect(withoutInvisible("a\u2066b\u2069c")).toBe("abc");
    expect(withoutInvisible("hidden\u{E0049}\u{E0047}\u{E004E}tag")).toBe("hiddentag");
    const kept = "Mamá tiene 80 años 🙂 — שלום ‎ok";
    expect(withoutInvisible(kept)).toBe(kept);
  });

  it("refuses NUL and lone surrogates, accepts paired ones", () => {
    expect(userTextProblem("a\u0000b")).toMatch(/NUL/);
    expect(userTextProblem("a\uD83Db")).toMatch(/lone surrogate/);
    expect(userTextProblem("a\uDE00b")).toMatch(/lone surrogate/);
    expect(userTextProblem("a\uD83D\uDE00b")).toBeNull();
  });

  it("applies to messages, note content, attachment names and conversation titles", () => {
    expect(requests["consult.ask"].input.parse({ text: "my \u202Elabs" })).toEqual({ text: "my labs" });
    expect(requests["consult.ask"].input.safeParse({ text: "\u2066\u2069" }).success).toBe(false);
    expect(requests["notes.write"].input.safeParse({ name: "a.md", content: "x\u0000" }).success).toBe(false);
    expect(requests["attachments.add"].input.parse({ name: "bp\u202Egol.csv", dataBase64: "" }).name).toBe("bpgol.csv");
    expect(requests["threads.rename"].input.safeParse({ threadId: "t1", title: "\uD800" }).success).toBe(false);
  });
});
