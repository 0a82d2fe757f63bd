/**
 * One Carefold behind the local web host for browser journeys: the real engine (scripted model, a
 * fixed router), and a thin layer in front of it that can inject engine events and let a test answer
 * a request itself (e.g. the desktop host's printToPdf). Everything else goes to the real engine.
 * The engine can be restarted on the same data folder while the web host keeps running, as after a
 * crash or an update: pages reconnect to the new engine on reload.
 */
import { join } from "node:path";
import type { BaseMessage } from "@langchain/core/messages";
import type { Browser, Page } from "playwright-core";
import {
  REQUEST_NAMES,
  type EngineApi,
  type EngineEvent,
  type EventListener,
  type RequestName,
  type RequestOutput,
  type RequestParsedInput,
} from "../../src/shared/contract";
import type { Engine } from "../../src/engine/engine";
import { startWebHost, type WebHost } from "../../src/engine/host/webHost";
import type { Plan } from "../../src/engine/lifecycle/state";
import { engineWithRouter } from "../../test/support/engineHarness";
import { scriptedProvider, type ScriptStep } from "../../test/support/scriptedChatModel";
import { tempDir } from "../../test/support/tempDir";

export const ROOT = join(__dirname, "..", "..");
export const STATIC_DIR = join(ROOT, "out", "renderer");

type Handler<K extends RequestName> = (input: RequestParsedInput<K>) => Promise<RequestOutput<K>>;
type Overrides = { [K in RequestName]?: Handler<K> };

export interface Harness {
  /** The engine now running (a new one after restart()). */
  readonly engine: Engine;
  host: WebHost;
  url: string;
  dataDir: string;
  provider: ReturnType<typeof scriptedProvider>;
  /** Requests answered by the test instead of the engine (set and cleared by tests). */
  overrides: Overrides;
  /** Every event the page was sent (real and injected). */
  events: EngineEvent[];
  inject(event: EngineEvent): void;
  /** Closes the engine and starts a new one on the same data folder, behind the same web host. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  script: (messages: BaseMessage[]) => ScriptStep;
  firstRunDone?: boolean;
  /** "scripted" (default): the scripted model, fixed. "settings": the model the settings choose, as in the app. */
  model?: "scripted" | "settings";
  /** A shared computer: consent lives in memory only. */
  kiosk?: boolean;
}

/** The text of the last user message the model was given. */
export function lastUserText(messages: BaseMessage[]): string {
  const human = [...messages].reverse().find((m) => m.getType() === "human");
  return typeof human?.content === "string" ? human.content : JSON.stringify(human?.content ?? "");
}

function planFor(agents: string[], why: string): Plan {
  return {
    agents,
    topology: agents.length > 1 ? "parallel" : "single",
    tasks: agents.map((agent) => ({ agent, dependsOn: [] })),
    confidence: 1,
    why,
  };
}

/**
 * A fixed router, so journeys do not depend on routing. Heart and skin questions go to health
 * specialists (consent applies); a question about bills and records goes to two paperwork
 * specialists at once (a master agenda); everything else to the Medical Records Coordinator.
 */
function route(text: string): Plan {
  if (/\bheart\b/i.test(text)) return planFor(["cardiology-guide"], "Heart visit preparation.");
  if (/\bskin\b/i.test(text)) return planFor(["derma-guide"], "Skin visit preparation.");
  if (/\bbills\b.*\brecords\b/i.test(text)) return planFor(["records-coordinator", "benefits-guide"], "Records and insurance together.");
  return planFor(["records-coordinator"], "Organizing records and visit papers.");
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const tmp = tempDir();
  const provider = scriptedProvider((messages) => options.script(messages));
  const makeEngine = () =>
    engineWithRouter(
      {
        dataDir: tmp.dir,
        contentDir: ROOT,
        modelProvider: (options.model ?? "scripted") === "scripted" ? provider : undefined,
        hostKind: "browser",
        kiosk: options.kiosk,
      },
      route,
    );
  let engine = makeEngine();
  if (options.firstRunDone ?? true) await engine["settings.set"]({ firstRunDone: true });
  const overrides: Overrides = {};
  const events: EngineEvent[] = [];
  const listeners = new Set<EventListener>();
  const deliver = (e: EngineEvent) => {
    events.push(e);
    for (const l of listeners) l(e);
  };
  engine.onEvent(deliver);
  const api = {
    onEvent(listener: EventListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as unknown as EngineApi;
  for (const name of REQUEST_NAMES) {
    (api as unknown as Record<string, unknown>)[name] = (input: unknown) => {
      const override = overrides[name] as ((i: unknown) => Promise<unknown>) | undefined;
      return override ? override(input) : (engine[name] as (i: unknown) => Promise<unknown>).call(engine, input);
    };
  }
  // The journeys ask and print far faster than a person does (80 trackers in a minute on one page); the
  // limits themselves are tested in test/security/families/resourceExhaustion.ts.
  const host = await startWebHost({
    engine: api,
    staticDir: STATIC_DIR,
    rateLimits: { "consult.ask": { burst: 1000, perSecond: 100 }, "agenda.export": { burst: 1000, perSecond: 100 } },
  });
  return {
    get engine() {
      return engine;
    },
    host,
    url: host.url,
    dataDir: tmp.dir,
    provider,
    overrides,
    events,
    inject: deliver,
    async restart() {
      await engine.close();
      engine = makeEngine();
      engine.onEvent(deliver);
    },
    async close() {
      await host.close();
      await engine.close();
      tmp.cleanup();
    },
  };
}

/** A fresh page with the app loaded and page errors collected. */
export async function openApp(browser: Browser, harness: Harness, viewport = { width: 1200, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  // A page of its own context (axe needs one); closing the page closes the context.
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.once("close", () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(harness.url);
  return { page, errors };
}

/** Polls until the predicate holds (no fixed sleeps). */
export async function until(predicate: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await predicate()) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
