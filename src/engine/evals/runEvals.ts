/**
 * Runs golden cases through the full consult lifecycle (loadContext → gate → plan → dispatch →
 * synthesize) of a real engine, one thread per case, and scores each from the engine's events.
 * By default the plan is pinned to the case's own specialist, because a golden case tests that
 * specialist; `routed` lets the engine's router choose instead.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineApi, EngineEvent, EventOf } from "../../shared/contract";
import { EngineError } from "../../shared/rpc";
import { createEngine, type Engine, type EngineOptions } from "../engine";
import type { ModelProvider } from "../inference/types";
import type { Plan } from "../lifecycle/state";
import { goldenProblems, selectCases, type EvalCase } from "./goldenCases";
import { scoreCase, toolsCalled, type CaseStatus, type Expectation, type TurnOutcome } from "./scoring";

export interface EvalOptions {
  contentDir: string;
  /** Data folder for the run; default: a fresh temp folder, removed afterwards. */
  dataDir?: string;
  modelProvider?: ModelProvider;
  /** Only this agent's goldens. */
  agent?: string;
  /** Let the engine's router pick the specialist instead of pinning the case's own. */
  routed?: boolean;
  /** A case still running after this long is cancelled (and fails). */
  caseTimeoutMs?: number;
  /** Called after each case (progress output). */
  onCase?(result: CaseResult): void;
}

export interface CaseResult {
  agent: string;
  id: string;
  expect: Expectation;
  outcome: TurnOutcome;
  status: CaseStatus;
  failures: string[];
  /** Tools the specialists called (trace events). */
  tools: string[];
  /** Who answered (from `done`). */
  answeredBy: string[];
  durationMs: number;
}

export interface EvalRun {
  cases: CaseResult[];
  /** The model the engine used, or null when none is configured. */
  model: string | null;
  /** Whether clinical consent could be granted for the run (`consent.set`). */
  consent: "granted" | "unavailable";
  routed: boolean;
  /** Content problems in the golden files, reported with the run. */
  contentProblems: string[];
}

const DEFAULT_CASE_TIMEOUT_MS = 10 * 60 * 1000;
/** After cancelling a timed-out case, how long its `done` may take to arrive. */
const CANCEL_GRACE_MS = 30_000;

function pinnedPlan(agent: string, title: string): Plan {
  return { agents: [agent], topology: "single", tasks: [{ agent, dependsOn: [] }], confidence: 1, why: `Golden case for ${title}.` };
}

/** The real engine with its plan pinned to the case's specialist when one is set (`pin.agent`). */
function evalEngine(options: EngineOptions): { engine: Engine; pin: { agent: string | null } } {
  const pin: { agent: string | null } = { agent: null };
  const engine: Engine = createEngine({
    ...options,
    router: (catalogRouter) => (text, context) => (pin.agent ? pinnedPlan(pin.agent, engine.agentTitle(pin.agent)) : catalogRouter(text, context)),
  });
  return { engine, pin };
}

/** Collects events and resolves a turn's `done`, also when it arrives before the caller knows the turn id. */
class TurnWatcher {
  events: EngineEvent[] = [];
  private readonly waiting = new Map<string, (done: EventOf<"done">) => void>();

  push = (event: EngineEvent): void => {
    this.events.push(event);
    if (event.type === "done") this.waiting.get(event.turnId)?.(event);
  };

  done(turnId: string, timeoutMs: number): Promise<EventOf<"done"> | null> {
    const seen = this.events.find((e): e is EventOf<"done"> => e.type === "done" && e.turnId === turnId);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(turnId);
        resolve(null);
      }, timeoutMs);
      this.waiting.set(turnId, (done) => {
        clearTimeout(timer);
        this.waiting.delete(turnId);
        resolve(done);
      });
    });
  }
}

/**
 * Grants consent for every clinical specialist for the run, and returns how to put back what was
 * there before (a `--data-dir` run must not leave the user's consent changed).
 */
async function grantConsent(engine: EngineApi): Promise<{ consent: EvalRun["consent"]; restore(): Promise<void> }> {
  try {
    const before = await engine["consent.get"]({});
    await engine["consent.set"]({ scope: "global", granted: true });
    return {
      consent: "granted",
      restore: async () => {
        if (!before.global) await engine["consent.set"]({ scope: "global", granted: false });
      },
    };
  } catch (err) {
    if (err instanceof EngineError && err.code === "unavailable") return { consent: "unavailable", restore: async () => {} };
    throw err;
  }
}

async function runCase(engine: Engine, pin: { agent: string | null }, watcher: TurnWatcher, c: EvalCase, options: EvalOptions, modelAvailable: boolean): Promise<CaseResult> {
  const started = performance.now();
  watcher.events = [];
  pin.agent = options.routed ? null : c.agent;
  const base = { agent: c.agent, id: c.golden.id, expect: c.golden.expect };
  const elapsed = () => Math.round(performance.now() - started);
  let turnId: string;
  try {
    ({ turnId } = await engine["consult.ask"]({ text: c.golden.prompt }));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ...base, outcome: "failed", status: "failed", failures: [`the engine did not start the turn: ${message}`], tools: [], answeredBy: [], durationMs: elapsed() };
  }
  const limit = options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  let done = await watcher.done(turnId, limit);
  const extra: string[] = [];
  if (!done) {
    await engine["consult.cancel"]({ turnId });
    done = await watcher.done(turnId, CANCEL_GRACE_MS);
    extra.push(`timed out after ${Number((limit / 1000).toFixed(1))} s and was cancelled`);
  }
  if (!done) {
    return { ...base, outcome: "failed", status: "failed", failures: [...extra, "the turn never finished"], tools: [], answeredBy: [], durationMs: elapsed() };
  }
  const tools = toolsCalled(watcher.events, turnId);
  const score = scoreCase(c.golden, { outcome: done.outcome, text: done.text, tools }, { modelAvailable });
  const failures = [...extra, ...score.failures];
  const status: CaseStatus = extra.length ? "failed" : score.status;
  return { ...base, outcome: done.outcome, status, failures, tools, answeredBy: done.agents, durationMs: elapsed() };
}

/** Runs the selected golden cases one after another on one engine, each in a new thread. */
export async function runGoldenEvals(options: EvalOptions): Promise<EvalRun> {
  const ownDataDir = options.dataDir ? null : mkdtempSync(join(tmpdir(), "carefold-eval-"));
  const { engine, pin } = evalEngine({
    dataDir: options.dataDir ?? ownDataDir!,
    contentDir: options.contentDir,
    modelProvider: options.modelProvider,
    hostKind: "cli",
  });
  const watcher = new TurnWatcher();
  const unsubscribe = engine.onEvent(watcher.push);
  try {
    const selected = selectCases(engine.content, options.agent);
    const active = engine.provider.describe();
    const { consent, restore } = await grantConsent(engine);
    const cases: CaseResult[] = [];
    try {
      for (const c of selected) {
        const result = await runCase(engine, pin, watcher, c, options, active !== null);
        cases.push(result);
        options.onCase?.(result);
      }
    } finally {
      await restore();
    }
    return {
      cases,
      model: active ? `${active.provider} ${active.model}` : null,
      consent,
      routed: options.routed ?? false,
      contentProblems: goldenProblems(engine.content, options.agent),
    };
  } finally {
    unsubscribe();
    await engine.close();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  }
}
