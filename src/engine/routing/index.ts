/**
 * Phase-3 routing. The engine wires it as:
 *   const catalog = FtsCatalog.open(db, content);
 *   const router = createRouter({ catalog, content, modelProvider });
 */
export {
  createRouter,
  createRouting,
  DEFAULT_FALLBACK_AGENT,
  DEFAULT_MODEL_TIMEOUT_MS,
  DEFAULT_THRESHOLD,
  MODEL_CONFIDENCE,
  type ModelStep,
  type RouteDecision,
  type RouterOptions,
  type Routing,
} from "./router";
export { classify, editDistance, type CategoryScore, type Classification } from "./classify";
export { buildLexicon, categoryArea, kindOf, type CategoryInfo, type CategoryKind, type Lexicon } from "./lexicon";
export { DEFAULT_MIN_TEXT_SCORE, defaultAgent, rankSpecialist, type RankDeps, type RankedAgent, type RankRequest, type RankStep } from "./rank";
export { MAX_PLAN_AGENTS, planTopology, type Candidate, type PlannedTopology } from "./topology";
export { areaOf, explainPlan } from "./explain";
export { askModelForGuide, routerSystemPrompt, routerTool, ROUTER_MODEL_KEY, ROUTER_TOOL_NAME, type GuideOption, type ModelChoice } from "./modelHop";
