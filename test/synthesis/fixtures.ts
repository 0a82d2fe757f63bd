/** Small builders for synthesis tests: outputs, plans and agent titles as the lifecycle produces them. */
import type { Topology } from "../../src/shared/contract";
import type { Plan, SpecialistOutput } from "../../src/engine/lifecycle/state";

export const TITLES: Readonly<Record<string, string>> = {
  "cardiology-guide": "Heart Visit Guide",
  "nephrology-guide": "Kidney Visit Guide",
  "endocrinology-guide": "Diabetes & Thyroid Visit Guide",
  "pulmonology-guide": "Lung and Breathing Visit Guide",
  "prior-auth-navigator": "Prior Authorization Navigator",
  "formulary-guide": "Drug Coverage Guide",
  "visit-steward": "Visit Steward",
};

export const titleOf = (id: string): string => TITLES[id] ?? id;

export function answer(agent: string, text: string, extra: Partial<SpecialistOutput> = {}): SpecialistOutput {
  return { agent, ok: true, awaitingApproval: false, text, error: null, durationMs: 10, ...extra };
}

export function failed(agent: string, error: string | null): SpecialistOutput {
  return { agent, ok: false, awaitingApproval: false, text: "", error, durationMs: 10 };
}

export function plan(agents: string[], topology: Topology = agents.length > 1 ? "parallel" : "single"): Plan {
  const clinical = agents.filter((a) => !/navigator|formulary|claims|benefits|records/.test(a));
  return {
    agents,
    topology,
    tasks: agents.map((agent) => ({ agent, dependsOn: topology === "pipeline" && !clinical.includes(agent) ? clinical : [] })),
    confidence: 0.9,
    why: "test plan",
  };
}
