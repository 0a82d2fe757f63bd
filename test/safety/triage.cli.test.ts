/** `carefold triage`, spawned through the real entry point (bin/carefold.mjs). */
import { describe, expect, it } from "vitest";
import { runCarefold } from "../support/carefoldCli";

const carefold = (args: string[], stdin: string) => runCarefold(args, stdin);

describe("carefold triage --jsonl", () => {
  it("answers one line per input, reports bad lines and keeps going", async () => {
    const input = [
      JSON.stringify({ id: "a", text: "my husband's face is drooping" }),
      "this is not json",
      JSON.stringify({ id: "b" }),
      JSON.stringify({ id: "c", text: "What should I bring to my cardiology visit?" }),
      "[1,2]",
      JSON.stringify({ text: "no id here" }),
      "",
      JSON.stringify({ id: "d", text: "I want to kill myself" }),
      JSON.stringify({ id: "e", text: "mi hijo se tomó cloro" }),
    ].join("\n");
    const r = await carefold(["triage", "--jsonl"], input);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .map(({ score, layer, denial, refusal, ...rest }) => {
        // Every decision line carries the layer, the semantic score, the denial flag and the refusal.
        if (!("error" in rest)) {
          expect(typeof score).toBe("number");
          expect(typeof denial).toBe("boolean");
          expect(layer === null || layer === "rules" || layer === "semantic").toBe(true);
          expect(refusal === null || typeof refusal.category === "string").toBe(true);
        }
        return rest;
      });
    expect(lines).toEqual([
      { id: "a", emergency: true, family: "stroke", action: "911", rule: "stroke.face_droop" },
      { id: null, error: "line is not valid JSON" },
      { id: "b", error: '"text" must be a string' },
      { id: "c", emergency: false, family: null, action: null, rule: null },
      { id: null, error: 'line must be a JSON object with "id" and "text"' },
      { id: null, error: '"id" must be a string' },
      { id: "d", emergency: true, family: "suicide", action: "988", rule: "suicide.ideation" },
      { id: "e", emergency: true, family: "overdose", action: "poison", rule: "overdose.child_ingestion" },
    ]);
  }, 60_000);

  it("carries the input refusal decision, and lets navigation that shares words through", async () => {
    const input = [
      JSON.stringify({ id: "dose", text: "How many mg of ibuprofen should I give my 4 year old?" }),
      JSON.stringify({ id: "visit", text: "What should I bring to my cardiology visit?" }),
    ].join("\n");
    const r = await carefold(["triage", "--jsonl"], input);
    const [dose, visit] = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(dose.refusal).toMatchObject({ category: "dose" });
    expect(visit.refusal).toBeNull();
  }, 60_000);

  it("streams a large input (a 200 KB line among many)", async () => {
    const filler = "Please help me organize my mother's appointment notes and bills. ".repeat(3_200);
    const rows = Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: `r${i}`, text: i === 150 ? `${filler} My dad isn't breathing.` : "routine question about my visit" }));
    const r = await carefold(["triage", "--jsonl"], rows.join("\n") + "\n");
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(300);
    expect(lines.filter((l) => l.emergency).map((l) => l.id)).toEqual(["r150"]);
  }, 60_000);
});

describe("carefold triage <message>", () => {
  it("prints a readable decision with the numbers for the locale", async () => {
    const r = await carefold(["triage", "--locale", "UK", "my throat is closing up"], "");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("EMERGENCY: airway");
    expect(r.stdout).toContain("999");
    expect(r.stdout).toContain("Rule: airway.throat_closing");
  }, 60_000);

  it("says when nothing was found, and rejects a bad locale", async () => {
    const ok = await carefold(["triage", "What should I bring to my visit?"], "");
    expect(ok.stdout).toContain("No emergency red flags found.");
    expect(ok.stdout).toContain("911");
    const bad = await carefold(["triage", "--locale", "FR", "hello"], "");
    expect(bad.code).toBe(2);
  }, 60_000);
});
