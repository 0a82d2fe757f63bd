/**
 * Contract abuse through the real `carefold serve` host: bad tokens, foreign origins and hosts, unknown
 * and prototype method names, wrong types, prototype keys, deep and huge payloads. Every one gets a
 * typed refusal, nothing is written, and the host keeps serving.
 */
import { expect } from "vitest";
import WebSocket from "ws";
import { family } from "../attack";
import type { HostContext } from "../hostHarness";
import { fileSnapshot } from "../securityHarness";

async function refusedWith(ctx: HostContext, frame: unknown, code: string, options?: { binary?: boolean }): Promise<Record<string, unknown>> {
  const before = fileSnapshot(ctx.dataDir);
  const c = await ctx.client();
  try {
    const reply = await c.send(frame, options);
    expect(reply).toMatchObject({ ok: false, error: { code } });
    // The host still answers on the same socket.
    expect(await c.call("settings.get")).toMatchObject({ ok: true });
    expect(fileSnapshot(ctx.dataDir)).toEqual(before);
    return reply;
  } finally {
    c.close();
  }
}

const upgrade = (name: string, payload: string, query: (ctx: HostContext) => string | undefined, headers: (ctx: HostContext) => Record<string, string>, status: number, expected: string) => ({
  name,
  surface: "WebSocket upgrade /rpc",
  payload,
  expected,
  async run(ctx: HostContext) {
    expect(await ctx.upgradeStatus(query(ctx), headers(ctx))).toBe(status);
  },
});

export const contractAbuse = family<HostContext>("contract-abuse", [
  upgrade("ws-without-token", "no token query", () => "", () => ({}), 401, "401, no socket"),
  upgrade("ws-wrong-token", "token=wrong", () => "token=wrong", () => ({}), 401, "401, no socket"),
  upgrade("ws-token-with-suffix", "the real token plus one character", (c) => `token=${c.host.token}x`, () => ({}), 401, "401 (compared whole, in constant time)"),
  upgrade("ws-token-prefix", "the real token minus its last character", (c) => `token=${c.host.token.slice(0, -1)}`, () => ({}), 401, "401, no socket"),
  upgrade("ws-token-in-header-only", "Authorization: Bearer <token>, no query", () => "", (c) => ({ Authorization: `Bearer ${c.host.token}` }), 401, "401: only the page's URL token counts"),
  upgrade("ws-foreign-origin", "Origin: http://evil.example", (c) => `token=${c.host.token}`, () => ({ Origin: "http://evil.example" }), 403, "403 (cross-site WebSocket hijacking)"),
  upgrade("ws-null-origin", "Origin: null (sandboxed iframe, file://)", (c) => `token=${c.host.token}`, () => ({ Origin: "null" }), 403, "403, no socket"),
  upgrade("ws-origin-other-port", "Origin: http://127.0.0.1:1 (another local site)", (c) => `token=${c.host.token}`, () => ({ Origin: "http://127.0.0.1:1" }), 403, "403, no socket"),
  upgrade("ws-dns-rebinding-host", "Host: evil.example:<port>", (c) => `token=${c.host.token}`, (c) => ({ Host: `evil.example:${c.host.port}` }), 403, "403 (DNS rebinding)"),
  {
    name: "http-dns-rebinding-host",
    surface: "HTTP GET / (static app)",
    payload: "Host: evil.example",
    expected: "403, the app page is not served to a rebound name",
    async run(ctx) {
      const r = await ctx.httpGet("/", { Host: "evil.example" });
      expect(r.status).toBe(403);
      expect(r.body).not.toContain("Carefold");
    },
  },
  {
    name: "ws-wrong-path",
    surface: "WebSocket upgrade",
    payload: "/rpc2?token=<token>",
    expected: "404, no socket",
    async run(ctx) {
      const status = await new Promise<number>((resolve) => {
        const bad = new WebSocket(`ws://127.0.0.1:${ctx.host.port}/rpc2?token=${ctx.host.token}`);
        bad.once("unexpected-response", (_q, res) => resolve(res.statusCode ?? 0));
        bad.once("open", () => resolve(0));
      });
      expect(status).toBe(404);
    },
  },
  {
    name: "http-post-to-app",
    surface: "HTTP POST /",
    payload: "POST with a body",
    expected: "405 Method Not Allowed",
    async run(ctx) {
      const { request } = await import("node:http");
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: ctx.host.port, path: "/", method: "POST" }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end("x=1");
      });
      expect(status).toBe(405);
    },
  },
  {
    name: "unknown-method",
    surface: "WebSocket request",
    payload: '{"method":"files.rm"}',
    expected: "unknown_method",
    run: (ctx) => refusedWith(ctx, { id: 1, method: "files.rm", params: {} }, "unknown_method").then(() => undefined),
  },
  {
    name: "prototype-method-names",
    surface: "WebSocket request",
    payload: "method __proto__, constructor, toString, hasOwnProperty",
    expected: "unknown_method for each: only the contract's own names are methods",
    async run(ctx) {
      for (const method of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) await refusedWith(ctx, { id: 1, method, params: {} }, "unknown_method");
    },
  },
  {
    name: "method-not-a-string",
    surface: "WebSocket frame",
    payload: '{"id":1,"method":42}',
    expected: "invalid_message",
    run: (ctx) => refusedWith(ctx, { id: 1, method: 42 }, "invalid_message").then(() => undefined),
  },
  {
    name: "method-overlong",
    surface: "WebSocket frame",
    payload: "a 10,000-character method name",
    expected: "invalid_message, and the name is not echoed whole",
    async run(ctx) {
      const reply = await refusedWith(ctx, { id: 1, method: "m".repeat(10_000) }, "invalid_message");
      expect(JSON.stringify(reply).length).toBeLessThan(1000);
    },
  },
  {
    name: "frame-not-json",
    surface: "WebSocket frame",
    payload: "{not json",
    expected: "invalid_message with id null",
    async run(ctx) {
      expect(await refusedWith(ctx, "{not json", "invalid_message")).toMatchObject({ id: null });
    },
  },
  {
    name: "frame-binary",
    surface: "WebSocket frame",
    payload: "a binary frame 01 02 03",
    expected: "invalid_message",
    run: (ctx) => refusedWith(ctx, Buffer.from([1, 2, 3]), "invalid_message", { binary: true }).then(() => undefined),
  },
  {
    name: "frame-id-object",
    surface: "WebSocket frame",
    payload: '{"id":{"x":1},"method":"settings.get"}',
    expected: "invalid_message",
    run: (ctx) => refusedWith(ctx, { id: { x: 1 }, method: "settings.get" }, "invalid_message").then(() => undefined),
  },
  {
    name: "frame-unknown-keys",
    surface: "WebSocket frame",
    payload: '{"id":1,"method":"settings.get","admin":true}',
    expected: "invalid_message (frames are strict)",
    run: (ctx) => refusedWith(ctx, { id: 1, method: "settings.get", admin: true }, "invalid_message").then(() => undefined),
  },
  {
    name: "params-wrong-types",
    surface: "consult.ask",
    payload: '{"text":5,"attachmentIds":"all"}',
    expected: "invalid_input naming the fields; no turn starts",
    async run(ctx) {
      const reply = await refusedWith(ctx, { id: 1, method: "consult.ask", params: { text: 5, attachmentIds: "all" } }, "invalid_input");
      const paths = ((reply.error as { issues: { path: string }[] }).issues ?? []).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(["text", "attachmentIds"]));
      expect(ctx.events.of("done")).toHaveLength(0);
    },
  },
  {
    name: "params-extra-key",
    surface: "notes.write",
    payload: '{"name":"a.md","content":"x","path":"/etc/passwd"}',
    expected: "invalid_input (strict objects); nothing written",
    run: (ctx) => refusedWith(ctx, { id: 1, method: "notes.write", params: { name: "a.md", content: "x", path: "/etc/passwd" } }, "invalid_input").then(() => undefined),
  },
  {
    name: "params-proto-key",
    surface: "settings.set",
    payload: '{"__proto__":{"polluted":true}} as an own JSON key',
    expected: "invalid_input; Object.prototype untouched; settings unchanged",
    async run(ctx) {
      const before = await ctx.call("settings.get");
      const c = await ctx.client();
      const refused = await c.send('{"id":7,"method":"settings.set","params":{"__proto__":{"polluted":true,"language":"es"}}}');
      expect(refused).toMatchObject({ id: 7, ok: false, error: { code: "invalid_input" } });
      const reply = await c.send('{"id":8,"method":"settings.get"}');
      c.close();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(reply).toMatchObject({ ok: true, result: before.ok ? before.result : {} });
    },
  },
  {
    name: "params-constructor-prototype-key",
    surface: "consent.set",
    payload: '{"scope":"global","granted":true,"constructor":{"prototype":{"admin":true}}}',
    expected: "invalid_input; no prototype gains a key",
    async run(ctx) {
      await refusedWith(ctx, JSON.parse('{"id":1,"method":"consent.set","params":{"scope":"global","granted":true,"constructor":{"prototype":{"admin":true}}}}'), "invalid_input");
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    },
  },
  {
    name: "params-deeply-nested",
    surface: "settings.set",
    payload: "params nested 5,000 arrays deep",
    expected: "a typed error, no stack overflow, host alive",
    async run(ctx) {
      const deep = "[".repeat(5000) + "]".repeat(5000);
      const reply = await refusedWith(ctx, `{"id":1,"method":"settings.set","params":{"model":${deep}}}`, "invalid_input");
      expect(JSON.stringify(reply).length).toBeLessThan(20_000);
    },
  },
  {
    name: "params-array-root",
    surface: "threads.get",
    payload: "params: [\"t1\"]",
    expected: "invalid_input",
    run: (ctx) => refusedWith(ctx, { id: 1, method: "threads.get", params: ["t1"] }, "invalid_input").then(() => undefined),
  },
  {
    name: "delete-all-without-confirm",
    surface: "data.deleteAll",
    payload: '{"confirm":"yes"} and {}',
    expected: "invalid_input; every note and thread stays",
    async run(ctx) {
      await ctx.call("notes.write", { name: "keep-me.md", content: "# keep" });
      await refusedWith(ctx, { id: 1, method: "data.deleteAll", params: { confirm: "yes" } }, "invalid_input");
      await refusedWith(ctx, { id: 2, method: "data.deleteAll", params: {} }, "invalid_input");
      expect((await ctx.call("notes.read", { name: "keep-me.md" })).ok).toBe(true);
    },
  },
  {
    name: "decide-unknown-approval",
    surface: "consult.decide",
    payload: "an approval id that was never issued",
    expected: "not_found; nothing written",
    async run(ctx) {
      const before = fileSnapshot(ctx.dataDir);
      const r = await ctx.call("consult.decide", { approvalId: "ap_forged000000000000", decision: "approve" });
      expect(r.ok).toBe(false);
      expect(r.ok ? null : ["not_found", "invalid_input"]).toContain(r.ok ? null : r.error.code);
      expect(fileSnapshot(ctx.dataDir)).toEqual(before);
    },
  },
  {
    name: "oversized-frame",
    surface: "WebSocket frame",
    payload: "one frame larger than the 32 MiB limit",
    expected: "the socket is closed with 1009 before parsing; other clients keep working",
    async run(ctx) {
      const c = await ctx.client();
      const closed = new Promise<number>((resolve) => c.ws.once("close", (code) => resolve(code)));
      c.ws.send(JSON.stringify({ id: 1, method: "notes.write", params: { name: "a.md", content: "x".repeat(33 * 1024 * 1024) } }));
      expect(await closed).toBe(1009);
      const other = await ctx.client();
      expect(await other.call("settings.get")).toMatchObject({ ok: true });
      other.close();
      expect((await ctx.call("notes.list")).ok && JSON.stringify((await ctx.call("notes.list")))).not.toContain('"a.md"');
    },
  },
]);

export const tables = [contractAbuse];
