/**
 * Dispatch of a parallel plan (issue 14, item 5): the first specialist streams live, the others never do;
 * on a local model with few cores they run one after another, so the first answer gets every core.
 */
import { describe, expect, it } from "vitest";
import { createDispatcher, type SpecialistRequest } from "../../../src/engine/lifecycle/dispatch";
import type { ConsultStateValue, Plan, TurnIO } from "../../../src/engine/lifecycle/state";
import { runsOnFewCores } from "../../../src/engine/consult/prewarm";
import type { ModelProvider } from "../../../src/engine/inference/types";

const plan: Plan = {
  agents: ["a", "b", "c"],
  topology: "parallel",
  tasks: ["a", "b", "c"].map((agent) => ({ agent, dependsOn: [] })),
  confidence: 1,
  why: "Test.",
};
const state = { executionPlan: plan, outputs: [] } as unknown as ConsultStateValue;
const io = { signal: new AbortController().signal, emit: () => undefined } as unknown as TurnIO;

function recorder() {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const runSpecialist = async (r: SpecialistRequest) => {
    running++;
    most = Math.max(most, running);
    log.push(`${r.task.agent}:${r.live ? "live" : "quiet"}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    running--;
    return { text: `${r.task.agent} part`, awaitingApproval: false };
  };
  return { log, runSpecialist, most: () => most };
}

describe("a parallel plan", () => {
  it("streams the first specialist live and runs them side by side on a machine with cores to spare", async () => {
    const r = recorder();
    const result = await createDispatcher({ runSpecialist: r.runSpecialist, oneAtATime: () => false })(state, io);
    expect(r.log).toEqual(["a:live", "b:quiet", "c:quiet"]);
    expect(r.most()).toBe(3);
    expect((result as { outputs: { text: string }[] }).outputs.map((o) => o.text)).toEqual(["a part", "b part", "c part"]);
  });

  it("runs them one after another on a local model with few cores, the first live", async () => {
    const r = recorder();
    const result = await createDispatcher({ runSpecialist: r.runSpecialist, oneAtATime: () => true })(state, io);
    expect(r.log).toEqual(["a:live", "b:quiet", "c:quiet"]);
    expect(r.most()).toBe(1);
    expect((result as { outputs: { text: string }[] }).outputs.map((o) => o.text)).toEqual(["a part", "b part", "c part"]);
  });
});

describe("runsOnFewCores", () => {
  const provider = (kind: string | null) => ({ describe: () => (kind ? { provider: kind, model: "m", contextSize: 8192 } : null), getChatModel: async () => { throw new Error("unused"); } }) as unknown as ModelProvider;
  it("is true only for a local model on at most four cores", () => {
    expect(runsOnFewCores(provider("llama-cpp"), 2)).toBe(true);
    expect(runsOnFewCores(provider("llama-cpp"), 16)).toBe(false);
    expect(runsOnFewCores(provider("ollama"), 2)).toBe(false);
    expect(runsOnFewCores(provider(null), 2)).toBe(false);
  });
});
