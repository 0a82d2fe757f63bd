/**
 * Which declared conflict rules fire for one consult. Deterministic: rules are checked in file order and
 * each fired rule contributes its questions once, in the answer's language.
 */
import { fold } from "./fold";
import type { CompiledRule } from "./rules";

export interface ConflictInput {
  /** Specialists that answered (their text is part of the answer). */
  answered: readonly string[];
  /** Specialist texts, already cleaned of boilerplate so a disclaimer cannot trigger a rule. */
  texts: readonly string[];
  /** The user's own message, when the caller has it. */
  question?: string;
}

export interface FiredConflict {
  id: string;
  questions: string[];
}

export function detectConflicts(rules: readonly CompiledRule[], input: ConflictInput, language: "en" | "es"): FiredConflict[] {
  const corpus = fold([...input.texts, input.question ?? ""].join("\n"));
  const answered = new Set(input.answered);
  const fired: FiredConflict[] = [];
  for (const { rule, clauses } of rules) {
    const hit = clauses.some((c) => c.agents.every((a) => answered.has(a)) && c.groups.every((g) => g.test(corpus)));
    if (hit) fired.push({ id: rule.id, questions: [...rule.questions[language]] });
  }
  return fired;
}

/** The fired rules' questions, in rule order, each once. */
export function conflictQuestions(fired: readonly FiredConflict[]): string[] {
  return [...new Set(fired.flatMap((f) => f.questions))];
}
