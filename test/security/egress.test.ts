/**
 * Zero egress (issue 17): a full consult — an attachment added, a note written, a question answered by a
 * specialist that reads its skill, the attachment and the note through tools — with every way out of this
 * process observed in-process: `net` (Socket.prototype.connect, connect, createConnection), `tls.connect`,
 * `http(s).request/get`, `http2.connect`, `dgram` sockets, the global `fetch` (undici, which does not go
 * through http.request) and DNS (`lookup`, `lookupService`, `resolve*`, callback and promise forms).
 *
 * With the real Ollama provider pointed at the in-process stub, the only destination is the stub's
 * 127.0.0.1:port; with the scripted in-process model there is no outbound attempt at all. The stub's own
 * incoming sockets are accepted by its server, never connected, so they are not outbound attempts.
 * Each case ends by deliberately reaching for a closed loopback port through every hook, so the test
 * cannot pass because the observation saw nothing.
 */
import { lookup as esmLookup } from "node:dns";
import { request as esmHttpRequest } from "node:http";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { connect as esmNetConnect } from "node:net";
import type * as dgramTypes from "node:dgram";
import type * as dnsTypes from "node:dns";
import type * as httpTypes from "node:http";
import type * as http2Types from "node:http2";
import type * as httpsTypes from "node:https";
import type * as netTypes from "node:net";
import type * as tlsTypes from "node:tls";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createEngine as createEngineFn, Engine } from "../../src/engine/engine";
import type { EventLog as EventLogClass } from "../support/engineHarness";
import { closedPortUrl, startOllamaStub, type OllamaStub } from "../support/ollamaStub";
import type { scriptedProvider as scriptedProviderFn } from "../support/scriptedChatModel";
import { tempDir } from "../support/tempDir";

// The CommonJS export objects: the ones `import { x } from "node:x"` reads after syncBuiltinESMExports().
const requireCjs = createRequire(import.meta.url);
const net = requireCjs("node:net") as typeof netTypes;
const tls = requireCjs("node:tls") as typeof tlsTypes;
const http = requireCjs("node:http") as typeof httpTypes;
const https = requireCjs("node:https") as typeof httpsTypes;
const http2 = requireCjs("node:http2") as typeof http2Types;
const dgram = requireCjs("node:dgram") as typeof dgramTypes;
const dns = requireCjs("node:dns") as typeof dnsTypes;

const contentDir = join(__dirname, "..", "..");

interface Attempt {
  /** Which hook saw it, e.g. "net.Socket.connect", "fetch", "dns.lookup". */
  via: string;
  host: string | null;
  port: number | null;
  /** A local (Unix socket / named pipe) path instead of host:port. */
  path?: string;
}

type AnyFn = (...args: unknown[]) => unknown;

/** Records every outbound attempt while installed; uninstall() puts every original back. */
class EgressObserver {
  private attempts: Attempt[] = [];
  private readonly restores: Array<() => void> = [];

  /** The attempts since the last take(), and start afresh. */
  take(): Attempt[] {
    const taken = this.attempts;
    this.attempts = [];
    return taken;
  }

  private record(attempt: Attempt): void {
    this.attempts.push(attempt);
  }

  private wrap(target: object, key: string, label: string, describe: (args: unknown[]) => Omit<Attempt, "via">): void {
    const holder = target as Record<string, unknown>;
    const original = holder[key];
    if (typeof original !== "function") return;
    const record = (args: unknown[]) => {
      try {
        this.record({ via: label, ...describe(args) });
      } catch {
        this.record({ via: label, host: "<unparsed>", port: null });
      }
    };
    const wrapped = function (this: unknown, ...args: unknown[]) {
      record(args);
      return (original as AnyFn).apply(this, args);
    };
    Object.defineProperty(wrapped, "name", { value: (original as AnyFn).name });
    // Keep util.promisify.custom and friends (dns.lookup has one).
    for (const symbol of Object.getOwnPropertySymbols(original)) {
      (wrapped as unknown as Record<symbol, unknown>)[symbol] = (original as unknown as Record<symbol, unknown>)[symbol];
    }
    holder[key] = wrapped;
    this.restores.push(() => {
      holder[key] = original;
    });
  }

  install(): void {
    const socketArgs = (args: unknown[]) => {
      // Socket.prototype.connect gets [options, cb] normalized by net.connect, or the user's own arguments.
      const first = Array.isArray(args[0]) ? args[0][0] : args[0];
      return endpoint(first, args[1]);
    };
    this.wrap(net.Socket.prototype, "connect", "net.Socket.connect", socketArgs);
    this.wrap(net, "connect", "net.connect", (a) => endpoint(a[0], a[1]));
    this.wrap(net, "createConnection", "net.createConnection", (a) => endpoint(a[0], a[1]));
    this.wrap(tls, "connect", "tls.connect", (a) => endpoint(a[0], a[1], 443));
    for (const [mod, name, port] of [
      [http, "http", 80],
      [https, "https", 443],
    ] as const) {
      this.wrap(mod, "request", `${name}.request`, (a) => requestTarget(a, port));
      this.wrap(mod, "get", `${name}.get`, (a) => requestTarget(a, port));
    }
    this.wrap(http2, "connect", "http2.connect", (a) => urlTarget(String(a[0] instanceof URL ? a[0].href : a[0]), 443));
    this.wrap(dgram, "createSocket", "dgram.createSocket", () => ({ host: null, port: null }));
    this.wrap(dgram.Socket.prototype, "connect", "dgram.Socket.connect", (a) => ({ host: typeof a[1] === "string" ? a[1] : "localhost", port: Number(a[0]) }));
    this.wrap(dgram.Socket.prototype, "send", "dgram.Socket.send", (a) => {
      const host = a.find((x, i) => i > 0 && typeof x === "string") as string | undefined;
      const port = a.find((x, i) => i > 0 && typeof x === "number" && x > 0) as number | undefined;
      return { host: host ?? null, port: port ?? null };
    });
    const dnsHooks = (mod: object, prefix: string) => {
      for (const key of Object.keys(mod)) {
        if (key === "lookup" || key === "lookupService" || key.startsWith("resolve") || key === "reverse") {
          this.wrap(mod, key, `${prefix}.${key}`, (a) => ({ host: String(a[0]), port: key === "lookupService" ? Number(a[1]) : null }));
        }
      }
    };
    dnsHooks(dns, "dns");
    dnsHooks(dns.promises, "dns.promises");
    dnsHooks(dns.Resolver.prototype, "dns.Resolver");
    dnsHooks(dns.promises.Resolver.prototype, "dns.promises.Resolver");
    this.wrap(globalThis, "fetch", "fetch", (a) => {
      const input = a[0];
      const url = input instanceof URL ? input.href : typeof input === "string" ? input : (input as Request).url;
      return urlTarget(url, 80);
    });
    syncBuiltinESMExports();
  }

  uninstall(): void {
    for (const restore of this.restores.reverse()) restore();
    this.restores.length = 0;
    syncBuiltinESMExports();
  }
}

function endpoint(first: unknown, second: unknown, defaultPort = 0): Omit<Attempt, "via"> {
  if (typeof first === "object" && first !== null) {
    const o = first as { host?: string; hostname?: string; port?: number | string; path?: string };
    if (o.path && o.port === undefined) return { host: null, port: null, path: o.path };
    return { host: o.host ?? o.hostname ?? "localhost", port: Number(o.port ?? defaultPort) };
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return { host: null, port: null, path: first };
  return { host: typeof second === "string" ? second : "localhost", port: Number(first) };
}

function urlTarget(href: string, defaultPort: number): Omit<Attempt, "via"> {
  const url = new URL(href);
  const fallback = url.protocol === "https:" ? 443 : url.protocol === "http:" ? 80 : defaultPort;
  return { host: url.hostname.replace(/^\[|\]$/g, ""), port: url.port ? Number(url.port) : fallback };
}

function requestTarget(args: unknown[], defaultPort: number): Omit<Attempt, "via"> {
  const [first, second] = args;
  if (typeof first === "string" || first instanceof URL) {
    const base = urlTarget(String(first instanceof URL ? first.href : first), defaultPort);
    const o = (typeof second === "object" && second !== null ? second : {}) as { host?: string; hostname?: string; port?: number | string };
    return { host: o.hostname ?? o.host ?? base.host, port: o.port !== undefined ? Number(o.port) : base.port };
  }
  const o = (first ?? {}) as { host?: string; hostname?: string; port?: number | string; socketPath?: string };
  if (o.socketPath) return { host: null, port: null, path: o.socketPath };
  return { host: (o.hostname ?? o.host ?? "localhost").replace(/:\d+$/, ""), port: Number(o.port ?? defaultPort) };
}

/** The distinct destinations, each with the hooks that saw it (for the report and failure messages). */
function destinations(attempts: Attempt[]): string[] {
  const by = new Map<string, Set<string>>();
  for (const a of attempts) {
    const where = a.path !== undefined ? `path:${a.path}` : `${a.host ?? "?"}:${a.port ?? "-"}`;
    const set = by.get(where) ?? new Set<string>();
    set.add(a.via);
    by.set(where, set);
  }
  return [...by].map(([where, vias]) => `${where} via ${[...vias].sort().join(", ")}`).sort();
}

function counts(attempts: Attempt[]): string {
  const by = new Map<string, number>();
  for (const a of attempts) by.set(a.via, (by.get(a.via) ?? 0) + 1);
  return [...by].map(([via, n]) => `${via} ×${n}`).join(", ");
}

const observer = new EgressObserver();
const originals = { socketConnect: net.Socket.prototype.connect, netConnect: net.connect, fetch: globalThis.fetch, lookup: dns.lookup, httpRequest: http.request };
let createEngine: typeof createEngineFn;
let EventLog: typeof EventLogClass;
let scriptedProvider: typeof scriptedProviderFn;

beforeAll(async () => {
  // Installed before the engine (and LangChain, and the harness that imports them) is even loaded, so
  // nothing they capture or start at import time escapes the observation.
  observer.install();
  ({ createEngine } = await import("../../src/engine/engine"));
  ({ EventLog } = await import("../support/engineHarness"));
  ({ scriptedProvider } = await import("../support/scriptedChatModel"));
  expect(observer.take(), "loading the engine reached out").toEqual([]);
});
afterAll(() => {
  observer.uninstall();
  const now = { socketConnect: net.Socket.prototype.connect, netConnect: net.connect, fetch: globalThis.fetch, lookup: dns.lookup, httpRequest: http.request };
  for (const [name, fn] of Object.entries(now)) {
    if (fn !== originals[name as keyof typeof originals]) throw new Error(`${name} was not restored`);
  }
});

const QUESTION = "Help me organize my medical records before switching doctors";
const ANSWER = "Here is a records inventory to start from. List each record, its date and who holds it, then note what is missing.";

/** The consult: an attachment, a note, and a question that reads both through the specialist's tools. */
async function fullConsult(engine: Engine) {
  const log = new EventLog();
  engine.onEvent(log.push);
  engine.consent.grantGlobal();
  const attachment = await engine["attachments.add"]({
    name: "records-list.txt",
    mime: "text/plain",
    dataBase64: Buffer.from("Discharge summary, June 2023\nLab report, March 2024\nVaccination card").toString("base64"),
  });
  await engine["notes.write"]({ name: "switching doctors.md", content: "# Switching doctors\n- ask for the records request form\n" });
  const { turnId } = await engine["consult.ask"]({ text: QUESTION, attachmentIds: [attachment.id] });
  const done = await log.done(turnId, 0, 45_000);
  return { done, log, turnId };
}

/** Reach for a closed loopback port through every hook; each must be seen. */
async function deliberateProbes(): Promise<void> {
  const port = Number(new URL(await closedPortUrl()).port); // below 1024: never handed out by listen(0)
  const settle = (emitter: { once(event: "error" | "connect", cb: () => void): unknown }) =>
    new Promise<void>((resolve) => {
      emitter.once("error", () => resolve());
      emitter.once("connect", () => resolve());
    });
  const s1 = net.connect({ host: "127.0.0.1", port });
  await settle(s1);
  s1.destroy();
  const s2 = tls.connect({ host: "127.0.0.1", port, rejectUnauthorized: false });
  await settle(s2);
  s2.destroy();
  await new Promise<void>((resolve) => http.get({ host: "127.0.0.1", port }).once("error", () => resolve()));
  await new Promise<void>((resolve) => https.get({ host: "127.0.0.1", port }).once("error", () => resolve()));
  const session = http2.connect(`http://127.0.0.1:${port}`);
  await new Promise<void>((resolve) => session.once("error", () => resolve()));
  session.destroy();
  await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
  await new Promise<void>((resolve) => dns.lookup("localhost", () => resolve()));
  await dns.promises.lookup("localhost");
  const udp = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => udp.send("x", port, "127.0.0.1", () => resolve()));
  udp.close();
}

function expectProbesSeen(attempts: Attempt[]): void {
  const vias = new Set(attempts.map((a) => a.via));
  for (const via of ["net.connect", "net.Socket.connect", "tls.connect", "http.get", "https.get", "http2.connect", "fetch", "dns.lookup", "dns.promises.lookup", "dgram.createSocket", "dgram.Socket.send"]) {
    expect(vias, `the deliberate probe through ${via} was not observed`).toContain(via);
  }
  // fetch is undici: its socket still comes through net.Socket.prototype.connect, on 127.0.0.1.
  expect(attempts.filter((a) => a.via === "net.Socket.connect").every((a) => a.host === "127.0.0.1")).toBe(true);
}

describe("zero egress", () => {
  it("the hooks are what ES module imports of the builtins see (as the engine imports them)", () => {
    expect(esmNetConnect).toBe(net.connect);
    expect(esmHttpRequest).toBe(http.request);
    expect(esmLookup).toBe(dns.lookup);
    expect(esmNetConnect.name).toBe("connect");
    expect(String(esmNetConnect)).toContain("record(args)");
  });

  it("real Ollama provider on the loopback stub: the only destination is the stub's 127.0.0.1:port", async () => {
    const stub: OllamaStub = await startOllamaStub();
    const tmp = tempDir();
    const stubPort = Number(new URL(stub.url).port);
    observer.take(); // the stub's listen is not an outbound attempt; start counting at the engine
    const engine = createEngine({ dataDir: tmp.dir, contentDir, hostKind: "desktop" });
    let attempts: Attempt[];
    try {
      await engine["settings.set"]({ model: { provider: "ollama", ollamaBaseUrl: stub.url, ollamaModel: "qwen2.5:3b" }, firstRunDone: true });
      stub.enqueue(
        { toolCalls: [{ name: "read_file", arguments: { file_path: "/skills/records-management/SKILL.md", limit: 200 } }] },
        { toolCalls: [{ name: "attach-read", arguments: { name: "records-list.txt" } }] },
        { toolCalls: [{ name: "note-read", arguments: { name: "switching doctors.md" } }] },
        { chunks: [ANSWER.slice(0, 40), ANSWER.slice(40)] },
      );
      const { done, log, turnId } = await fullConsult(engine);
      expect(done.outcome, JSON.stringify(log.of("error", turnId))).toBe("answered");
      expect(done.agents).toEqual(["records-coordinator"]);
      expect(done.text).toContain("records inventory");
      // The model really did the work over the wire: the tool results went back to the stub.
      const sent = JSON.stringify(stub.chatBodies());
      expect(sent).toContain("Vaccination card");
      expect(sent).toContain("ask for the records request form");
      // The model screen probes the configured server too; that is the same destination.
      expect((await engine["models.list"]()).ollama.reachable).toBe(true);
    } finally {
      await engine.close();
      attempts = observer.take();
      await stub.close();
      tmp.cleanup();
    }
    const requests = stub.requests.map((r) => `${r.method} ${r.path}`);
    console.info(`[egress] ollama stub case, ${attempts.length} attempts (${counts(attempts)}):\n  ${destinations(attempts).join("\n  ")}\n  the stub served: ${requests.join(", ")}`);
    expect(attempts.length).toBeGreaterThan(0);
    const foreign = attempts.filter((a) => a.path !== undefined || a.host !== "127.0.0.1" || a.port !== stubPort);
    expect(destinations(foreign), `only 127.0.0.1:${stubPort} (the stub) is allowed`).toEqual([]);
    // Every request the stub received was seen on its way out (HTTP level), over sockets seen connecting.
    const httpLevel = attempts.filter((a) => a.via === "fetch" || /^https?\.(request|get)$/.test(a.via));
    expect(httpLevel.length).toBeGreaterThanOrEqual(stub.requests.length);
    expect(attempts.some((a) => a.via === "net.Socket.connect")).toBe(true);

    await deliberateProbes();
    expectProbesSeen(observer.take());
  });

  it("scripted in-process model: no outbound attempt at all", async () => {
    const tmp = tempDir();
    observer.take();
    const provider = scriptedProvider([
      { toolCalls: [{ name: "read_file", args: { file_path: "/skills/records-management/SKILL.md", limit: 200 } }] },
      { toolCalls: [{ name: "attach-read", args: { name: "records-list.txt" } }] },
      { toolCalls: [{ name: "note-read", args: { name: "switching doctors.md" } }] },
      { text: ANSWER },
    ]);
    const engine = createEngine({ dataDir: tmp.dir, contentDir, modelProvider: provider, hostKind: "desktop" });
    let attempts: Attempt[];
    try {
      const { done, log, turnId } = await fullConsult(engine);
      expect(done.outcome, JSON.stringify(log.of("error", turnId))).toBe("answered");
      expect(done.agents).toEqual(["records-coordinator"]);
      const toolResults = JSON.stringify(provider.model.calls.at(-1)!.messages.map((m) => m.content));
      expect(toolResults).toContain("Vaccination card");
      expect(toolResults).toContain("ask for the records request form");
    } finally {
      await engine.close();
      attempts = observer.take();
      tmp.cleanup();
    }
    console.info(`[egress] scripted case, ${attempts.length} attempts${attempts.length ? `:\n  ${destinations(attempts).join("\n  ")}` : ""}`);
    expect(destinations(attempts)).toEqual([]);

    await deliberateProbes();
    expectProbesSeen(observer.take());
  });
});
