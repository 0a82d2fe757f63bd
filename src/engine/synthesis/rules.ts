/**
 * Declared cross-specialty conflict rules (resources/synthesis/conflict-rules.json), validated with zod
 * once at load. A rule turns a known tension between specialties (fluid for the heart vs. the kidneys,
 * pain relievers and kidney disease, …) into questions the patient can bring to the care team. Rules are
 * data so adding one needs no code change; the schema keeps them navigation-only (no doses, questions only).
 */
import { z } from "zod";
import raw from "../../../resources/synthesis/conflict-rules.json";
import { compileTermGroup, TERM_SHAPE } from "./terms";

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A number with a unit is a dose or an amount: never in a question Carefold writes. */
const AMOUNT = /\d\s*(mg|mcg|µg|g|ml|l|units?|unidades|iu|ui|oz|cups?|tazas?|litros?|liters?|litres?|%)(?![\p{L}])/iu;

const Term = z.string().regex(TERM_SHAPE, "a term is words separated by single spaces, hyphens or apostrophes, with an optional trailing *");
const Question = z
  .string()
  .min(20)
  .max(240)
  .refine((q) => q.trim().endsWith("?"), "a question ends with '?'")
  .refine((q) => !AMOUNT.test(q), "a question must not name an amount or a dose");

const Clause = z
  .strictObject({
    /** Every one of these specialists answered. */
    agents: z.array(z.string().regex(ID)).min(1).optional(),
    /** Every group has at least one term in the answers or the user's question. */
    terms: z.array(z.array(Term).min(1)).min(1).optional(),
  })
  .refine((c) => c.agents !== undefined || c.terms !== undefined, "a trigger clause needs agents, terms or both");

const Questions = z.array(Question).min(1).max(3);

export const ConflictRuleSchema = z
  .strictObject({
    id: z.string().regex(ID),
    description: z.string().min(10),
    /** The rule fires when any clause matches. */
    when: z.array(Clause).min(1),
    questions: z.strictObject({ en: Questions, es: Questions }),
  })
  .refine((r) => r.questions.en.length === r.questions.es.length, "en and es need the same number of questions");

export const ConflictRulesFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    version: z.literal(1),
    rules: z.array(ConflictRuleSchema).min(1),
  })
  .refine((f) => new Set(f.rules.map((r) => r.id)).size === f.rules.length, "rule ids must be unique");

export type ConflictRule = z.infer<typeof ConflictRuleSchema>;

export interface CompiledClause {
  agents: readonly string[];
  groups: readonly RegExp[];
}

export interface CompiledRule {
  rule: ConflictRule;
  clauses: readonly CompiledClause[];
}

export function parseConflictRules(data: unknown): ConflictRule[] {
  return ConflictRulesFileSchema.parse(data).rules;
}

export function compileRules(rules: readonly ConflictRule[]): CompiledRule[] {
  return rules.map((rule) => ({
    rule,
    clauses: rule.when.map((c) => ({ agents: c.agents ?? [], groups: (c.terms ?? []).map(compileTermGroup) })),
  }));
}

/** The shipped rules. A broken file fails at start-up, not in the middle of a consult. */
export const DEFAULT_CONFLICT_RULES: readonly ConflictRule[] = parseConflictRules(raw);
