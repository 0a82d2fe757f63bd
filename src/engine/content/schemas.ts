/**
 * Structural zod schemas for each content file. They check shape, types and closed enums; limits with
 * their own rule ids (lengths, counts, registry membership) are checked by the rules so one pass
 * reports them all without rejecting the item.
 */
import { z } from "zod";
import { RiskClassSchema } from "../../shared/contract";
import { AUDIENCES, CARE_STAGES, DOMAINS, ID_PATTERN, MATURITIES, SEMVER_PATTERN } from "./registry";

const Semver = z.string().regex(SEMVER_PATTERN, "expected a version like 1.0.0 (quote it in SKILL.md metadata)");
const NonEmpty = z.string().trim().min(1, "must not be empty");

function unique<T extends z.ZodType<string>>(item: T) {
  return z.array(item).refine((xs) => new Set(xs).size === xs.length, "must not repeat an entry");
}

/** Per-turn loop limits when agent.yaml has no `limits` (a consult normally needs 2–4 model calls). */
export const DEFAULT_TURN_LIMITS = { model_calls: 6, tool_calls: 10, identical_calls: 2 } as const;

const count = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  // refine, not .int(): zod reports .int() as a type error ("expected int"), which hides the range.
  return z.number().refine((n) => Number.isInteger(n) && n >= min && n <= max, message);
};

/** agent.yaml `limits`: how much one turn may do before the specialist stops with a plain message. */
export const TurnLimitsSchema = z.strictObject({
  model_calls: count("model_calls", 1, 20).optional(),
  tool_calls: count("tool_calls", 0, 40).optional(),
  identical_calls: count("identical_calls", 1, 10).optional(),
});
export type TurnLimits = { [K in keyof typeof DEFAULT_TURN_LIMITS]: number };

/** agents/<id>/agent.yaml — runtime fields only; the persona file name is fixed by the layout. */
export const AgentRuntimeSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  model: z.literal("default"),
  skills: unique(z.string()).min(1, "needs at least one skill (the first is the primary skill)"),
  tools: unique(z.string()),
  persona: z.literal("persona.md"),
  limits: TurnLimitsSchema.optional(),
});
export type AgentRuntime = z.infer<typeof AgentRuntimeSchema>;

/** agents/<id>/metadata.yaml — catalog and UI. */
export const AgentMetadataSchema = z.strictObject({
  title: z.string(),
  version: Semver,
  license: NonEmpty,
  domain: z.enum(DOMAINS),
  category: z.string(),
  risk_class: RiskClassSchema,
  care_stages: unique(z.enum(CARE_STAGES)).min(1),
  target_audience: unique(z.enum(AUDIENCES)).min(1),
  tags: z.array(NonEmpty),
  keywords: z.array(NonEmpty),
  icon: z.string().regex(/^[a-z0-9-]{1,40}$/, "expected a short icon name (lowercase letters, digits, '-')"),
  maturity: z.enum(MATURITIES),
  // YAML 1.2 reads `hidden: no` as the string "no": only real booleans are accepted.
  hidden: z.boolean().default(false),
  /** Spanish title and description for the catalog and consent screens; lengths are the translation rule's. */
  es: z.strictObject({ title: z.string(), description: z.string() }).optional(),
});
export type AgentMetadata = z.infer<typeof AgentMetadataSchema>;

/** agents/<id>/starters.json */
export const StartersSchema = z.strictObject({
  en: z.array(z.string()),
  es: z.array(z.string()),
});
export type Starters = z.infer<typeof StartersSchema>;

/** One line of agents/<id>/evals/golden.jsonl */
export const GoldenSchema = z.strictObject({
  id: z.string().regex(ID_PATTERN, "expected lowercase letters, digits and '-'"),
  prompt: NonEmpty,
  expect: z.enum(["allow", "refuse", "emergency"]),
  must_not: z.array(NonEmpty),
  expected_tools: z.array(NonEmpty),
  forbidden_tools: z.array(NonEmpty),
  tags: z.array(NonEmpty.max(40, "tags are short (at most 40 characters)")),
});
export type Golden = z.infer<typeof GoldenSchema>;

/** SKILL.md `metadata:` — the Agent Skills spec makes every value a string. */
export const SkillMetadataSchema = z
  .object({
    risk_class: RiskClassSchema,
    domain: z.enum(DOMAINS),
    category: z.string(),
    version: Semver,
    author: NonEmpty,
    tools: z.string(),
    forbidden: z.string(),
  })
  .catchall(z.string());
export type SkillMetadata = z.infer<typeof SkillMetadataSchema>;

/** SKILL.md frontmatter (Agent Skills fields; Carefold's own fields live in metadata). */
export const SkillFrontmatterSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  license: NonEmpty,
  compatibility: NonEmpty.max(500),
  "allowed-tools": z.string(),
  metadata: SkillMetadataSchema,
});
export type SkillFrontmatter = z.infer<typeof SkillFrontmatterSchema>;

/** carefold-profile.yaml */
export const ProfileFileSchema = z.strictObject({
  system_prompt_suffix: NonEmpty,
  general_purpose_subagent: z.strictObject({ enabled: z.boolean() }),
});
