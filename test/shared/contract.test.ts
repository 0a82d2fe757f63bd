/** Every request's input schema accepts valid messages and rejects invalid ones with a typed error. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  EngineEventSchema,
  REQUEST_NAMES,
  requests,
  type EngineRequests,
  type RequestName,
} from "../../src/shared/contract";
import { METHODS } from "../../src/shared/methods";
import { dispatchRequest, EngineError } from "../../src/shared/rpc";

const valid: Record<RequestName, unknown[]> = {
  "consult.ask": [{ text: "Help me prepare for my visit" }, { threadId: "t_abc", text: "hi", attachmentIds: ["a1"] }],
  "consult.cancel": [{ turnId: "u_1" }],
  "consult.decide": [{ approvalId: "ap1", decision: "approve" }, { approvalId: "ap1", decision: "edit", editedContent: "# x" }],
  "attachments.add": [{ name: "labs.txt", dataBase64: Buffer.from("hello").toString("base64") }],
  "attachments.list": [{}],
  "attachments.read": [{ id: "a1" }],
  "attachments.remove": [{ id: "a1" }],
  "notes.list": [{}],
  "notes.read": [{ name: "visit questions.md" }],
  "notes.write": [{ name: "visit.md", content: "# Visit" }, { name: "visit.md", content: "", expectedRevision: "abc" }],
  "notes.delete": [{ name: "visit.md" }],
  "catalog.agents": [{}],
  "content.packs": [{}],
  "settings.get": [{}],
  "settings.set": [{ language: "es" }, { textScale: 150, highContrast: true }, { model: { provider: "ollama", ollamaModel: "qwen2.5:3b" } }],
  "models.list": [{}],
  "models.pull": [{ id: "qwen2.5-1.5b-instruct" }],
  "models.import": [{ path: "/media/usb/model.gguf" }],
  "models.remove": [{ file: "model.gguf" }],
  "threads.list": [{}],
  "threads.get": [{ threadId: "t1" }],
  "threads.rename": [{ threadId: "t1", title: "Heart visit" }],
  "threads.delete": [{ threadId: "t1" }],
  "search.run": [{ query: "corazón" }, { query: '"' }, { query: "AND (" }, { query: "x".repeat(200) }],
  "data.deleteAll": [{ confirm: true }],
  "consent.get": [{}],
  "consent.set": [{ scope: "global", granted: true }, { scope: "agent", agentId: "cardiology-guide", granted: false }],
  "approvals.list": [{}],
  "agenda.export": [{ threadId: "t1" }, { threadId: "t1", turnId: "u1" }],
  "host.printToPdf": [{ html: "<h1>Agenda</h1>", fileName: "agenda" }],
  "app.info": [{}],
  "session.end": [{}],
  "app.licenses": [{}],
  "host.pickModelFile": [{}],
  "profiles.list": [{}],
  "profiles.create": [{ name: "Mum" }, { name: "Leo", pin: "0000" }, { name: "Abuela Rosa", pin: "correct horse" }],
  "profiles.open": [{ id: "first" }, { id: "pAbc_-1", pin: "1234" }],
  "profiles.lock": [{}],
  "profiles.rename": [{ id: "first", name: "Me" }],
  "profiles.setPin": [{ pin: "1234" }, { currentPin: "1234" }, { pin: "98765", currentPin: "1234" }],
  "profiles.remove": [{ id: "pAbc", confirm: true }, { id: "pAbc", confirm: true, pin: "1234" }],
  "profiles.export": [{}],
  "profiles.configure": [{ relockMinutes: 10 }, { relockMinutes: 0 }],
  "kiosk.status": [{}],
  "kiosk.enable": [{ adminPin: "2468" }, { adminPin: "clinic desk", idleSeconds: 30 }, { adminPin: "2468", idleSeconds: 3600 }],
  "kiosk.disable": [{ adminPin: "2468" }],
};

const invalid: Record<RequestName, unknown[]> = {
  "consult.ask": [{}, { text: "" }, { text: 5 }, { text: "x", threadId: "../etc" }, { text: "x", extra: 1 }],
  "consult.cancel": [{}, { turnId: "" }, { turnId: "a b" }],
  "consult.decide": [{ approvalId: "ap1", decision: "maybe" }, { decision: "approve" }],
  "attachments.add": [{ name: "", dataBase64: "" }, { name: "x.txt", dataBase64: "not base64!" }],
  "attachments.list": [{ all: true }],
  "attachments.read": [{}, { id: "../x" }, { id: "a1", page: 2 }],
  "attachments.remove": [{ id: "../x" }],
  "notes.list": [[]],
  "notes.read": [{ name: "../../etc/passwd" }, { name: "notes/a.md" }, { name: "a.txt" }, { name: ".hidden.md" }],
  "notes.write": [{ name: "a.md" }, { name: "/abs.md", content: "" }],
  "notes.delete": [{ name: "..md" }],
  "catalog.agents": [{ q: 1 }],
  "content.packs": [{ reload: true }],
  "settings.get": [{ key: "x" }],
  "settings.set": [
    { textScale: 300 },
    { language: "fr" },
    { model: { provider: "cloud" } },
    { unknown: true },
    // A model server is a web address: other schemes would skip the off-computer question.
    { model: { provider: "ollama", ollamaModel: "x", ollamaBaseUrl: "javascript:alert(1)" } },
    { model: { provider: "openai-compatible", serverUrl: "file:///etc/passwd" } },
  ],
  "models.list": [{ x: 1 }],
  "models.pull": [{}, { id: "" }],
  "models.import": [{ path: "" }, {}],
  "models.remove": [{}],
  "threads.list": [{ all: 1 }],
  "threads.get": [{}, { threadId: "../x" }],
  "threads.rename": [{ threadId: "t1", title: "   " }, { threadId: "t1" }],
  "threads.delete": [{}],
  "search.run": [{}, { query: "" }, { query: "x".repeat(201) }, { query: 5 }, { query: "a\u0000b" }, { query: "ok", limit: 100 }],
  "data.deleteAll": [{}, { confirm: false }, { confirm: "yes" }, { confirm: true, keep: "notes" }],
  "consent.get": [{ scope: "global" }],
  "consent.set": [{ scope: "agent", granted: true }, { scope: "everything", granted: true }, { scope: "global" }],
  "approvals.list": [{ status: "pending" }],
  "agenda.export": [{}],
  "host.printToPdf": [{ html: "", fileName: "x" }],
  "app.info": [{ verbose: true }],
  "session.end": [{ everything: true }],
  "app.licenses": [{ full: true }],
  "host.pickModelFile": [{ path: "/etc/passwd" }],
  "profiles.list": [{ all: true }],
  "profiles.create": [{}, { name: "" }, { name: "   " }, { name: "x".repeat(61) }, { name: "Mum", pin: "12" }, { name: "Mum\u0000" }, { name: "Mum", pin: "12\n34" }],
  "profiles.open": [{}, { id: "../first" }, { id: "first", pin: 1234 }],
  "profiles.lock": [{ id: "first" }],
  "profiles.rename": [{ id: "first" }, { id: "first", name: "" }],
  "profiles.setPin": [{ pin: "1" }, { pin: 1234 }, { pin: null }],
  "profiles.remove": [{ id: "pAbc" }, { id: "pAbc", confirm: false }, { id: "../..", confirm: true }],
  "profiles.export": [{ id: "other" }],
  "profiles.configure": [{}, { relockMinutes: -1 }, { relockMinutes: 1.5 }, { relockMinutes: 100000 }],
  "kiosk.status": [{ mode: "off" }],
  "kiosk.enable": [{}, { adminPin: "12" }, { adminPin: 2468 }, { adminPin: "24\n68" }, { adminPin: "2468", idleSeconds: 29 }, { adminPin: "2468", idleSeconds: 3601 }, { adminPin: "2468", idleSeconds: 60.5 }],
  "kiosk.disable": [{}, { adminPin: "" }, { adminPin: "x".repeat(65) }, { adminPin: "2468", idleSeconds: 60 }],
};

describe("contract", () => {
  it("lists the same methods in the zod table and the dependency-free list", () => {
    expect([...REQUEST_NAMES].sort()).toEqual([...METHODS].sort());
  });

  for (const name of REQUEST_NAMES) {
    it(`${name}: accepts valid input and rejects invalid input`, () => {
      for (const v of valid[name]) expect(requests[name].input.safeParse(v).success, JSON.stringify(v)).toBe(true);
      for (const v of invalid[name]) expect(requests[name].input.safeParse(v).success, JSON.stringify(v)).toBe(false);
    });
  }

  it("validates events", () => {
    expect(EngineEventSchema.safeParse({ type: "token", turnId: "u1", threadId: "t1", text: "hi" }).success).toBe(true);
    expect(EngineEventSchema.safeParse({ type: "token", turnId: "u1", text: "hi" }).success).toBe(false);
    expect(EngineEventSchema.safeParse({ type: "nope" }).success).toBe(false);
    expect(
      EngineEventSchema.safeParse({
        type: "emergency", turnId: "u1", threadId: "t1", family: "stroke", action: "911", rule: "r", locale: "US",
        headline: "Call 911 now", numbers: [],
      }).success,
    ).toBe(false); // an emergency always carries at least one number
  });
});

describe("dispatchRequest", () => {
  const calls: string[] = [];
  const engine = {
    "settings.get": async () => {
      calls.push("settings.get");
      return DEFAULT_SETTINGS;
    },
    "notes.read": async () => {
      throw new EngineError("not_found", "No note named x.md");
    },
    "notes.list": async () => [{ bogus: true }],
    "catalog.agents": async () => {
      throw new Error("boom");
    },
  } as unknown as EngineRequests;

  it("answers unknown methods with a typed error", async () => {
    expect(await dispatchRequest(engine, "files.delete", {})).toMatchObject({ ok: false, error: { code: "unknown_method" } });
    expect(await dispatchRequest(engine, 42, {})).toMatchObject({ ok: false, error: { code: "unknown_method" } });
    expect(await dispatchRequest(engine, "__proto__", {})).toMatchObject({ ok: false, error: { code: "unknown_method" } });
    expect(await dispatchRequest(engine, "toString", {})).toMatchObject({ ok: false, error: { code: "unknown_method" } });
  });

  it("rejects invalid input before calling the engine, naming the field", async () => {
    calls.length = 0;
    const r = await dispatchRequest(engine, "settings.get", { key: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    expect(calls).toEqual([]);
    const r2 = await dispatchRequest(engine, "notes.read", { name: "../x.md" });
    expect(r2.ok === false && r2.error.issues?.[0]?.path).toBe("name");
  });

  it("passes typed engine errors through and hides nothing else", async () => {
    expect(await dispatchRequest(engine, "settings.get", undefined)).toEqual({ ok: true, result: DEFAULT_SETTINGS });
    expect(await dispatchRequest(engine, "notes.read", { name: "x.md" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await dispatchRequest(engine, "catalog.agents", {})).toMatchObject({ ok: false, error: { code: "internal" } });
  });

  it("checks the About screen's licenses and the desktop file picker's answers", () => {
    const licenses = requests["app.licenses"].output;
    const entry = { name: "zod", version: "4.6.7", license: "MIT", repository: "https://github.com/colinhacks/zod", textId: "abc" };
    expect(licenses.safeParse({ available: true, generatedAt: "2026-01-01T00:00:00.000Z", packages: [entry], texts: { abc: "MIT License" } }).success).toBe(true);
    expect(licenses.safeParse({ available: false, generatedAt: null, packages: [], texts: {} }).success).toBe(true);
    expect(licenses.safeParse({ available: true, generatedAt: null, packages: [{ ...entry, license: 7 }], texts: {} }).success).toBe(false);
    const picked = requests["host.pickModelFile"].output;
    expect(picked.safeParse({ path: "/home/me/model.gguf" }).success).toBe(true);
    expect(picked.safeParse({ path: null }).success).toBe(true);
    expect(picked.safeParse({}).success).toBe(false);
  });

  it("never lets an invalid engine result through", async () => {
    expect(await dispatchRequest(engine, "notes.list", {})).toMatchObject({ ok: false, error: { code: "internal" } });
  });
});
