/**
 * Whose engine a web connection talks to. Outside a kiosk every connection shares the one engine: one
 * person's data. In a kiosk each visitor gets an engine of their own over a temporary folder, erased when
 * the visitor ends the session, stays idle past the countdown, or leaves (the connection closes and is
 * not resumed within a grace period). Nothing of one visitor is reachable from another connection: there
 * is no shared store to ask.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineApi } from "../../shared/contract";
import type { HostHooks } from "../handlers/app";
import type { ModelProvider } from "../inference/types";

export interface HostSession {
  /** Presented again on a reconnect to resume the same session. */
  key: string;
  engine: EngineApi;
}

export interface SessionSource {
  /** shared: one engine for all; kiosk: one per visitor; profiles: each connection picks its profile (src/engine/profiles). */
  readonly kind: "shared" | "kiosk" | "profiles";
  /** The session a new connection belongs to: the one `resumeKey` names if it is still live, else a new one. */
  open(resumeKey: string | null): Promise<HostSession>;
  /** A request arrived: the visitor is there. */
  touch(key: string): void;
  /** The connection closed; a kiosk session waits `graceMs` for a reconnect, then is erased. */
  detach(key: string): void;
  /** Called with a session's key when it has ended (its connections must close). */
  onEnded(listener: (key: string) => void): () => void;
  close(): Promise<void>;
}

export function sharedSessions(engine: EngineApi): SessionSource {
  return {
    kind: "shared",
    open: async () => ({ key: "shared", engine }),
    touch: () => undefined,
    detach: () => undefined,
    onEnded: () => () => undefined,
    close: async () => undefined,
  };
}

/** The clinic's model, lent to a visitor's engine: closing that engine never unloads it. */
export function lentProvider(owner: () => ModelProvider): ModelProvider {
  return { describe: () => owner().describe(), getChatModel: (request) => owner().getChatModel(request) };
}

/** An engine the kiosk can close; `hooks` let the app end its own session. */
export interface ClosableEngine extends EngineApi {
  close(): Promise<void>;
}

export interface KioskSessionOptions {
  /** A visitor's engine over `dataDir` (kiosk mode, the clinic's model shared, never disposed by it). */
  createEngine(dataDir: string, hooks: HostHooks): ClosableEngine;
  /** Where the visitor folders are made (default: the system's temporary folder). */
  root?: string;
  /** Without any request for this long a session is erased (the app's countdown comes first). */
  idleMs: number;
  /** How long a closed connection's session waits for the same page to reconnect. */
  graceMs?: number;
  /** How often idle sessions are looked for. */
  sweepMs?: number;
}

const PREFIX = "carefold-kiosk-";

/**
 * How long the host waits without hearing from a kiosk page before erasing its session: the page's own
 * idle time and countdown, plus more than its heartbeat interval (30 s; the host may last have heard
 * from it that long before the visitor's last input) and the sweep, so the host never erases a session
 * while the page still counts down.
 */
export function kioskIdleLimitMs(timing: { idleSeconds: number; countdownSeconds: number }): number {
  return (timing.idleSeconds + timing.countdownSeconds + 60) * 1000;
}
const OWNER_FILE = ".owner";

/** A visitor folder left by a kiosk that crashed (its process is gone): erased at start. */
function removeOrphans(root: string): void {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(root, name);
    let pid: number | null = null;
    try {
      pid = Number(readFileSync(join(dir, OWNER_FILE), "utf8"));
    } catch {
      // No owner yet: a kiosk may be making it this instant; one left for a minute is an orphan.
      if (Date.now() - statSync(dir).mtimeMs < 60_000) continue;
    }
    if (pid !== null && Number.isInteger(pid) && pid > 0 && (pid === process.pid || alive(pid))) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface Live {
  engine: ClosableEngine;
  dir: string;
  lastActive: number;
  /** Connections attached now: the grace period starts only when the last one closes. */
  sockets: number;
  grace: NodeJS.Timeout | null;
  ending: Promise<void> | null;
}

export function kioskSessions(options: KioskSessionOptions): SessionSource {
  const root = options.root ?? tmpdir();
  removeOrphans(root);
  const live = new Map<string, Live>();
  const listeners = new Set<(key: string) => void>();
  const graceMs = options.graceMs ?? 60_000;

  const end = (key: string): Promise<void> => {
    const s = live.get(key);
    if (!s) return Promise.resolve();
    s.ending ??= (async () => {
      if (s.grace) clearTimeout(s.grace);
      live.delete(key);
      for (const l of listeners) l(key);
      try {
        await s.engine.close(); // cancels a streaming consult, closes the database
      } finally {
        rmSync(s.dir, { recursive: true, force: true });
      }
    })();
    return s.ending;
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, s] of live) if (now - s.lastActive > options.idleMs) void end(key);
  }, options.sweepMs ?? 5_000);
  sweep.unref();

  return {
    kind: "kiosk",
    async open(resumeKey) {
      const resumed = resumeKey ? live.get(resumeKey) : undefined;
      if (resumeKey && resumed && !resumed.ending) {
        if (resumed.grace) clearTimeout(resumed.grace);
        resumed.grace = null;
        resumed.lastActive = Date.now();
        resumed.sockets++;
        return { key: resumeKey, engine: resumed.engine };
      }
      const key = randomBytes(18).toString("base64url");
      const dir = mkdtempSync(join(root, PREFIX)); // 0700
      writeFileSync(join(dir, OWNER_FILE), String(process.pid), { mode: 0o600 });
      // The answer to session.end is sent before the session goes.
      const engine = options.createEngine(join(dir, "data"), { endSession: async () => void setImmediate(() => void end(key)) });
      live.set(key, { engine, dir, lastActive: Date.now(), sockets: 1, grace: null, ending: null });
      return { key, engine };
    },
    touch(key) {
      const s = live.get(key);
      if (s) s.lastActive = Date.now();
    },
    detach(key) {
      const s = live.get(key);
      if (!s || s.ending) return;
      s.sockets = Math.max(0, s.sockets - 1);
      if (s.sockets > 0) return; // the same page reconnected before its old connection closed
      if (s.grace) clearTimeout(s.grace);
      s.grace = setTimeout(() => void end(key), graceMs);
      s.grace.unref();
    },
    onEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      clearInterval(sweep);
      await Promise.all([...live.keys()].map(end));
    },
  };
}
