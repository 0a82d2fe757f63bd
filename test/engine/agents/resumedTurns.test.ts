/**
 * A turn that paused for approval resumes inside the lifecycle (issue 13 item 1): in a parallel or
 * pipeline plan the resumed answer keeps every specialist's part and its topology, goes through
 * synthesis (conflict questions, the final output check, the synthesis audit event), is stored as
 * the turn's one answer, and none of the specialists that had finished runs again. Also after a
 * restart, and a turn killed mid-run before it asked anything is ended, not left unanswered.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { scriptedProvider, type ScriptStep } from "../../support/scriptedChatModel";
import { agentOfCall, engineWithRouter, EventLog, perAgentScript, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
const engines: Engine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  tmp.cleanup();
  tmp = tempDir();
});

const NOTE = "# Heart questions\n\n- Ask about the echo\n";
const noteCall: ScriptStep = { toolCalls: [{ name: "workspace-note", args: { title: "Heart questions", content: NOTE } }] };
const notePath = () => join(tmp.dir, "workspace", "notes", "Heart questions.md");

const parallel: Plan = {
  agents: ["cardiology-guide", "nephrology-guide"],
  topology: "parallel",
  tasks: [
    { agent: "cardiology-guide", dependsOn: [] },
    { agent: "nephrology-guide", dependsOn: [] },
  ],
  confidence: 0.9,
  why: "Heart and kidney concerns.",
};
const pipeline: Plan = {
  agents: ["cardiology-guide", "prior-auth-navigator"],
  topology: "pipeline",
  tasks: [
    { agent: "cardiology-guide", dependsOn: [] },
    { agent: "prior-auth-navigator", dependsOn: ["cardiology-guide"] },
  ],
  confidence: 0.9,
  why: "A heart test that needs prior authorization.",
};

function start(plan: Plan, steps: Record<string, ScriptStep[]>) {
  const provider = scriptedProvider(perAgentScript(steps));
  const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
  engine.consent.grantGlobal();
  engines.push(engine);
  const log = new EventLog();
  engine.onEvent(log.push);
  const calls = () => provider.model.calls.map((c) => agentOfCall(c.messages));
  return { engine, log, calls };
}

async function stop(engine: Engine) {
  await engine.close();
  engines.splice(engines.indexOf(engine), 1);
}

const auditLines = () =>
  readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const answersOf = (engine: Engine, threadId: string, turnId: string) =>
  engine.threads.messages(threadId).filter((m) => m.role === "assistant" && m.turnId === turnId);

const parallelSteps = {
  "cardiology-guide": [noteCall, { text: "Heart part: I saved your questions about the echo." }],
  "nephrology-guide": [{ text: "Kidney part: ask how much salt and fluid is right for you." }],
};

describe("a resumed turn runs through the lifecycle", () => {
  it("parallel: approving keeps both parts, the topology, conflict questions and one stored answer", async () => {
    const { engine, log, calls } = start(parallel, parallelSteps);
    const { threadId, turnId } = await engine["consult.ask"]({ text: "Help me prepare for my heart and kidney visits" });
    const paused = await log.done(turnId);
    expect(paused.outcome).toBe("awaiting_approval");
    expect(paused.topology).toBe("parallel");
    expect(paused.text).toContain("Kidney part");
    const [request] = log.of("approval.requested", turnId);
    expect(request!.agent).toBe("cardiology-guide");

    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" });
    const done = await log.done(turnId, 1);
    expect(done.outcome).toBe("answered");
    expect(done.topology).toBe("parallel");
    expect(done.agents).toEqual(["cardiology-guide", "nephrology-guide"]);
    expect(done.text).toContain("Heart part");
    expect(done.text).toContain("Kidney part");
    expect(readFileSync(notePath(), "utf8")).toBe(NOTE);
    // The kidney specialist had finished: it is not asked again.
    expect(calls().filter((a) => a === "nephrology-guide")).toHaveLength(1);
    expect(calls().filter((a) => a === "cardiology-guide")).toHaveLength(2);
    // Synthesis ran on the resumed turn: its conflict rule and its audit event.
    const synthesis = auditLines().filter((l) => l["event"] === "synthesis" && l["thread"] === threadId);
    expect(synthesis.at(-1)?.["rule"]).toContain("cardiorenal-fluid-sodium");
    const answers = answersOf(engine, threadId, turnId);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ outcome: "answered", why: "Heart and kidney concerns." });
    await vi.waitFor(() => expect(engine.approvals.unsettled()).toEqual([]));
  });

  it("parallel: a rejection writes nothing and the answer still has both parts", async () => {
    const { engine, log } = start(parallel, {
      ...parallelSteps,
      "cardiology-guide": [noteCall, { text: "Heart part: I did not save the questions." }],
    });
    const { turnId } = await engine["consult.ask"]({ text: "Help me prepare for my heart and kidney visits" });
    await log.done(turnId);
    const [request] = log.of("approval.requested", turnId);
    expect(await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "reject" })).toEqual({ status: "rejected" });
    const done = await log.done(turnId, 1);
    expect(done.text).toContain("I did not save the questions");
    expect(done.text).toContain("Kidney part");
    expect(existsSync(notePath())).toBe(false);
  });

  it("pipeline: the step after a paused one waits, then runs with its output; an edit is what is saved", async () => {
    const { engine, log, calls } = start(pipeline, {
      "cardiology-guide": [noteCall, { text: "Questions about the echocardiogram, saved." }],
      "prior-auth-navigator": [{ text: "Prior authorization checklist." }],
    });
    const { turnId } = await engine["consult.ask"]({ text: "My cardiologist wants an echo but insurance needs prior approval" });
    const paused = await log.done(turnId);
    expect(paused.outcome).toBe("awaiting_approval");
    expect(calls()).toEqual(["cardiology-guide"]);
    const [request] = log.of("approval.requested", turnId);
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "edit", editedContent: "# Mine\n- my words\n" });
    const done = await log.done(turnId, 1);
    expect(done.outcome).toBe("answered");
    expect(done.topology).toBe("pipeline");
    expect(done.text).toContain("Questions about the echocardiogram");
    expect(done.text).toContain("Prior authorization checklist");
    expect(calls()).toEqual(["cardiology-guide", "cardiology-guide", "prior-auth-navigator"]);
    expect(readFileSync(notePath(), "utf8")).toBe("# Mine\n- my words\n");
  });

  it("pipeline: after a rejection the next step still runs, with what the first one said", async () => {
    const { engine, log, calls } = start(pipeline, {
      "cardiology-guide": [noteCall, { text: "Echo questions, not saved." }],
      "prior-auth-navigator": [{ text: "Prior authorization checklist." }],
    });
    const { turnId } = await engine["consult.ask"]({ text: "My cardiologist wants an echo but insurance needs prior approval" });
    await log.done(turnId);
    const [request] = log.of("approval.requested", turnId);
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "reject" });
    const done = await log.done(turnId, 1);
    expect(done.text).toContain("Echo questions, not saved.");
    expect(done.text).toContain("Prior authorization checklist");
    expect(calls()).toEqual(["cardiology-guide", "cardiology-guide", "prior-auth-navigator"]);
    expect(existsSync(notePath())).toBe(false);
  });

  it("after an engine restart, approving resumes the whole parallel turn", async () => {
    const first = start(parallel, { "cardiology-guide": [noteCall], "nephrology-guide": parallelSteps["nephrology-guide"] });
    const { threadId, turnId } = await first.engine["consult.ask"]({ text: "Help me prepare for my heart and kidney visits" });
    await first.log.done(turnId);
    const [request] = first.log.of("approval.requested", turnId);
    await stop(first.engine);

    // The restarted engine's model only knows the heart specialist's last step.
    const { engine, log, calls } = start(parallel, { "cardiology-guide": [{ text: "Heart part, after the restart." }] });
    expect((await engine["approvals.list"]()).map((a) => a.approvalId)).toEqual([request!.approvalId]);
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" });
    const done = await log.done(turnId);
    expect(done.topology).toBe("parallel");
    expect(done.text).toContain("Heart part, after the restart.");
    expect(done.text).toContain("Kidney part");
    expect(calls()).toEqual(["cardiology-guide"]);
    expect(answersOf(engine, threadId, turnId)).toHaveLength(1);
  });

  it("the final output check also reads a resumed answer", async () => {
    const { engine, log } = start(parallel, {
      ...parallelSteps,
      "cardiology-guide": [noteCall, { text: "You have heart failure." }],
    });
    const { threadId, turnId } = await engine["consult.ask"]({ text: "Help me prepare for my heart and kidney visits" });
    await log.done(turnId);
    const [request] = log.of("approval.requested", turnId);
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" });
    const done = await log.done(turnId, 1);
    expect(done.text).not.toContain("You have heart failure");
    const refusals = auditLines().filter((l) => l["event"] === "refuse" && l["thread"] === threadId);
    expect(refusals.length).toBeGreaterThan(0);
  });

  it("a turn that died mid-run before asking anything is ended on the next start, not left unanswered", async () => {
    // The first engine is left running on a model that never answers: to the second it looks crashed.
    const first = start(parallel, { "cardiology-guide": [{ text: "never", delayMs: 60_000 }], "nephrology-guide": [{ text: "never", delayMs: 60_000 }] });
    const { threadId, turnId } = await first.engine["consult.ask"]({ text: "Help me prepare for my heart and kidney visits" });
    await vi.waitFor(() => expect(first.log.of("progress", turnId).map((p) => p.phase)).toContain("dispatch"));

    const { engine } = start(parallel, {});
    await vi.waitFor(() => expect(answersOf(engine, threadId, turnId)).toHaveLength(1));
    expect(answersOf(engine, threadId, turnId)[0]).toMatchObject({ outcome: "failed", text: expect.stringContaining("interrupted") });
    expect(auditLines().some((l) => l["event"] === "recovery" && l["decision"] === "turn_interrupted")).toBe(true);
    await stop(engine);
    await stop(first.engine);
  });
});
