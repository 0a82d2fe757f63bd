/**
 * The load driver shared by test/security/load.test.ts and bench/load.ts: a real engine (createEngine,
 * the scripted in-process model, so model time is ~0 ms) behind the real web host, and N WebSocket
 * clients that each send one `consult.ask` at the same moment and wait for their own `done`.
 *
 * Phases are timed where the engine emits their events (a listener on the engine, stamped as each event
 * is emitted: each `progress` marks the start of its phase, the next one or the turn's `done` its end).
 * The clients run in this same process, so their own arrival times lag behind whenever the engine holds
 * the event loop; the whole turn (ask sent → `done` received) and that delivery lag are timed at the
 * client. `queue` is from sending the ask to the first phase starting.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { BaseMessage } from "@langchain/core/messages";
import WebSocket from "ws";
import type { EngineEvent, EventOf, Phase } from "../../src/shared/contract";
import { createEngine, type Engine } from "../../src/engine/engine";
import { startWebHost, type WebHost } from "../../src/engine/host/webHost";
import { scriptedProvider, type ScriptStep } from "../support/scriptedChatModel";
import { tempDir } from "../support/tempDir";

const CONTENT_DIR = join(import.meta.dirname, "..", "..");

/**
 * Twenty non-emergency questions, each routed to a different specialist (two of them to two, in parallel
 * or as a pipeline), as `carefold route` plans them. The expected plans are checked by the test.
 */
export const LOAD_QUESTIONS: ReadonlyArray<{ text: string; agents: string[] }> = [
  { text: "Help me prepare questions for my cardiology visit next week", agents: ["cardiology-guide"] },
  { text: "I need help understanding my insurance explanation of benefits letter", agents: ["benefits-guide"] },
  { text: "How do I appeal a denied insurance claim", agents: ["claims-appeals-guide"] },
  { text: "Help me keep a simple daily walking log", agents: ["habit-companion"] },
  { text: "Help me organize my medical records before switching doctors", agents: ["records-coordinator"] },
  { text: "What paperwork does my insurer need for a prior authorization", agents: ["prior-auth-navigator"] },
  { text: "Help me set up a symptom diary for my headaches before my neurology appointment", agents: ["neurology-guide"] },
  { text: "Is my inhaler covered on my plan's drug formulary", agents: ["pulmonology-guide", "formulary-guide"] },
  { text: "Help me write down questions for my dentist appointment", agents: ["oral-health-guide"] },
  { text: "Help me prepare for my first visit with a new primary care doctor", agents: ["visit-steward"] },
  { text: "Help me keep a diary of my eczema flare-ups for my dermatology visit", agents: ["derma-guide", "rheuma-guide"] },
  { text: "Help me prepare questions for my eye exam next month", agents: ["eye-guide"] },
  { text: "Help me track my knee pain in a diary before my orthopedic visit", agents: ["ortho-guide"] },
  { text: "Help me prepare for my kidney specialist visit", agents: ["nephrology-guide"] },
  { text: "Help me write a list of questions for my stomach doctor", agents: ["gastro-guide"] },
  { text: "Help me prepare for my allergy and sinus visit with the ENT", agents: ["ent-guide"] },
  { text: "Help me keep a symptom diary of my joint stiffness for my rheumatology appointment", agents: ["rheuma-guide"] },
  { text: "Help me prepare for my thyroid follow-up visit", agents: ["endocrinology-guide"] },
  { text: "Help me get ready for my lung doctor visit about my breathing", agents: ["pulmonology-guide"] },
  { text: "Help me prepare questions for my foot doctor appointment", agents: ["podiatry-guide"] },
];

export const PHASES: readonly Phase[] = ["loadContext", "gate", "plan", "dispatch", "synthesize"];

function textOf(message: BaseMessage): string {
  const c = message.content;
  return typeof c === "string" ? c : JSON.stringify(c);
}

/** The marker each answer carries: which question it answers, so a swapped answer shows. */
export const answerMarker = (index: number) => `Checklist ${String(index + 1).padStart(2, "0")}`;

/**
 * The scripted model: each specialist call answers its own question at once, naming it with its marker
 * (the question is found in the call's messages). A router call (the model hop) gets no tool call, so
 * the deterministic plan stands.
 */
export function loadScript(messages: BaseMessage[]): ScriptStep {
  const system = messages.find((m) => m.getType() === "system");
  if (system && textOf(system).startsWith("You route a message")) return { text: "" };
  const all = messages.filter((m) => m.getType() !== "system").map(textOf).join("\n");
  const index = LOAD_QUESTIONS.findIndex((q) => all.includes(q.text));
  const marker = index >= 0 ? answerMarker(index) : "Checklist ??";
  return {
    text: `${marker}: write your questions down before the visit. Bring your insurance card and the papers you have, and keep them in one folder.`,
  };
}

export interface LoadHost {
  engine: Engine;
  host: WebHost;
  /** The scripted model's record of every call (test-side memory, emptied after each round). */
  modelCalls: unknown[];
  close(): Promise<void>;
}

export async function startLoadHost(): Promise<LoadHost> {
  const tmp = tempDir("carefold-load-");
  const staticDir = join(tmp.dir, "static");
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Carefold</title>");
  const provider = scriptedProvider(loadScript);
  const engine = createEngine({ dataDir: join(tmp.dir, "data"), contentDir: CONTENT_DIR, modelProvider: provider, hostKind: "browser" });
  engine.consent.grantGlobal(); // most of the specialists are clinical_assist
  const host = await startWebHost({ engine, staticDir, token: "load-test-token-0123456789abcdefghijkl" });
  return {
    engine,
    host,
    modelCalls: provider.model.calls,
    close: async () => {
      await host.close();
      await engine.close();
      tmp.cleanup();
    },
  };
}

interface Stamped {
  at: number;
  message: Record<string, unknown>;
}

/** One WebSocket client of the host, every message it receives stamped with its arrival time. */
export class LoadClient {
  readonly ws: WebSocket;
  readonly received: Stamped[] = [];
  private nextId = 1;
  private readonly waiters = new Set<() => void>();
  readonly opened: Promise<void>;
  readonly closed: Promise<void>;

  constructor(host: WebHost) {
    this.ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${encodeURIComponent(host.token)}`);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
      this.ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
    });
    this.closed = new Promise((resolve) => this.ws.once("close", () => resolve()));
    this.ws.on("message", (data) => {
      this.received.push({ at: performance.now(), message: JSON.parse(data.toString()) as Record<string, unknown> });
      for (const wake of this.waiters) wake();
    });
  }

  /** Sends a request; the time it was sent, and its response. */
  request(method: string, params: unknown): { sentAt: number; response: Promise<Stamped> } {
    const id = this.nextId++;
    const sentAt = performance.now();
    this.ws.send(JSON.stringify({ id, method, params }));
    return { sentAt, response: this.waitFor((m) => m.id === id) };
  }

  /** Resolves with the first received message (past or future) that matches. */
  waitFor(match: (message: Record<string, unknown>) => boolean, timeoutMs = 60_000): Promise<Stamped> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.find((s) => match(s.message));
        if (!found) return false;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  events(): Array<{ at: number; event: EngineEvent }> {
    return this.received.filter((s) => "event" in s.message).map((s) => ({ at: s.at, event: s.message.event as EngineEvent }));
  }

  async close(): Promise<void> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
    await this.closed;
  }
}

export interface TurnResult {
  question: number;
  turnId: string;
  threadId: string;
  done: EventOf<"done">;
  /** This turn's events in arrival order, as this client received them. */
  own: EngineEvent[];
  /** Events of other turns this client also received (the host sends every event to every client). */
  foreignEvents: number;
  /** What the engine emitted for this turn, in order (the client's `own` must be exactly this). */
  emitted: EngineEvent[];
  /** ms from sending the ask until the first phase started. */
  queueMs: number;
  /** ms per phase (start of its progress event to the next phase's, or to `done`), as emitted. */
  phaseMs: Partial<Record<Phase, number>>;
  /** ms from sending the ask to receiving `done`. */
  totalMs: number;
  /** ms from the engine emitting `done` to this client receiving it. */
  deliveryMs: number;
}

export interface RoundResult {
  wallMs: number;
  turns: TurnResult[];
}

/** `clients` WebSocket clients each ask one question at the same time and wait for their own `done`. */
export async function runRound(load: LoadHost, clients: number, timeoutMs = 60_000): Promise<RoundResult> {
  const emitted = new Map<string, Array<{ at: number; event: EngineEvent }>>();
  const unsubscribe = load.engine.onEvent((event) => {
    const at = performance.now();
    if (!("turnId" in event) || !event.turnId) return;
    const list = emitted.get(event.turnId) ?? [];
    list.push({ at, event });
    emitted.set(event.turnId, list);
  });
  const list = Array.from({ length: clients }, () => new LoadClient(load.host));
  try {
    await Promise.all(list.map((c) => c.opened));
    const started = performance.now();
    const asks = list.map((c, i) => {
      const question = i % LOAD_QUESTIONS.length;
      return { client: c, question, ...c.request("consult.ask", { text: LOAD_QUESTIONS[question]!.text }) };
    });
    const turns = await Promise.all(
      asks.map(async ({ client, question, sentAt, response }): Promise<TurnResult> => {
        const reply = (await response).message as { ok: boolean; result?: { turnId: string; threadId: string }; error?: unknown };
        if (!reply.ok || !reply.result) throw new Error(`consult.ask refused: ${JSON.stringify(reply.error)}`);
        const { turnId, threadId } = reply.result;
        const doneAt = await client.waitFor((m) => {
          const e = m.event as EngineEvent | undefined;
          return e?.type === "done" && e.turnId === turnId;
        }, timeoutMs);
        const all = client.events();
        const own = all.filter((s) => "turnId" in s.event && s.event.turnId === turnId);
        const atEngine = emitted.get(turnId) ?? [];
        const progress = atEngine.filter((s): s is { at: number; event: EventOf<"progress"> } => s.event.type === "progress");
        const engineDone = atEngine.find((s) => s.event.type === "done");
        const phaseMs: Partial<Record<Phase, number>> = {};
        progress.forEach((p, i) => {
          const end = progress[i + 1]?.at ?? engineDone?.at ?? doneAt.at;
          phaseMs[p.event.phase] = end - p.at;
        });
        return {
          question,
          turnId,
          threadId,
          done: doneAt.message.event as EventOf<"done">,
          own: own.map((s) => s.event),
          foreignEvents: all.length - own.length,
          emitted: atEngine.map((s) => s.event),
          queueMs: (progress[0]?.at ?? doneAt.at) - sentAt,
          phaseMs,
          totalMs: doneAt.at - sentAt,
          deliveryMs: doneAt.at - (engineDone?.at ?? doneAt.at),
        };
      }),
    );
    return { wallMs: performance.now() - started, turns };
  } finally {
    unsubscribe();
    load.modelCalls.length = 0; // the harness's own record, not the engine's memory
    await Promise.all(list.map((c) => c.close()));
  }
}

/** A collectable heap: `global.gc` when Node was started with --expose-gc, else one obtained at run time. */
export function gcFunction(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

export interface MemorySample {
  heapUsedMiB: number;
  rssMiB: number;
}

/** Heap and RSS after a full collection (twice: weak references and finalizers need a second pass). */
export async function memoryAfterGc(gc: () => void): Promise<MemorySample> {
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const m = process.memoryUsage();
  return { heapUsedMiB: mib(m.heapUsed), rssMiB: mib(m.rss) };
}

const mib = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** Nearest-rank percentile of a list of milliseconds, rounded to 0.1 ms. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

export interface LatencyFigures {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export function latency(values: readonly number[]): LatencyFigures {
  return { p50Ms: percentile(values, 0.5), p95Ms: percentile(values, 0.95), maxMs: percentile(values, 1) };
}

/** p50/p95 of the queue, each phase and the whole turn, over every turn given. */
export function phaseFigures(turns: readonly TurnResult[]) {
  const phases = Object.fromEntries(PHASES.map((p) => [p, latency(turns.map((t) => t.phaseMs[p]).filter((x): x is number => x !== undefined))]));
  return {
    queue: latency(turns.map((t) => t.queueMs)),
    ...phases,
    total: latency(turns.map((t) => t.totalMs)),
    doneDelivery: latency(turns.map((t) => t.deliveryMs)),
  } as Record<"queue" | Phase | "total" | "doneDelivery", LatencyFigures>;
}
