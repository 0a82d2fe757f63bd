/**
 * The content this checkout ships (agents/, skills/, carefold-profile.yaml) must validate with zero
 * problems, and every specialist of design/content.md must be present.
 */
import { describe, expect, it } from "vitest";
import { formatProblem, loadContent } from "../../src/engine/content/index";
import { REPO_ROOT } from "./helpers";

const SPECIALISTS: Record<string, string> = {
  "benefits-guide": "benefits-explainer",
  "cardiology-guide": "cardiology-prep",
  "claims-appeals-guide": "claims-appeals-prep",
  "derma-guide": "derma-prep",
  "endocrinology-guide": "endocrinology-prep",
  "ent-guide": "ent-prep",
  "eye-guide": "vision-prep",
  "formulary-guide": "formulary-navigation",
  "gastro-guide": "gastro-prep",
  "habit-companion": "habit-checkin",
  "nephrology-guide": "nephrology-prep",
  "neurology-guide": "neurology-prep",
  "oncology-navigator": "oncology-prep",
  "oral-health-guide": "oral-health-prep",
  "ortho-guide": "ortho-prep",
  "podiatry-guide": "podiatry-prep",
  "prior-auth-navigator": "prior-auth-prep",
  "pulmonology-guide": "pulmonology-prep",
  "records-coordinator": "records-management",
  "rheuma-guide": "rheuma-prep",
  "urology-guide": "urology-prep",
  "vascular-guide": "vascular-prep",
  "visit-steward": "visit-prep",
};

describe("shipped content", () => {
  const set = loadContent(REPO_ROOT);

  it("validates with zero problems", () => {
    expect(set.problems.map(formatProblem)).toEqual([]);
  });

  it("has every specialist of the design, each with its primary skill first", () => {
    const primary = Object.fromEntries(set.agents.map((a) => [a.id, a.runtime.skills[0]]));
    expect(primary).toEqual(SPECIALISTS);
  });

  it("gives every specialist a Spanish title and description of its own", () => {
    // The translation rule only requires Spanish once one agent has it; the shipped set must have it all.
    const missing = set.agents.filter((a) => !a.metadata.es).map((a) => a.id);
    expect(missing).toEqual([]);
    const titles = set.agents.map((a) => a.metadata.es!.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const a of set.agents) expect(a.metadata.es!.title, a.id).not.toBe(a.metadata.title);
  });

  it("lets every specialist read the user's saved notes (agent.yaml and its primary skill)", () => {
    for (const a of set.agents) {
      expect(a.runtime.tools, a.id).toContain("note-read");
      expect(set.skills.find((s) => s.id === a.runtime.skills[0])!.tools, a.id).toContain("note-read");
    }
  });

  it("carries the shared profile with the general-purpose subagent off", () => {
    expect(set.profile?.generalPurposeSubagent.enabled).toBe(false);
  });
});
