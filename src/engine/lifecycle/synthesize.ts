/**
 * Phase 5 — synthesize & guard: one answer from the specialists' outputs, failures reported plainly,
 * one canonical footer, and suggestion chips.
 */
import type { PhaseFn } from "./graph";
import type { Plan, SpecialistOutput, TurnResult } from "./state";

export const CANONICAL_FOOTER = {
  en: "_Carefold helps you prepare and organize. It is not a doctor and not emergency care. Never start, stop or change a medicine without talking to the clinician who prescribed it._",
  es: "_Carefold le ayuda a prepararse y organizarse. No es un médico ni un servicio de emergencias. Nunca empiece, deje ni cambie un medicamento sin hablar con quien se lo recetó._",
} as const;

export interface SynthesisDeps {
  /** Display title for an agent id ("Heart Visit Guide"). */
  titleOf(agentId: string): string;
  /** The combined answer (master agenda, conflict questions, disclaimer de-duplication, chips). */
  compose?(outputs: SpecialistOutput[], plan: Plan, language: "en" | "es", question?: string): { text: string; chips: string[]; conflicts?: string[] };
  /** The output refusal check, run on the final text before it is shown or stored. */
  checkOutput?(text: string, language: "en" | "es"): { refuse: boolean; message: string | null; rule: string | null; category: string | null };
  /** Told when the final check replaced an answer (audit). */
  onBlocked?(rule: string | null, category: string | null, state: { threadId: string; agents: string[] }): void;
  /** Told which cross-specialty conflict rules fired (audit). */
  onConflicts?(ruleIds: string[], state: { threadId: string; turnId: string; agents: string[] }): void;
}

function failureLine(o: SpecialistOutput, titleOf: (id: string) => string, language: "en" | "es"): string {
  return language === "es"
    ? `- ${titleOf(o.agent)} no pudo responder (${o.error ?? "error"}). Puede intentarlo de nuevo.`
    : `- ${titleOf(o.agent)} could not answer (${o.error ?? "error"}). You can try again.`;
}

export function defaultCompose(
  outputs: SpecialistOutput[],
  plan: Plan,
  language: "en" | "es",
  titleOf: (id: string) => string,
): { text: string; chips: string[] } {
  const ok = outputs.filter((o) => o.ok && o.text.trim());
  const failed = outputs.filter((o) => !o.ok);
  const parts: string[] = [];
  if (ok.length === 1 && plan.topology === "single") {
    parts.push(ok[0]!.text.trim());
  } else if (ok.length > 0) {
    parts.push(language === "es" ? "# Su agenda para la visita" : "# Your visit agenda");
    for (const o of ok) parts.push(`## ${titleOf(o.agent)}\n\n${o.text.trim()}`);
  }
  if (failed.length > 0) {
    parts.push((language === "es" ? "**No se completó todo:**\n" : "**Not everything finished:**\n") + failed.map((o) => failureLine(o, titleOf, language)).join("\n"));
  }
  return { text: parts.join("\n\n"), chips: [] };
}

/** One answer from the specialists' outputs: composed text, one canonical footer, the outcome. */
export function finalizeResult(
  outputs: SpecialistOutput[],
  plan: Plan,
  language: "en" | "es",
  titleOf: (id: string) => string,
  compose?: SynthesisDeps["compose"],
  question?: string,
): TurnResult & { conflicts: string[] } {
  const anyOk = outputs.some((o) => o.ok);
  const waiting = outputs.some((o) => o.awaitingApproval);
  const composed = compose ? compose(outputs, plan, language, question) : defaultCompose(outputs, plan, language, titleOf);
  const footer = CANONICAL_FOOTER[language];
  return {
    outcome: waiting ? "awaiting_approval" : anyOk ? "answered" : "failed",
    text: composed.text ? `${composed.text}\n\n${footer}` : footer,
    agents: plan.agents,
    topology: plan.topology,
    chips: composed.chips,
    why: plan.why,
    conflicts: (composed as { conflicts?: string[] }).conflicts ?? [],
  };
}

export function createSynthesizer(deps: SynthesisDeps): PhaseFn {
  return async (state) => {
    const { conflicts, ...result } = finalizeResult(state.outputs, state.executionPlan!, state.language, deps.titleOf, deps.compose, state.text);
    deps.onConflicts?.(conflicts, { threadId: state.threadId, turnId: state.turnId, agents: result.agents });
    const verdict = deps.checkOutput?.(result.text, state.language);
    if (verdict?.refuse && verdict.message) {
      deps.onBlocked?.(verdict.rule, verdict.category, { threadId: state.threadId, agents: result.agents });
      return { result: { ...result, outcome: "refused", text: verdict.message, chips: [] } };
    }
    return { result };
  };
}
