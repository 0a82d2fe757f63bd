/**
 * One real engine per attack family: temp data dir, scripted model whose script each attack sets,
 * requests through `dispatchRequest` (the path IPC and the web host use), and the turn's events.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { BaseMessage } from "@langchain/core/messages";
import type { EventOf } from "../../src/shared/contract";
import { dispatchRequest, type RpcResponse } from "../../src/shared/rpc";
import { createEngine, type Engine } from "../../src/engine/engine";
import type { Router } from "../../src/engine/lifecycle/plan";
import { scriptedProvider, type ScriptedChatModel, type ScriptStep } from "../support/scriptedChatModel";
import { EventLog, REPO, singlePlan } from "../support/engineHarness";
import { tempDir } from "../support/tempDir";

export interface EngineContext {
  engine: Engine;
  dataDir: string;
  events: EventLog;
  model: ScriptedChatModel;
  /** The next model calls' replies (one step per call; the last repeats). */
  script(steps: ScriptStep[] | ((messages: BaseMessage[]) => ScriptStep)): void;
  /** The specialist every turn goes to (default visit-steward), or null for the real router. */
  route(agent: string | null): void;
  /** A request through dispatchRequest; attachments.add also waits for the file to be read (see below). */
  call(method: string, params?: unknown): Promise<RpcResponse>;
  /** Ask and wait for the turn's answer. */
  ask(text: string, attachmentIds?: string[]): Promise<EventOf<"done">>;
  /** Every message text the model was sent since the last `script()`. */
  modelSaw(): string;
  stop(): Promise<void>;
}

export function startEngine(options: { kiosk?: boolean } = {}): EngineContext {
  const tmp = tempDir("carefold-security-");
  let steps: ScriptStep[] | ((messages: BaseMessage[]) => ScriptStep) = [{ text: "Here is a short checklist for your visit." }];
  let offset = 0;
  let firstCall = 0;
  let agent: string | null = "visit-steward";
  const provider = scriptedProvider((messages, index) => {
    if (typeof steps === "function") return steps(messages);
    const i = Math.min(index - offset, steps.length - 1);
    return steps[i]!;
  });
  // A fixed specialist by default (the script goes to it); null hands the plan to the real router.
  const router = (catalogRouter: Router): Router => (text, context) => (agent ? singlePlan(agent) : catalogRouter(text, context));
  const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider, router, ...(options.kiosk ? { kiosk: true } : {}) });
  engine.consent.grantGlobal();
  const events = new EventLog();
  engine.onEvent(events.push);
  const ctx: EngineContext = {
    engine,
    dataDir: tmp.dir,
    events,
    model: provider.model,
    script(next) {
      steps = next;
      offset = provider.model.calls.length;
      firstCall = provider.model.calls.length;
    },
    route(next) {
      agent = next;
    },
    // attachments.add answers at once ("reading") and reads the file in a worker; attacks examine what
    // reading did, so the harness waits for it and answers with the attachment as read.
    call: async (method, params) => {
      const response = await dispatchRequest(engine, method, params);
      if (method !== "attachments.add" || !response.ok) return response;
      const { id } = response.result as { id: string };
      await engine.attachments.whenRead(id);
      return { ok: true, result: engine.attachments.get(id) ?? response.result };
    },
    async ask(text, attachmentIds) {
      const response = await dispatchRequest(engine, "consult.ask", { text, ...(attachmentIds ? { attachmentIds } : {}) });
      if (!response.ok) throw new Error(`consult.ask refused: ${response.error.code} ${response.error.message}`);
      const { turnId } = response.result as { turnId: string };
      return events.done(turnId);
    },
    modelSaw() {
      return provider.model.calls
        .slice(firstCall)
        .flatMap((c) => c.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))))
        .join("\n");
    },
    async stop() {
      await engine.close();
      tmp.cleanup();
    },
  };
  return ctx;
}

/** Every file under a folder with its size and modification time, to show that nothing was written. */
export function fileSnapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const s = statSync(full);
        out[relative(dir, full)] = `${s.size}:${s.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return out;
}

/** The whole data folder as text (logs, database, workspace): for "this secret is nowhere". */
export function everythingWritten(dir: string): string {
  return Object.keys(fileSnapshot(dir))
    .map((f) => readFileSync(join(dir, f)).toString("latin1"))
    .join("\n");
}
