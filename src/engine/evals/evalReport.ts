/** The eval report: counts overall and per agent, and the plain-text table `carefold eval` prints. */
import type { CaseResult, EvalRun } from "./runEvals";

export interface Counts {
  cases: number;
  scored: number;
  passed: number;
  failed: number;
  needs_model: number;
}

export interface EvalSummary extends Counts {
  by_agent: Record<string, Counts>;
}

const zero = (): Counts => ({ cases: 0, scored: 0, passed: 0, failed: 0, needs_model: 0 });

function add(counts: Counts, c: CaseResult): void {
  counts.cases++;
  if (c.status === "needs_model") counts.needs_model++;
  else {
    counts.scored++;
    if (c.status === "passed") counts.passed++;
    else counts.failed++;
  }
}

export function summarize(cases: readonly CaseResult[]): EvalSummary {
  const total = zero();
  const byAgent: Record<string, Counts> = {};
  for (const c of cases) {
    add(total, c);
    add((byAgent[c.agent] ??= zero()), c);
  }
  return { ...total, by_agent: byAgent };
}

/** Exit status: 0 when every scored case passed. */
export function allScoredPassed(summary: Counts): boolean {
  return summary.failed === 0;
}

const RESULT_LABEL = { passed: "PASS", failed: "FAIL", needs_model: "needs a model" } as const;

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** One block per agent: case id, expectation, outcome and result, with every failure reason. */
export function renderReport(run: EvalRun, summary: EvalSummary): string {
  const lines: string[] = [];
  lines.push(`Model: ${run.model ?? "none (only gate-decided cases are scored)"}`);
  lines.push(`Consent for clinical specialists: ${run.consent === "granted" ? "granted for this run" : "not available in this build (proceeding without it)"}`);
  lines.push(`Routing: ${run.routed ? "the engine's router picks the specialist" : "pinned to the case's own specialist"}`);
  for (const p of run.contentProblems) lines.push(`Content problem: ${p}`);
  const idWidth = Math.max(4, ...run.cases.map((c) => c.id.length));
  for (const [agent, counts] of Object.entries(summary.by_agent)) {
    lines.push("", `${agent}  (${counts.passed}/${counts.scored} scored passed, ${counts.needs_model} need a model)`);
    for (const c of run.cases.filter((x) => x.agent === agent)) {
      // A routed run may hand a case to other specialists: say who.
      const by = c.answeredBy.length && c.answeredBy.join() !== c.agent ? `  (specialists: ${c.answeredBy.join(", ")})` : "";
      lines.push(`  ${pad(c.id, idWidth)}  ${pad(c.expect, 9)}  ${pad(c.outcome, 17)}  ${RESULT_LABEL[c.status]}${by}`);
      for (const f of c.failures) lines.push(`  ${" ".repeat(idWidth)}    - ${f}`);
    }
  }
  lines.push("", `${summary.passed} of ${summary.scored} scored cases passed; ${summary.failed} failed; ${summary.needs_model} need a model (${summary.cases} cases).`);
  return lines.join("\n");
}
