/**
 * Phase-5 composer: the function the lifecycle passes as `SynthesisDeps.compose`. Pure and synchronous;
 * rules and chips are loaded and compiled once, when the composer is created.
 */
import type { Plan, SpecialistOutput } from "../lifecycle/state";
import { renderAgenda, type AgendaFailure, type AgendaSection } from "./agenda";
import { DEFAULT_CHIPS, suggestChips, type ChipsFile } from "./chips";
import { conflictQuestions, detectConflicts } from "./conflicts";
import { stripBoilerplate } from "./disclaimers";
import { compileRules, DEFAULT_CONFLICT_RULES, type ConflictRule } from "./rules";

export interface ComposerOptions {
  /** Display title for an agent id ("Heart Visit Guide"). */
  titleOf(agentId: string): string;
  /** Conflict rules; the shipped resources/synthesis/conflict-rules.json by default. */
  rules?: readonly ConflictRule[];
  /** Chip texts; the shipped resources/synthesis/chips.json by default. */
  chips?: ChipsFile;
}

export interface ComposedAnswer {
  text: string;
  chips: string[];
  /** Ids of the conflict rules that fired, for the audit event and the trace. */
  conflicts: string[];
  /**
   * What the final output check reads: the answer without the notes on failed specialists (the
   * engine's own problem messages, about files and servers, are not model output).
   */
  checked: string;
}

/** Extra, optional `question`: the user's message, so rules can also match what the user said. */
export type Composer = (outputs: SpecialistOutput[], plan: Plan, language: "en" | "es", question?: string) => ComposedAnswer;

/** Outputs in task order (a pipeline reads top to bottom); outputs the plan does not name go last. */
export function orderOutputs(outputs: readonly SpecialistOutput[], plan: Plan): SpecialistOutput[] {
  const order = [...plan.tasks.map((t) => t.agent), ...plan.agents];
  const rank = (o: SpecialistOutput) => {
    const i = order.indexOf(o.agent);
    return i === -1 ? order.length : i;
  };
  return outputs
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || a.i - b.i)
    .map(({ o }) => o);
}

export function createComposer(options: ComposerOptions): Composer {
  const rules = compileRules(options.rules ?? DEFAULT_CONFLICT_RULES);
  const chipsFile = options.chips ?? DEFAULT_CHIPS;
  const { titleOf } = options;

  return (outputs, plan, language, question) => {
    const ordered = orderOutputs(outputs, plan);
    const sections: (AgendaSection & { agent: string })[] = [];
    const failures: AgendaFailure[] = [];
    for (const o of ordered) {
      if (o.ok || o.awaitingApproval) {
        sections.push({ agent: o.agent, title: titleOf(o.agent), text: stripBoilerplate(o.text), awaitingApproval: o.awaitingApproval });
      } else {
        failures.push({ title: titleOf(o.agent), error: o.error });
      }
    }
    const answered = sections.filter((s) => s.text).map((s) => s.agent);
    // Questions reconcile answers; with no answer at all there is nothing to reconcile.
    const fired =
      answered.length > 0
        ? detectConflicts(rules, { answered, texts: sections.map((s) => s.text), ...(question ? { question } : {}) }, language)
        : [];
    const questions = conflictQuestions(fired);
    const agenda = plan.topology !== "single" || ordered.length > 1;
    const text = renderAgenda({ agenda, sections, questions, failures }, language);
    const checked = failures.length > 0 ? renderAgenda({ agenda, sections, questions, failures: [] }, language) : text;
    const chips = suggestChips({ topology: plan.topology, answered, agenda: agenda && sections.length > 0, conflicts: questions.length > 0 }, language, chipsFile);
    return { text, chips, conflicts: fired.map((f) => f.id), checked };
  };
}
