/**
 * Test harness for the engine with scripted models: start an engine on a temp data dir, collect its
 * events, wait for a turn's `done`, and script each specialist separately (parallel runs interleave).
 */
import { join } from "node:path";
import type { BaseMessage } from "@langchain/core/messages";
import type { EngineEvent, EventOf } from "../../src/shared/contract";
import { createEngine, type Engine, type EngineOptions } from "../../src/engine/engine";
import type { Router } from "../../src/engine/lifecycle/plan";
import { loadContent } from "../../src/engine/content";
import type { ScriptStep } from "./scriptedChatModel";
import type { Plan } from "../../src/engine/lifecycle/state";

export const REPO = join(__dirname, "..", "..");

export class EventLog {
  readonly events: EngineEvent[] = [];
  push = (e: EngineEvent) => void this.events.push(e);

  of<T extends EngineEvent["type"]>(type: T, turnId?: string): EventOf<T>[] {
    return this.events.filter((e): e is EventOf<T> => e.type === type && (!turnId || ("turnId" in e && e.turnId === turnId)));
  }

  /** Resolves with the `done` event number `nth` (0-based) of a turn. */
  done(turnId: string, nth = 0, timeoutMs = 30_000): Promise<EventOf<"done">> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const check = () => {
        const d = this.of("done", turnId)[nth];
        if (d) return resolve(d);
        if (Date.now() - started > timeoutMs) return reject(new Error(`no done #${nth} for ${turnId}`));
        setTimeout(check, 5);
      };
      check();
    });
  }
}

/** A plan with one specialist, for tests that pin the plan phase. */
export function singlePlan(agent: string, why = "Test."): Plan {
  return { agents: [agent], topology: "single", tasks: [{ agent, dependsOn: [] }], confidence: 1, why };
}

/** An engine whose router is fixed by the test (plan phase under test control). */
export function engineWithRouter(options: EngineOptions, route: Router | null): Engine {
  return createEngine({ ...options, ...(route ? { router: () => route } : {}) });
}

const content = loadContent(REPO);

/** Which specialist a model call belongs to: its primary skill's path is in the system prompt. */
export function agentOfCall(messages: BaseMessage[]): string | null {
  const system = messages.find((m) => m.getType() === "system");
  const text = typeof system?.content === "string" ? system.content : JSON.stringify(system?.content ?? "");
  for (const a of content.agents) {
    if (text.includes(`Read: /skills/${a.runtime.skills[0]}/SKILL.md`)) return a.id;
  }
  return null;
}

/** A script function serving each specialist its own steps, in order. */
export function perAgentScript(steps: Record<string, ScriptStep[]>) {
  const cursor: Record<string, number> = {};
  return (messages: BaseMessage[]): ScriptStep => {
    const agent = agentOfCall(messages) ?? "unknown";
    const i = (cursor[agent] = (cursor[agent] ?? -1) + 1);
    const step = steps[agent]?.[i];
    if (!step) throw new Error(`no scripted step ${i} for ${agent}`);
    return step;
  };
}
