/** `carefold guard --jsonl`, spawned through the real entry point (bin/carefold.mjs). */
import { describe, expect, it } from "vitest";
import { guardLine } from "../../src/cli/commands/guard";
import { resolve } from "node:path";
import { createOutputGuard, loadOutputClassifier } from "../../src/engine/safety/index";
import { runCarefold } from "../support/carefoldCli";

const carefold = (args: string[], stdin: string) => runCarefold(args, stdin);

describe("carefold guard --jsonl", () => {
  it("answers one verdict per line, reports bad lines and keeps going", async () => {
    const input = [
      JSON.stringify({ id: "a", text: "Here are questions for your visit:\n- When should I take my lisinopril?\n" }),
      "not json",
      JSON.stringify({ id: "b" }),
      JSON.stringify({ id: "c", text: "You should stop taking your sertraline now." }),
      JSON.stringify({ text: "no id" }),
    ].join("\n");
    const r = await carefold(["guard", "--jsonl"], input);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ id: "a", refusal: null });
    expect(lines[1]).toEqual({ id: null, error: "line is not valid JSON" });
    expect(lines[2]).toEqual({ id: "b", error: '"text" must be a string' });
    expect(lines[3].id).toBe("c");
    expect(lines[3].refusal).toMatchObject({ category: "instruct_stop_medication" });
    expect(lines[3].shown).not.toContain("sertraline");
    expect(lines[4]).toEqual({ id: null, error: '"id" must be a string' });
  }, 60_000);

  it("says how to use it without --jsonl", async () => {
    const r = await carefold(["guard"], "");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--jsonl is required");
  }, 60_000);

  it("gives the verdict the lifecycle's streaming guard gives", () => {
    const text = "I'm not a doctor, but here is a list.\n- Bring your log\n- Skip tomorrow's dose of amlodipine\n- Ask about side effects\n";
    const semantic = loadOutputClassifier(resolve(import.meta.dirname, "../.."));
    const guard = createOutputGuard({ language: "en", semantic });
    guard.push(text);
    guard.end();
    const line = guardLine(JSON.stringify({ id: "x", text }), "en", semantic);
    expect("refusal" in line && line.refusal?.category).toBe(guard.blocked?.category ?? undefined);
  });
});
