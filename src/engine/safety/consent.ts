/**
 * Consent for `clinical_assist` agents (safety.md §3): global or per agent, revocable, audited (the
 * audit line holds agent ids and the decision, never text). Kiosk sessions (`persist: false`) keep
 * consent in memory only and never touch the database.
 */
import type { AuditSink } from "../audit/auditLog";
import { migrate, type Db } from "../storage/database";

export interface ConsentState {
  global: boolean;
  /** Agents with their own consent, sorted. */
  agents: string[];
}

export interface ConsentStore {
  /** What the gate asks: may this agent be consulted? (global consent or the agent's own). */
  hasConsent(agentId: string): boolean;
  grantGlobal(): void;
  withdrawGlobal(): void;
  grantAgent(agentId: string): void;
  withdrawAgent(agentId: string): void;
  list(): ConsentState;
  /**
   * Consent is asked once per conversation per specialist (issue 18, item 4): the engine marks who it
   * asked in which thread, so after "Not now" the same specialist does not ask again there (a reload,
   * the web host and the CLI see the same mark). A grant still counts everywhere.
   */
  markAsked(threadId: string, agentIds: string[]): void;
  wasAsked(threadId: string, agentId: string): boolean;
  /** A deleted conversation's marks (or, with no thread, every mark) go with it. */
  forgetAsked(threadId?: string): void;
  /** False for kiosk sessions: nothing is written. */
  readonly persistent: boolean;
}

export interface ConsentOptions {
  persist?: boolean;
  now?: () => Date;
}

const GLOBAL = "*";
const AGENT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const MIGRATIONS = [
  `CREATE TABLE consent (
     scope TEXT PRIMARY KEY,
     granted_at TEXT NOT NULL
   )`,
  `CREATE TABLE consent_asked (
     thread_id TEXT NOT NULL,
     agent_id TEXT NOT NULL,
     asked_at TEXT NOT NULL,
     PRIMARY KEY (thread_id, agent_id)
   )`,
];

function checkAgentId(agentId: string): string {
  if (typeof agentId !== "string" || agentId.length > 100 || !AGENT_ID.test(agentId)) {
    throw new Error("consent: agent id must be lowercase letters, digits and '-'");
  }
  return agentId;
}

/** Where grants live: the database, or (kiosk) a set that dies with the session. */
interface Backing {
  has(scope: string): boolean;
  add(scope: string, at: string): void;
  remove(scope: string): void;
  all(): string[];
  asked: {
    has(thread: string, agent: string): boolean;
    add(thread: string, agent: string, at: string): void;
    remove(thread: string | null): void;
  };
}

function memoryBacking(): Backing {
  const scopes = new Set<string>();
  const asked = new Map<string, Set<string>>();
  return {
    has: (s) => scopes.has(s),
    add: (s) => void scopes.add(s),
    remove: (s) => void scopes.delete(s),
    all: () => [...scopes],
    asked: {
      has: (t, a) => asked.get(t)?.has(a) ?? false,
      add: (t, a) => void asked.set(t, (asked.get(t) ?? new Set()).add(a)),
      remove: (t) => (t === null ? asked.clear() : void asked.delete(t)),
    },
  };
}

function dbBacking(db: Db): Backing {
  migrate(db, "consent", MIGRATIONS);
  const get = db.prepare("SELECT 1 FROM consent WHERE scope = ?");
  const put = db.prepare("INSERT INTO consent (scope, granted_at) VALUES (?, ?) ON CONFLICT(scope) DO NOTHING");
  const del = db.prepare("DELETE FROM consent WHERE scope = ?");
  const all = db.prepare("SELECT scope FROM consent ORDER BY scope");
  const askedGet = db.prepare("SELECT 1 FROM consent_asked WHERE thread_id = ? AND agent_id = ?");
  const askedPut = db.prepare("INSERT INTO consent_asked (thread_id, agent_id, asked_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
  const askedDel = db.prepare("DELETE FROM consent_asked WHERE thread_id = ?");
  const askedDelAll = db.prepare("DELETE FROM consent_asked");
  return {
    has: (s) => get.get(s) !== undefined,
    add: (s, at) => void put.run(s, at),
    remove: (s) => void del.run(s),
    all: () => (all.all() as { scope: string }[]).map((r) => r.scope),
    asked: {
      has: (t, a) => askedGet.get(t, a) !== undefined,
      add: (t, a, at) => void askedPut.run(t, a, at),
      remove: (t) => void (t === null ? askedDelAll.run() : askedDel.run(t)),
    },
  };
}

export function createConsentStore(db: Db, audit: AuditSink, options: ConsentOptions = {}): ConsentStore {
  const persistent = options.persist !== false;
  const now = options.now ?? (() => new Date());
  const backing = persistent ? dbBacking(db) : memoryBacking();

  const record = (decision: "granted" | "withdrawn", rule: "global" | "agent", agents: string[]): void => {
    audit.record({ event: "consent", agents, decision, rule, detail: { persisted: persistent } });
  };

  return {
    persistent,
    hasConsent(agentId: string): boolean {
      if (backing.has(GLOBAL)) return true;
      return typeof agentId === "string" && AGENT_ID.test(agentId) && backing.has(agentId);
    },
    grantGlobal(): void {
      backing.add(GLOBAL, now().toISOString());
      record("granted", "global", []);
    },
    withdrawGlobal(): void {
      backing.remove(GLOBAL);
      record("withdrawn", "global", []);
    },
    grantAgent(agentId: string): void {
      const id = checkAgentId(agentId);
      backing.add(id, now().toISOString());
      record("granted", "agent", [id]);
    },
    withdrawAgent(agentId: string): void {
      const id = checkAgentId(agentId);
      backing.remove(id);
      record("withdrawn", "agent", [id]);
    },
    markAsked(threadId: string, agentIds: string[]): void {
      const at = now().toISOString();
      for (const id of agentIds) backing.asked.add(threadId, checkAgentId(id), at);
    },
    wasAsked(threadId: string, agentId: string): boolean {
      return backing.asked.has(threadId, agentId);
    },
    forgetAsked(threadId?: string): void {
      backing.asked.remove(threadId ?? null);
    },
    list(): ConsentState {
      const scopes = backing.all();
      return { global: scopes.includes(GLOBAL), agents: scopes.filter((s) => s !== GLOBAL).sort() };
    },
  };
}
