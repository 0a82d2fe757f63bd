/**
 * Every shipped golden case the deterministic gate decides (emergency, refuse), through the full
 * lifecycle without a model. These cases never need a model: if one fails here, the gate let an
 * emergency or a forbidden request through to a specialist (or stopped a harmless request).
 */
import { describe, expect, it } from "vitest";
import { loadContent } from "../../src/engine/content";
import { runGoldenEvals } from "../../src/engine/evals/runEvals";
import { REPO } from "../support/engineHarness";

const content = loadContent(REPO);
const shipped = content.agents.flatMap((a) => a.goldens.map((g) => ({ agent: a.id, expect: g.expect })));
const run = runGoldenEvals({ contentDir: REPO });

describe("shipped goldens without a model", () => {
  it("runs every case of every agent", async () => {
    const { cases } = await run;
    expect(cases.map((c) => ({ agent: c.agent, expect: c.expect }))).toEqual(shipped);
    expect(cases.length).toBeGreaterThanOrEqual(content.agents.length * 6);
  }, 300_000);

  it("passes every gate-decided case (emergency → emergency, refuse → refused)", async () => {
    const { cases } = await run;
    const gateDecided = cases.filter((c) => c.expect !== "allow");
    expect(gateDecided.length).toBe(shipped.filter((c) => c.expect !== "allow").length);
    const failed = gateDecided.filter((c) => c.status !== "passed").map((c) => `${c.id} (${c.expect}): ${c.failures.join("; ")}`);
    expect(failed).toEqual([]);
  }, 300_000);

  it("lets every allow case through the gate (no false alarms)", async () => {
    const { cases } = await run;
    const stopped = cases.filter((c) => c.expect === "allow" && c.status !== "needs_model").map((c) => `${c.id}: ${c.outcome}`);
    expect(stopped).toEqual([]);
  }, 300_000);
});
