/**
 * Profiles on real engines over a temp data folder: a manager whose engines answer with a scripted
 * model, and holders (as a window or a connection would be) called only through the contract.
 */
import { join } from "node:path";
import { createEngine, type Engine } from "../../../src/engine/engine";
import { createProfileClient, type ProfileClient } from "../../../src/engine/profiles/client";
import { ProfileManager } from "../../../src/engine/profiles/manager";
import type { EngineEvent, RequestInput, RequestName, RequestOutput } from "../../../src/shared/contract";
import { dispatchRequest, type RpcResponse } from "../../../src/shared/rpc";
import { REPO, singlePlan } from "../../support/engineHarness";
import { scriptedProvider } from "../../support/scriptedChatModel";

export function profileEngine(dataDir: string, key: { dataKey?: Buffer; dataKeyProtection?: "keychain" | "pin" | "file" } = {}): Engine {
  const provider = scriptedProvider(() => ({ text: "Here is a short checklist for your visit." }));
  return createEngine({ dataDir, contentDir: REPO, hostKind: "browser", modelProvider: provider, router: () => () => singlePlan("visit-steward"), ...key });
}

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

export function fakeClock(start = 1_700_000_000_000): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export function startManager(root: string, clock: Clock = fakeClock()): ProfileManager {
  return new ProfileManager({ root, createEngine: ({ dataDir, dataKey, dataKeyProtection }) => profileEngine(dataDir, { dataKey, dataKeyProtection }), now: clock.now, sweepMs: null });
}

export interface TestHolder {
  client: ProfileClient;
  events: EngineEvent[];
  call<K extends RequestName>(method: K, input?: RequestInput<K>): Promise<RpcResponse>;
  ok<K extends RequestName>(method: K, input?: RequestInput<K>): Promise<RequestOutput<K>>;
  /** Ask, and wait for the turn's done event. */
  ask(text: string): Promise<{ threadId: string; turnId: string }>;
}

export async function holder(manager: ProfileManager): Promise<TestHolder> {
  const client = await createProfileClient(manager);
  const events: EngineEvent[] = [];
  client.onEvent((e) => events.push(e));
  const call = (method: RequestName, input: unknown = {}) => {
    client.touch();
    return dispatchRequest(client, method, input);
  };
  const ok = async (method: RequestName, input: unknown = {}) => {
    const r = await call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.result;
  };
  return {
    client,
    events,
    call: call as TestHolder["call"],
    ok: ok as TestHolder["ok"],
    async ask(text) {
      const ids = (await ok("consult.ask", { text })) as { threadId: string; turnId: string };
      const started = Date.now();
      while (!events.some((e) => e.type === "done" && e.turnId === ids.turnId)) {
        if (Date.now() - started > 30_000) throw new Error("no done event");
        await new Promise((r) => setTimeout(r, 5));
      }
      return ids;
    },
  };
}

export const b64 = (s: string) => Buffer.from(s).toString("base64");
export const profileFolder = (root: string, id: string) => (id === "first" ? root : join(root, "profiles", id));
