/** Dispatch topologies through the real stack: parallel (failures reported) and pipeline (outputs passed on). */
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { agentOfCall, engineWithRouter, EventLog, perAgentScript, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

function start(plan: Plan, steps: Parameters<typeof perAgentScript>[0]) {
  const provider = scriptedProvider(perAgentScript(steps));
  engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
  engine.consent.grantGlobal();
  const log = new EventLog();
  engine.onEvent(log.push);
  return { engine, provider, log };
}

const firstHuman = (messages: { getType(): string; content: unknown }[]) => String(messages.find((m) => m.getType() === "human")?.content);

describe("dispatch topologies", () => {
  it("parallel: both specialists run, their parts form one agenda, a failure is reported", async () => {
    const plan: Plan = {
      agents: ["cardiology-guide", "nephrology-guide", "endocrinology-guide"],
      topology: "parallel",
      tasks: [
        { agent: "cardiology-guide", dependsOn: [] },
        { agent: "nephrology-guide", dependsOn: [] },
        { agent: "endocrinology-guide", dependsOn: [] },
      ],
      confidence: 0.9,
      why: "Heart, kidney and sugar concerns.",
    };
    const { engine, provider, log } = start(plan, {
      "cardiology-guide": [{ text: "Heart part: bring your blood pressure log." }],
      "nephrology-guide": [{ text: "Kidney part: ask about your lab numbers." }],
      "endocrinology-guide": [{ error: "model crashed" }],
    });
    const { turnId } = await engine["consult.ask"]({ text: "My heart, kidneys and sugar" });
    const done = await log.done(turnId);
    expect(done.outcome).toBe("answered");
    expect(done.topology).toBe("parallel");
    expect(done.text).toContain("Heart part");
    expect(done.text).toContain("Kidney part");
    expect(done.text).toMatch(/could not answer/);
    // The first specialist streams live (issue 14, item 5); the others' parts only come with the agenda.
    const streamed = log.of("token", turnId).map((t) => t.text).join("");
    expect(streamed).toContain("Heart part");
    expect(streamed).not.toContain("Kidney part");
    const agents = provider.model.calls.map((c) => agentOfCall(c.messages));
    expect(new Set(agents)).toEqual(new Set(["cardiology-guide", "nephrology-guide", "endocrinology-guide"]));
    // Each specialist was briefed on the plan and its own part.
    for (const c of provider.model.calls) expect(firstHuman(c.messages)).toContain("# CONSULT PLAN");
  });

  it("pipeline: the navigator runs after the clinician and receives its output", async () => {
    const plan: Plan = {
      agents: ["cardiology-guide", "prior-auth-navigator"],
      topology: "pipeline",
      tasks: [
        { agent: "cardiology-guide", dependsOn: [] },
        { agent: "prior-auth-navigator", dependsOn: ["cardiology-guide"] },
      ],
      confidence: 0.9,
      why: "A heart test that needs prior authorization.",
    };
    const { engine, provider, log } = start(plan, {
      "cardiology-guide": [{ text: "Questions about the echocardiogram." }],
      "prior-auth-navigator": [{ text: "Prior authorization checklist." }],
    });
    const { turnId } = await engine["consult.ask"]({ text: "My cardiologist wants an echo but insurance needs prior approval" });
    const done = await log.done(turnId);
    expect(done.outcome).toBe("answered");
    expect(provider.model.calls.map((c) => agentOfCall(c.messages))).toEqual(["cardiology-guide", "prior-auth-navigator"]);
    const navigatorInput = firstHuman(provider.model.calls[1]!.messages);
    expect(navigatorInput).toContain("# PRIOR SPECIALIST OUTPUTS");
    expect(navigatorInput).toContain("Questions about the echocardiogram.");
    expect(done.text.indexOf("echocardiogram")).toBeLessThan(done.text.indexOf("Prior authorization checklist"));
  });
});
