/**
 * Phase 5 — synthesize & guard: one answer from the specialists' outputs, failures reported plainly,
 * one canonical footer, and suggestion chips.
 */
import type { CrisisNumber } from "../../shared/contract";
import type { PhaseFn } from "./graph";
import type { Plan, SpecialistOutput, TurnResult } from "./state";
import { engineText } from "../i18n";
import type { CheckAnswer } from "../safety/index";
import type { Composer } from "../synthesis/index";

export const CANONICAL_FOOTER = { en: engineText("en", "answer.footer"), es: engineText("es", "answer.footer") } as const;

export interface SynthesisDeps {
  /** The combined answer (master agenda, conflict questions, disclaimer de-duplication, chips; src/engine/synthesis). */
  compose: Composer;
  /** The output check (the output guard on whole text), run on the final answer before it is shown or
   * stored: on the composed model text, not on the engine's notes about failed specialists. */
  checkOutput?: CheckAnswer;
  /** Told when the final check replaced an answer (audit). */
  onBlocked?(rule: string | null, category: string | null, state: { threadId: string; agents: string[] }): void;
  /** Told which cross-specialty conflict rules fired (audit). */
  onConflicts?(ruleIds: string[], state: { threadId: string; turnId: string; agents: string[] }): void;
}

/** One answer from the specialists' outputs: composed text, one canonical footer, the outcome. */
export function finalizeResult(
  outputs: SpecialistOutput[],
  plan: Plan,
  language: "en" | "es",
  compose: SynthesisDeps["compose"],
  question?: string,
): TurnResult & { conflicts: string[]; checked: string } {
  const anyOk = outputs.some((o) => o.ok);
  const waiting = outputs.some((o) => o.awaitingApproval);
  const composed = compose(outputs, plan, language, question);
  const footer = CANONICAL_FOOTER[language];
  return {
    outcome: waiting ? "awaiting_approval" : anyOk ? "answered" : "failed",
    text: composed.text ? `${composed.text}\n\n${footer}` : footer,
    agents: plan.agents,
    topology: plan.topology,
    chips: composed.chips,
    why: plan.why,
    conflicts: composed.conflicts,
    checked: composed.checked,
  };
}

/** The crisis line as a resource, before the footer (an explicit denial, safety.md §1a). */
export function withSupportLine(text: string, numbers: readonly CrisisNumber[], language: "en" | "es"): string {
  const line = `${engineText(language, "answer.supportIntro")} ${numbers.map((n) => `${n.label}: ${n.number}`).join(" · ")}.`;
  const footer = CANONICAL_FOOTER[language];
  return text.endsWith(footer) ? `${text.slice(0, text.length - footer.length)}${line}\n\n${footer}` : `${text}\n\n${line}`;
}

export function createSynthesizer(deps: SynthesisDeps): PhaseFn {
  return async (state) => {
    const { conflicts, checked, ...composed } = finalizeResult(state.outputs, state.executionPlan!, state.language, deps.compose, state.text);
    const result = state.supportNumbers ? { ...composed, text: withSupportLine(composed.text, state.supportNumbers, state.language) } : composed;
    deps.onConflicts?.(conflicts, { threadId: state.threadId, turnId: state.turnId, agents: result.agents });
    const verdict = checked.trim() ? deps.checkOutput?.(checked, state.language) : undefined;
    if (verdict?.refuse && verdict.message) {
      deps.onBlocked?.(verdict.rule, verdict.category, { threadId: state.threadId, agents: result.agents });
      return { result: { ...result, outcome: "refused", text: verdict.message, chips: [] } };
    }
    return { result };
  };
}
