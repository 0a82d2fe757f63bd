/**
 * Two-hop routing for phase 3 (plan & provision). Hop 1 classifies the message deterministically
 * (and, only when unsure and a model is configured, asks the model with a constrained tool call);
 * hop 2 picks each specialist from the FTS5 catalog with the category → domain → full text →
 * visit-steward fallback; then the topology planner orders the tasks and explains the plan.
 */
import type { ContentSet } from "../content";
import type { FtsCatalog } from "../catalog";
import type { ModelProvider } from "../inference/types";
import type { Router } from "../lifecycle/plan";
import type { ConsultContext, Plan } from "../lifecycle/state";
import { classify, MIN_CONCERN_SCORE, type CategoryScore, type Classification } from "./classify";
import { explainPlan } from "./explain";
import { buildLexicon, kindOf } from "./lexicon";
import { askModelForGuide, type GuideOption, type ModelChoice } from "./modelHop";
import { DEFAULT_MIN_TEXT_SCORE, defaultAgent, rankSpecialist, type RankDeps, type RankedAgent, type RankStep } from "./rank";
import { MAX_PLAN_AGENTS, planTopology, type Candidate } from "./topology";

export const DEFAULT_THRESHOLD = 0.5;
export const DEFAULT_FALLBACK_AGENT = "visit-steward";
export const DEFAULT_MODEL_TIMEOUT_MS = 45_000;
/** Confidence reported for a plan whose primary specialist the model picked. */
export const MODEL_CONFIDENCE = 0.6;
/** A follow-up routed on the previous message is a little less certain than the original. */
const FOLLOW_UP_FACTOR = 0.8;

export interface RouterOptions {
  catalog: FtsCatalog;
  content: Pick<ContentSet, "agents">;
  /** Asked only when hop-1 confidence is below `threshold` and it describes a configured model. */
  modelProvider?: ModelProvider;
  /** Hop-1 confidence (0–1) below which the model is consulted. Default 0.5. */
  threshold?: number;
  /** The agent of last resort. Default visit-steward. */
  fallbackAgent?: string;
  maxAgents?: number;
  modelTimeoutMs?: number;
  /** Least BM25 relevance for domain/full-text fallbacks (see rank.ts). */
  minTextScore?: number;
}

export type ModelStep = "not-needed" | "not-configured" | ModelChoice["status"];

export interface RouteDecision {
  plan: Plan;
  classification: Classification;
  /** What the model step did. */
  model: ModelStep;
  /** How each planned agent was found, in plan order. */
  steps: RankStep[];
  /** Routed on the previous user message because this one named no concern. */
  followUp: boolean;
}

export interface Routing {
  /** Deterministic routing: never calls a model (the CLI default, and what tests measure). */
  route(text: string, context?: ConsultContext | null): RouteDecision;
  /** Full routing: may ask the model when hop 1 is unsure. */
  decide(text: string, context?: ConsultContext | null): Promise<RouteDecision>;
  /** The lifecycle's Router (phase 3). */
  router: Router;
  /** The guides the model may choose from (visible agents, content order). */
  options: readonly GuideOption[];
}

export function createRouting(options: RouterOptions): Routing {
  const visible = options.content.agents.filter((a) => !a.metadata.hidden);
  const lexicon = buildLexicon(visible);
  const fallbackAgent = options.fallbackAgent ?? DEFAULT_FALLBACK_AGENT;
  const generalistCategory = visible.find((a) => a.id === fallbackAgent)?.metadata.category;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const rankDeps: RankDeps = { catalog: options.catalog, fallbackAgent, minTextScore: options.minTextScore ?? DEFAULT_MIN_TEXT_SCORE };
  const guides: GuideOption[] = visible.map((a) => ({ id: a.id, title: a.metadata.title, description: a.runtime.description }));
  const maxAgents = options.maxAgents ?? MAX_PLAN_AGENTS;

  const hop1 = (text: string, context: ConsultContext | null | undefined) => {
    const direct = classify(text, lexicon, { generalistCategory });
    // "What else should I bring?" names no concern of its own: it continues the earlier topic.
    if ((direct.concerns[0]?.score ?? 0) >= MIN_CONCERN_SCORE) return { classification: direct, followUp: false };
    const previous = lastUserMessage(context, text);
    if (previous) {
      const earlier = classify(previous, lexicon, { generalistCategory });
      if ((earlier.concerns[0]?.score ?? 0) >= MIN_CONCERN_SCORE) {
        return { classification: { ...earlier, confidence: round(earlier.confidence * FOLLOW_UP_FACTOR) }, followUp: true };
      }
    }
    return { classification: direct, followUp: false };
  };

  const finish = (text: string, classification: Classification, followUp: boolean, model: ModelStep, modelAgent: string | null): RouteDecision => {
    const concerns = classification.concerns;
    const candidates: Candidate[] = [];
    const chosen = () => candidates.map((c) => c.id);
    if (modelAgent) {
      const a = options.catalog.agent(modelAgent);
      if (a && !a.hidden) {
        candidates.push({ id: a.id, title: a.title, category: a.category, domain: a.domain, kind: kindOf(a.domain, a.riskClass), step: "category", score: Infinity, position: -1 });
      }
    }
    concerns.forEach((concern, index) => {
      const primary = index === 0 && candidates.length === 0;
      const picked = rankSpecialist(
        { text, category: concern.category, domain: primary ? concern.domain : null, exclude: chosen(), categoryOnly: !primary },
        rankDeps,
      );
      if (picked) candidates.push(withScore(picked, concern));
    });
    if (candidates.length === 0) {
      const picked = rankSpecialist({ text, domain: classification.domain }, rankDeps) ?? defaultAgent(rankDeps);
      if (picked) candidates.push({ ...picked, score: 0, position: 0 });
    }
    if (candidates.length === 0) {
      return { plan: noAgentPlan(), classification, model, steps: [], followUp };
    }
    const planned = planTopology(candidates, maxAgents);
    const plan: Plan = {
      agents: planned.agents.map((a) => a.id),
      topology: planned.topology,
      tasks: planned.tasks,
      confidence: modelAgent ? Math.max(classification.confidence, MODEL_CONFIDENCE) : classification.confidence,
      why: explainPlan(planned.agents, planned.topology, { model: modelAgent !== null, followUp }),
    };
    return { plan, classification, model, steps: planned.agents.map((a) => a.step), followUp };
  };

  const route = (text: string, context?: ConsultContext | null): RouteDecision => {
    const { classification, followUp } = hop1(safeText(text), context);
    const model: ModelStep = classification.confidence >= threshold ? "not-needed" : "not-configured";
    return finish(safeText(text), classification, followUp, model, null);
  };

  const decide = async (text: string, context?: ConsultContext | null): Promise<RouteDecision> => {
    const input = safeText(text);
    const { classification, followUp } = hop1(input, context);
    if (classification.confidence >= threshold) return finish(input, classification, followUp, "not-needed", null);
    const provider = options.modelProvider;
    if (!provider || provider.describe() === null) return finish(input, classification, followUp, "not-configured", null);
    const choice = await askModelForGuide(provider, guides, input, options.modelTimeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS);
    if (choice.status !== "chosen") return finish(input, classification, followUp, choice.status, null);
    // The model names the primary specialist; hop-1 concerns in other categories may still join it.
    const modelCategory = options.catalog.agent(choice.agent)?.category;
    const rest = classification.concerns.filter((c) => c.category !== modelCategory);
    return finish(input, { ...classification, concerns: rest }, followUp, "chosen", choice.agent);
  };

  return {
    route,
    decide,
    router: async (text, context) => (await decide(text, context)).plan,
    options: guides,
  };
}

/** The lifecycle's phase-3 Router. */
export function createRouter(options: RouterOptions): Router {
  return createRouting(options).router;
}

/** A plan with the agent found by a fallback step, scored by the concern it answers. */
function withScore(agent: RankedAgent, concern: CategoryScore): Candidate {
  return { ...agent, score: concern.score, position: concern.position };
}

function lastUserMessage(context: ConsultContext | null | undefined, current: string): string | null {
  const history = context?.history ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role === "user" && m.content.trim() && m.content !== current) return m.content;
  }
  return null;
}

/** Non-strings (from untyped callers) route like an empty message rather than throwing. */
function safeText(text: unknown): string {
  return typeof text === "string" ? text : "";
}

/** Only when the catalog has no visible agent at all: nothing to run, said plainly. */
function noAgentPlan(): Plan {
  return { agents: [], topology: "single", tasks: [], confidence: 0, why: "No specialist is available in this catalog." };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
