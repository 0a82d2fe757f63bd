/**
 * A real kiosk: `carefold serve --kiosk`'s pieces (the clinic's engine lending its model, an engine per
 * visitor in a temporary folder, the real web host) and WebSocket clients that act as visitors' browsers.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";
import { createEngine, type Engine } from "../../../src/engine/engine";
import { kioskSessions, lentProvider, type KioskSessionOptions } from "../../../src/engine/host/sessions";
import { startWebHost, type WebHost } from "../../../src/engine/host/webHost";
import { scriptedProvider, type Script } from "../../support/scriptedChatModel";
import { REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

export interface Visitor {
  ws: WebSocket;
  session: string;
  /** Every event this connection heard, as JSON text. */
  heard: string[];
  call(method: string, params?: unknown): Promise<{ ok: boolean; result?: unknown; error?: { code: string; message: string } }>;
  /** Resolves with the close code when the host closes this connection. */
  closed: Promise<number>;
  /** Ask and wait for the turn's done event. */
  ask(text: string, attachmentIds?: string[]): Promise<{ threadId: string; turnId: string }>;
}

export interface Kiosk {
  host: WebHost;
  /** The clinic's own data folder (its settings and model). */
  clinicDir: string;
  /** Where the visitor folders are made. */
  root: string;
  visitor(resume?: string): Promise<Visitor>;
  script(next: Script): void;
  stop(): Promise<void>;
}

export async function startKiosk(options: Partial<Pick<KioskSessionOptions, "idleMs" | "graceMs" | "sweepMs">> = {}): Promise<Kiosk> {
  const files = tempDir("carefold-kiosk-test-");
  const clinicDir = join(files.dir, "clinic");
  const root = join(files.dir, "tmp");
  const staticDir = join(files.dir, "renderer");
  mkdirSync(root, { recursive: true });
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Carefold</title>");
  let script: Script = [{ text: "Here is a short checklist for your visit." }];
  const provider = scriptedProvider((messages, index) => (typeof script === "function" ? script(messages, index) : script[Math.min(index, script.length - 1)]!));
  const clinic: Engine = createEngine({ dataDir: clinicDir, contentDir: REPO, modelProvider: provider });
  const host = await startWebHost({
    staticDir,
    sessions: kioskSessions({
      root,
      idleMs: options.idleMs ?? 60_000,
      graceMs: options.graceMs ?? 60_000,
      sweepMs: options.sweepMs ?? 1_000,
      createEngine: (dataDir, hooks) =>
        createEngine({ dataDir, contentDir: REPO, hostKind: "browser", kiosk: true, modelProvider: lentProvider(() => clinic.provider), router: () => () => singlePlan("visit-steward"), host: hooks }),
    }),
  });
  let nextId = 1;

  async function visitor(resume?: string): Promise<Visitor> {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}${resume ? `&session=${resume}` : ""}`);
    const heard: string[] = [];
    const waiting = new Map<number, (r: Record<string, unknown>) => void>();
    const done = new Map<string, () => void>();
    let gotSession: (key: string) => void = () => {};
    const session = new Promise<string>((resolve) => (gotSession = resolve));
    ws.on("message", (data) => {
      const text = data.toString();
      const frame = JSON.parse(text) as Record<string, unknown>;
      if (typeof frame.session === "string") return gotSession(frame.session);
      if ("event" in frame) {
        heard.push(text);
        const e = frame.event as { type: string; turnId?: string };
        if (e.type === "done" && e.turnId) done.get(e.turnId)?.();
        return;
      }
      waiting.get(frame.id as number)?.(frame);
    });
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const call: Visitor["call"] = (method, params = {}) => {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve as (r: Record<string, unknown>) => void);
        ws.send(JSON.stringify({ id, method, params }));
      });
    };
    return {
      ws,
      session: await session,
      heard,
      call,
      closed,
      async ask(text, attachmentIds) {
        const r = await call("consult.ask", { text, ...(attachmentIds ? { attachmentIds } : {}) });
        if (!r.ok) throw new Error(`consult.ask refused: ${r.error?.message}`);
        const ids = r.result as { threadId: string; turnId: string };
        await new Promise<void>((resolve) => {
          done.set(ids.turnId, resolve);
          if (heard.some((h) => h.includes('"type":"done"') && h.includes(ids.turnId))) resolve();
        });
        return ids;
      },
    };
  }

  return {
    host,
    clinicDir,
    root,
    visitor,
    script(next) {
      script = next;
    },
    async stop() {
      await host.close();
      await clinic.close();
      files.cleanup();
    },
  };
}

/** Every readable file under `dir` (to a depth, newer than `since` when given) as latin1 text. */
export function filesUnder(dir: string, options: { since?: number; depth?: number; maxBytes?: number } = {}): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (d: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return; // not ours to read
    }
    for (const e of entries) {
      const full = join(d, e.name);
      try {
        if (e.isDirectory()) {
          if (depth > 0) walk(full, depth - 1);
        } else if (e.isFile()) {
          const s = statSync(full);
          if ((options.since === undefined || s.mtimeMs >= options.since) && s.size <= (options.maxBytes ?? 20_000_000)) out.push({ path: full, text: readFileSync(full).toString("latin1") });
        }
      } catch {
        // gone meanwhile, or not readable
      }
    }
  };
  walk(dir, options.depth ?? 12);
  return out;
}
