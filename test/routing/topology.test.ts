import { describe, expect, it } from "vitest";
import { areaOf, explainPlan, planTopology, type Candidate } from "../../src/engine/routing";

const agent = (id: string, title: string, kind: Candidate["kind"], score: number, position: number): Candidate => ({
  id,
  title,
  kind,
  score,
  position,
  category: `${kind === "clinical" ? "clinical" : "navigation"}.${id}`,
  domain: kind === "clinical" ? "clinical" : "navigation",
  step: "category",
});

const heart = agent("cardiology-guide", "Heart Visit Guide", "clinical", 2, 5);
const kidney = agent("nephrology-guide", "Kidney Visit Guide", "clinical", 1.5, 0);
const lungs = agent("pulmonology-guide", "Lung and Breathing Visit Guide", "clinical", 1.2, 9);
const skin = agent("derma-guide", "Skin Visit Guide", "clinical", 0.9, 12);
const priorAuth = agent("prior-auth-navigator", "Prior Authorization Navigator", "admin", 1.25, 8);
const formulary = agent("formulary-guide", "Drug Coverage Guide", "admin", 1.1, 3);
const claims = agent("claims-appeals-guide", "Claims and Appeals Guide", "admin", 0.5, 4);
const habits = agent("habit-companion", "Habit Companion", "other", 1, 0);

describe("planTopology", () => {
  it("single: one candidate, or no clinical/admin combination", () => {
    expect(planTopology([heart])).toEqual({ agents: [heart], topology: "single", tasks: [{ agent: heart.id, dependsOn: [] }] });
    expect(planTopology([habits, heart]).topology).toBe("single");
    expect(planTopology([habits, heart]).agents).toEqual([habits]);
    // Two paperwork navigators without a clinical concern: the best one alone.
    expect(planTopology([priorAuth, formulary]).agents.map((a) => a.id)).toEqual([priorAuth.id]);
  });

  it("parallel: clinical concerns side by side, each once, in the order mentioned, at most three", () => {
    const p = planTopology([heart, kidney, heart, lungs, skin]);
    expect(p.topology).toBe("parallel");
    expect(p.agents.map((a) => a.id)).toEqual(["nephrology-guide", "cardiology-guide", "pulmonology-guide"]);
    expect(p.tasks.every((t) => t.dependsOn.length === 0)).toBe(true);
  });

  it("pipeline: the clinical specialist first, the navigator depending on it", () => {
    const p = planTopology([heart, priorAuth]);
    expect(p.topology).toBe("pipeline");
    expect(p.tasks).toEqual([
      { agent: "cardiology-guide", dependsOn: [] },
      { agent: "prior-auth-navigator", dependsOn: ["cardiology-guide"] },
    ]);
    // The navigator runs after the clinical step even when it scored higher.
    expect(planTopology([priorAuth, heart]).agents.map((a) => a.id)).toEqual(["cardiology-guide", "prior-auth-navigator"]);
  });

  it("pipeline with two clinical specialists: the navigator waits for both", () => {
    const p = planTopology([heart, kidney, claims]);
    expect(p.tasks).toEqual([
      { agent: "nephrology-guide", dependsOn: [] },
      { agent: "cardiology-guide", dependsOn: [] },
      { agent: "claims-appeals-guide", dependsOn: ["nephrology-guide", "cardiology-guide"] },
    ]);
  });

  it("pipeline adds a third agent only with evidence close to the best of its kind", () => {
    expect(planTopology([heart, priorAuth, formulary]).agents.map((a) => a.id)).toEqual(["cardiology-guide", "formulary-guide", "prior-auth-navigator"]);
    expect(planTopology([heart, priorAuth, skin]).agents.map((a) => a.id)).toEqual(["cardiology-guide", "prior-auth-navigator"]);
  });

  it("respects the agent cap", () => {
    expect(planTopology([heart, kidney, lungs], 2).agents).toHaveLength(2);
    expect(planTopology([heart, kidney], 1).topology).toBe("single");
    expect(() => planTopology([])).toThrow();
  });
});

describe("explainPlan", () => {
  it("names areas and guides in one plain line", () => {
    expect(explainPlan([heart, kidney], "parallel")).toBe(
      "Heart and kidney concerns: the Heart Visit Guide and the Kidney Visit Guide will each prepare part of your agenda.",
    );
    expect(explainPlan([heart, priorAuth], "pipeline")).toBe(
      "Heart care, then prior authorization: the Heart Visit Guide prepares the medical details first, then the Prior Authorization Navigator uses them for the paperwork.",
    );
    expect(explainPlan([heart], "single")).toBe("Heart concern: the Heart Visit Guide will help you prepare.");
    expect(explainPlan([priorAuth], "single")).toBe("Prior authorization paperwork: the Prior Authorization Navigator will walk you through it.");
    expect(explainPlan([{ ...habits, step: "default" }], "single")).toBe("No specialist fits clearly, so the Habit Companion will help you prepare.");
  });

  it("never includes the user's words", () => {
    const line = explainPlan([heart, kidney, lungs], "parallel", { model: true });
    expect(line).toBe(
      "Chosen with help from the local model. Heart, kidney and lung and breathing concerns: the Heart Visit Guide, the Kidney Visit Guide and the Lung and Breathing Visit Guide will each prepare part of your agenda.",
    );
  });

  it("areaOf strips the role from a title", () => {
    expect(areaOf("Diabetes & Thyroid Visit Guide")).toBe("diabetes & thyroid");
    expect(areaOf("Cancer Care Navigator")).toBe("cancer care");
    expect(areaOf("Medical Records Coordinator")).toBe("medical records");
    expect(areaOf("Guide")).toBe("guide");
  });
});
