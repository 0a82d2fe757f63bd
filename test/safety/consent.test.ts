import { afterEach, describe, expect, it } from "vitest";
import type { AuditEntry, AuditInput, AuditSink } from "../../src/engine/audit/auditLog";
import { createConsentStore } from "../../src/engine/safety/index";
import { openDatabase, type Db } from "../../src/engine/storage/database";

class MemoryAudit implements AuditSink {
  entries: AuditInput[] = [];
  record(input: AuditInput): AuditEntry {
    this.entries.push(input);
    return { ...input, seq: this.entries.length, time: "t", prev: "p", hash: "h" };
  }
}

const open: Db[] = [];
function db(): Db {
  const d = openDatabase(":memory:");
  open.push(d);
  return d;
}
afterEach(() => {
  while (open.length) open.pop()?.close();
});

describe("consent store", () => {
  it("starts with no consent, grants per agent, and revokes", () => {
    const audit = new MemoryAudit();
    const store = createConsentStore(db(), audit);
    expect(store.hasConsent("cardiology-guide")).toBe(false);
    store.grantAgent("cardiology-guide");
    expect(store.hasConsent("cardiology-guide")).toBe(true);
    expect(store.hasConsent("nephrology-guide")).toBe(false);
    expect(store.list()).toEqual({ global: false, agents: ["cardiology-guide"] });
    store.withdrawAgent("cardiology-guide");
    expect(store.hasConsent("cardiology-guide")).toBe(false);
  });

  it("global consent covers every agent and is revocable on its own", () => {
    const store = createConsentStore(db(), new MemoryAudit());
    store.grantAgent("derma-guide");
    store.grantGlobal();
    expect(store.hasConsent("anything-guide")).toBe(true);
    store.withdrawGlobal();
    expect(store.hasConsent("anything-guide")).toBe(false);
    expect(store.hasConsent("derma-guide")).toBe(true);
    expect(store.list()).toEqual({ global: false, agents: ["derma-guide"] });
  });

  it("persists in the database across store instances", () => {
    const d = db();
    createConsentStore(d, new MemoryAudit()).grantAgent("ent-guide");
    const again = createConsentStore(d, new MemoryAudit());
    expect(again.hasConsent("ent-guide")).toBe(true);
    const rows = d.prepare("SELECT scope FROM consent").all();
    expect(rows).toEqual([{ scope: "ent-guide" }]);
  });

  it("audits every grant and withdrawal with agents, decision and rule, and no text", () => {
    const audit = new MemoryAudit();
    const store = createConsentStore(db(), audit);
    store.grantGlobal();
    store.grantAgent("cardiology-guide");
    store.withdrawAgent("cardiology-guide");
    store.withdrawGlobal();
    expect(audit.entries.map(({ event, agents, decision, rule }) => ({ event, agents, decision, rule }))).toEqual([
      { event: "consent", agents: [], decision: "granted", rule: "global" },
      { event: "consent", agents: ["cardiology-guide"], decision: "granted", rule: "agent" },
      { event: "consent", agents: ["cardiology-guide"], decision: "withdrawn", rule: "agent" },
      { event: "consent", agents: [], decision: "withdrawn", rule: "global" },
    ]);
  });

  it("kiosk sessions keep consent in memory and never write the database", () => {
    const d = db();
    const audit = new MemoryAudit();
    const kiosk = createConsentStore(d, audit, { persist: false });
    expect(kiosk.persistent).toBe(false);
    kiosk.grantGlobal();
    kiosk.grantAgent("cardiology-guide");
    expect(kiosk.hasConsent("cardiology-guide")).toBe(true);
    const tables = d.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'consent'").all();
    expect(tables).toEqual([]);
    expect(d.prepare("SELECT COUNT(*) AS n FROM schema_migrations WHERE module = 'consent'").get()).toEqual({ n: 0 });
    // A later persistent store on the same database sees nothing from the kiosk session.
    expect(createConsentStore(d, new MemoryAudit()).hasConsent("cardiology-guide")).toBe(false);
    expect(audit.entries).toHaveLength(2);
  });

  it("rejects malformed agent ids and never grants them", () => {
    const store = createConsentStore(db(), new MemoryAudit());
    expect(() => store.grantAgent("../../etc")).toThrow();
    expect(() => store.grantAgent("")).toThrow();
    expect(store.hasConsent("*")).toBe(false);
    expect(store.hasConsent("Cardiology Guide")).toBe(false);
  });
});
