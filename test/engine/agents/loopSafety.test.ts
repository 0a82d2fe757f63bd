/**
 * Loop safety through the real engine: per-turn limits on model calls, tool calls and identical calls
 * (agent.yaml `limits`, defaults here), and tool calls cut off by the token limit never executed. A hit
 * ends the specialist with a plain message and the turn completes normally.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../../src/engine/audit/auditLog";
import { DEFAULT_TURN_LIMITS } from "../../../src/engine/content";
import type { Engine } from "../../../src/engine/engine";
import { callKey, checkReply, recursionLimitFor, turnLimitsOf } from "../../../src/engine/agents/middleware/loopGuard";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { turnStopMessage } from "../../../src/engine/messages";
import { scriptedProvider, type Script } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

const plan: Plan = { agents: ["cardiology-guide"], topology: "single", tasks: [{ agent: "cardiology-guide", dependsOn: [] }], confidence: 1, why: "Test plan." };
const QUESTION = "Help me get ready for my heart visit";
const SKILL = "/skills/cardiology-prep/SKILL.md";

async function consult(script: Script, options: { language?: "en" | "es"; streaming?: boolean } = {}) {
  const provider = scriptedProvider(script, { streaming: options.streaming });
  engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
  engine.consent.grantGlobal();
  if (options.language) await engine["settings.set"]({ language: options.language });
  const log = new EventLog();
  engine.onEvent(log.push);
  const { turnId } = await engine["consult.ask"]({ text: QUESTION });
  const done = await log.done(turnId);
  const seen = [done.text, ...log.of("token", turnId).map((t) => t.text), ...log.events.map((e) => JSON.stringify(e))].join("\n");
  // Summarization also calls the model (without tools); the limits count the specialist's own calls.
  const agentCalls = provider.model.calls.filter((c) => c.tools.length > 0);
  const toolTraces = log.of("trace", turnId).filter((t) => t.stage === "end");
  return { done, seen, provider, log, turnId, agentCalls, toolTraces };
}

const auditLines = () =>
  readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function expectNormalEnd(r: Awaited<ReturnType<typeof consult>>, message: string) {
  expect(r.done.outcome).toBe("answered");
  expect(r.done.text).toContain(message);
  expect(r.seen).not.toMatch(/recursion limit|GraphRecursionError|need more steps/i);
  expect(verifyAuditLog(join(tmp.dir, "logs")).ok).toBe(true);
  // The audit has the rule that was hit, never the question.
  expect(readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")).not.toContain(QUESTION);
}

describe("loop safety (default limits)", () => {
  it("a model calling the same tool forever stops at the third identical call, with the plain message", async () => {
    const r = await consult(() => ({ toolCalls: [{ name: "read_file", args: { file_path: SKILL, limit: 300 } }] }));
    expectNormalEnd(r, turnStopMessage("repeated", "en"));
    expect(r.agentCalls).toHaveLength(DEFAULT_TURN_LIMITS.identical_calls + 1);
    expect(r.toolTraces).toHaveLength(DEFAULT_TURN_LIMITS.identical_calls);
    expect(auditLines()).toContainEqual(expect.objectContaining({ event: "model", decision: "limit_reached", rule: "identical_calls" }));
    expect(auditLines().some((l) => l.event === "synthesis" || l.event === "run")).toBe(true);
  });

  it("says it in Spanish for a Spanish-speaking user", async () => {
    const r = await consult(() => ({ toolCalls: [{ name: "read_file", args: { file_path: SKILL } }] }), { language: "es" });
    expectNormalEnd(r, turnStopMessage("repeated", "es"));
    expect(r.done.text).not.toContain(turnStopMessage("repeated", "en"));
  });

  it("a model that keeps making new calls stops at the model-call limit", async () => {
    const r = await consult((_m, i) => ({ toolCalls: [{ name: "read_file", args: { file_path: SKILL, offset: i * 10 } }] }));
    expectNormalEnd(r, turnStopMessage("steps", "en"));
    expect(r.agentCalls).toHaveLength(DEFAULT_TURN_LIMITS.model_calls);
    expect(auditLines()).toContainEqual(expect.objectContaining({ decision: "limit_reached", rule: "model_calls", detail: { limit: 6 } }));
  });

  it("the same in Spanish", async () => {
    const r = await consult((_m, i) => ({ toolCalls: [{ name: "read_file", args: { file_path: SKILL, offset: i } }] }), { language: "es" });
    expectNormalEnd(r, turnStopMessage("steps", "es"));
  });

  it("a reply whose calls would pass the tool-call limit runs none of them", async () => {
    const four = (i: number) => [0, 1, 2, 3].map((k) => ({ name: "read_file", args: { file_path: SKILL, offset: i * 4 + k } }));
    const r = await consult((_m, i) => ({ toolCalls: four(i) }));
    expectNormalEnd(r, turnStopMessage("steps", "en"));
    // 4 + 4 ran; the third reply's 4 would make 12 > 10.
    expect(r.agentCalls).toHaveLength(3);
    expect(r.toolTraces).toHaveLength(8);
    expect(auditLines()).toContainEqual(expect.objectContaining({ decision: "limit_reached", rule: "tool_calls" }));
  });

  it("a normal consult is untouched", async () => {
    const r = await consult([{ toolCalls: [{ name: "read_file", args: { file_path: SKILL } }] }, { text: "Bring your blood pressure log." }]);
    expect(r.done.text).toContain("Bring your blood pressure log.");
    expect(auditLines().some((l) => l.decision === "limit_reached")).toBe(false);
  });
});

describe("tool calls cut off by the token limit", () => {
  const cutOff: Script = [{ text: "Let me read ", toolCalls: [{ name: "read_file", rawArgs: '{"file_path": "/skills/cardiology-prep/SKI' }], finishReason: "length" }];

  for (const streaming of [true, false]) {
    it(`are invalid and never executed (${streaming ? "streamed" : "not streamed"})`, async () => {
      const r = await consult(cutOff, { streaming });
      expectNormalEnd(r, turnStopMessage("cut_off", "en"));
      expect(r.agentCalls).toHaveLength(1);
      expect(r.log.of("trace", r.turnId).filter((t) => t.stage !== "info")).toEqual([]);
      expect(auditLines().some((l) => l.event === "tool")).toBe(false);
      expect(auditLines()).toContainEqual(expect.objectContaining({ decision: "limit_reached", rule: "cut_off" }));
    });
  }

  it("finished calls in the same reply still run; only the cut-off one is dropped", async () => {
    const r = await consult([
      { toolCalls: [{ name: "read_file", args: { file_path: SKILL } }, { name: "read_file", rawArgs: '{"file_path": "/sk' }], finishReason: "length" },
      { text: "Here is your list." },
    ]);
    expect(r.done.text).toContain("Here is your list.");
    expect(r.toolTraces).toHaveLength(1);
  });
});

describe("LoopGuard rules", () => {
  const ai = (calls: { name: string; args: Record<string, unknown> }[]) =>
    new AIMessage({ content: "", tool_calls: calls.map((c, i) => ({ ...c, id: `c${i}`, type: "tool_call" as const })) });

  it("agent.yaml limits override the defaults field by field, and the step backstop stays above them", () => {
    expect(turnLimitsOf({})).toEqual(DEFAULT_TURN_LIMITS);
    expect(turnLimitsOf({ limits: { model_calls: 3 } })).toEqual({ ...DEFAULT_TURN_LIMITS, model_calls: 3 });
    expect(recursionLimitFor(turnLimitsOf({}))).toBeGreaterThan(40);
  });

  it("identical means same tool and same arguments, in any key order", () => {
    expect(callKey({ name: "a", args: { x: 1, y: { p: 1, q: 2 } } })).toBe(callKey({ name: "a", args: { y: { q: 2, p: 1 }, x: 1 } }));
    expect(callKey({ name: "a", args: { x: 1 } })).not.toBe(callKey({ name: "b", args: { x: 1 } }));
    const limits = { model_calls: 6, tool_calls: 10, identical_calls: 1 };
    const same = { name: "read_file", args: { file_path: SKILL } };
    expect(checkReply([], ai([same]), limits)).toBeNull();
    expect(checkReply([ai([same])], ai([same]), limits)).toMatchObject({ rule: "identical_calls" });
    expect(checkReply([ai([same])], ai([{ ...same, args: { file_path: SKILL, offset: 5 } }]), limits)).toBeNull();
  });

  it("counts only this turn: replies before the last user message are earlier turns", async () => {
    const { turnReplies } = await import("../../../src/engine/agents/middleware/loopGuard");
    const earlier = ai([{ name: "read_file", args: {} }]);
    expect(turnReplies([new HumanMessage("1"), earlier, new HumanMessage("2")])).toEqual([]);
    expect(turnReplies([new HumanMessage("1"), earlier])).toEqual([earlier]);
  });
});
