/** Phase-5 synthesis: master agenda, conflict questions, disclaimer de-duplication, suggestion chips. */
export { createComposer, orderOutputs, type ComposedAnswer, type Composer, type ComposerOptions } from "./composer";
export { renderAgenda, demoteHeadings, shortReason, type AgendaInput, type AgendaSection, type AgendaFailure } from "./agenda";
export { detectConflicts, conflictQuestions, type ConflictInput, type FiredConflict } from "./conflicts";
export { stripBoilerplate } from "./disclaimers";
export { suggestChips, parseChips, DEFAULT_CHIPS, MAX_CHIP_LENGTH, ChipsFileSchema, type ChipsFile, type ChipInput } from "./chips";
export {
  parseConflictRules,
  compileRules,
  DEFAULT_CONFLICT_RULES,
  ConflictRuleSchema,
  ConflictRulesFileSchema,
  type ConflictRule,
  type CompiledRule,
} from "./rules";
export { fold, foldWithSource } from "./fold";
