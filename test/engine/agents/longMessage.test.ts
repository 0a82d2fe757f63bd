/** A pasted megabyte (issue 17: "a 1 MiB chat message is sent whole to the model"): the model reads a budgeted part and both it and the user are told. */
import { afterEach, describe, expect, it } from "vitest";
import { budgeted, messageBudget } from "../../../src/engine/agents/deepAgentRunner";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const plan = singlePlan("visit-steward");

describe("long messages", () => {
  it("are cut at a space within the budget; short ones are left alone", () => {
    expect(messageBudget(8192)).toBe(12_288);
    expect(budgeted("short", 100)).toBeNull();
    const cut = budgeted("word ".repeat(100), 52)!;
    expect(cut.length).toBeLessThanOrEqual(52);
    expect(cut.endsWith("word")).toBe(true);
  });

  it("reach the model budgeted, with a note to it and a line for the user", async () => {
    const provider = scriptedProvider([{ text: "Here is what I read." }, { text: "Ask about the morning readings." }]);
    const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
    try {
      engine.consent.grantGlobal();
      const log = new EventLog();
      engine.onEvent(log.push);
      const text = `Help me prepare my visit. ${"My blood pressure log line 128/82 in the morning. ".repeat(20_000)}`;
      const { turnId } = await engine["consult.ask"]({ text });
      const done = await log.done(turnId);
      expect(done.outcome).toBe("answered");
      const sent = provider.model.calls[0]!.messages.filter((m) => m.getType() === "human").map((m) => String(m.content)).join("\n");
      expect(sent.length).toBeLessThan(20_000);
      expect(sent).toContain(`it is ${text.length} characters long`);
      expect(log.of("trace", turnId).some((t) => t.stage === "info" && t.tool === "message" && t.label.includes(String(text.length)))).toBe(true);
      // Nor is it sent whole again with the next question, as history.
      const next = await engine["consult.ask"]({ threadId: done.threadId, text: "And what should I ask?" });
      await log.done(next.turnId);
      const resent = provider.model.calls[1]!.messages.map((m) => String(m.content)).join("\n");
      expect(resent.length).toBeLessThan(40_000);
    } finally {
      await engine.close();
    }
  });
});
