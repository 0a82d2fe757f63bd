/**
 * Resource exhaustion through the real `carefold serve` host: floods of writes, consults, attachments
 * and connections meet per-client rate limits; oversized inputs meet size caps; a huge message or tool
 * argument is not sent to the model whole; pathological text does not stall the safety gate.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { MAX_ATTACHMENT_BYTES, MAX_MESSAGE_CHARS } from "../../../src/shared/contract";
import { limitOf } from "../../../src/shared/requestLimits";
import type { MethodName } from "../../../src/shared/methods";
import { DEFAULT_MAX_CLIENTS } from "../../../src/engine/host/webHost";
import { family } from "../attack";
import type { HostContext } from "../hostHarness";
import type WebSocket from "ws";

/**
 * Fires `count` requests on one fresh socket without waiting between them; returns each reply's code,
 * and `allowed`: what the method's limit lets through in the time the flood took (its burst plus the
 * steady rate over that time), so a slow machine is not mistaken for a leaky limit.
 */
async function flood(ctx: HostContext, count: number, frame: (i: number) => { method: string; params?: unknown }): Promise<Record<string, number> & { allowed: number }> {
  const c = await ctx.client();
  const method = frame(0).method as MethodName;
  const started = performance.now();
  try {
    const replies = await Promise.all(Array.from({ length: count }, (_, i) => c.call(frame(i).method, frame(i).params)));
    const { burst, perSecond } = limitOf(method);
    const codes: Record<string, number> & { allowed: number } = { allowed: burst + Math.ceil(((performance.now() - started) / 1000) * perSecond) };
    for (const r of replies) {
      const code = r.ok ? "ok" : String((r.error as { code: string }).code);
      codes[code] = (codes[code] ?? 0) + 1;
    }
    return codes;
  } finally {
    c.close();
  }
}

const notesOnDisk = (ctx: HostContext) => readdirSync(join(ctx.dataDir, "workspace", "notes")).filter((f) => f.endsWith(".md"));

export const resourceExhaustion = family<HostContext>("resource-exhaustion", [
  {
    name: "note-write-flood",
    surface: "notes.write over one serve connection",
    payload: "1,000 writes of 64 KB notes as fast as the socket allows",
    expected: "the burst is written, every other write gets rate_limited; the disk holds only the burst",
    async run(ctx) {
      const before = notesOnDisk(ctx).length;
      const codes = await flood(ctx, 1000, (i) => ({ method: "notes.write", params: { name: `flood-${i}.md`, content: "x".repeat(64 * 1024) } }));
      expect(codes.ok).toBeLessThanOrEqual(codes.allowed);
      expect(codes.ok).toBeGreaterThanOrEqual(limitOf("notes.write").burst);
      expect(codes.rate_limited).toBe(1000 - codes.ok!);
      expect(notesOnDisk(ctx).length - before).toBe(codes.ok);
    },
  },
  {
    name: "consult-flood",
    surface: "consult.ask over one serve connection",
    payload: "40 questions at once",
    expected: "at most the burst starts a turn; the rest are rate_limited before any model call",
    async run(ctx) {
      ctx.script([{ text: "Here is your checklist." }]);
      const calls = ctx.model.calls.length;
      const codes = await flood(ctx, 40, () => ({ method: "consult.ask", params: { text: "Help me prepare for my visit" } }));
      expect(codes.ok).toBeLessThanOrEqual(codes.allowed);
      expect(codes.rate_limited).toBe(40 - codes.ok!);
      expect(codes.rate_limited).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 500));
      expect(ctx.model.calls.length - calls).toBeLessThanOrEqual(codes.ok! * 4);
    },
  },
  {
    name: "attachment-flood",
    surface: "attachments.add over one serve connection",
    payload: "60 attachments at once",
    expected: "the burst is stored; the rest rate_limited",
    async run(ctx) {
      const codes = await flood(ctx, 60, (i) => ({ method: "attachments.add", params: { name: `scan-${i}.txt`, dataBase64: Buffer.from("lab result").toString("base64") } }));
      expect(codes.ok).toBeLessThanOrEqual(codes.allowed);
      expect(codes.rate_limited).toBe(60 - codes.ok!);
      expect(codes.rate_limited).toBeGreaterThan(0);
    },
  },
  {
    name: "model-download-flood",
    surface: "models.pull",
    payload: "20 download requests at once (unconfirmed source)",
    expected: "the first few get the confirmation conflict, the rest rate_limited; no download starts",
    async run(ctx) {
      const codes = await flood(ctx, 20, (i) => ({ method: "models.pull", params: { id: `https://files.invalid/m${i}.gguf` } }));
      expect(codes.ok ?? 0).toBe(0);
      expect(codes.conflict).toBeLessThanOrEqual(codes.allowed);
      expect(codes.rate_limited).toBe(20 - codes.conflict!);
      expect(ctx.events.of("model.progress")).toHaveLength(0);
    },
  },
  {
    name: "connection-flood",
    surface: "WebSocket upgrade /rpc",
    payload: `${DEFAULT_MAX_CLIENTS + 1} sockets with the right token`,
    expected: "the one past the limit gets 503; closing one lets a new one in",
    async run(ctx) {
      const sockets: WebSocket[] = [];
      try {
        for (let i = 0; i < DEFAULT_MAX_CLIENTS; i++) sockets.push((await ctx.client()).ws);
        expect(await ctx.upgradeStatus()).toBe(503);
        const first = sockets.shift()!;
        await new Promise<void>((resolve) => {
          first.once("close", () => resolve());
          first.close();
        });
        await new Promise((r) => setTimeout(r, 50));
        expect(await ctx.upgradeStatus()).toBe(0);
      } finally {
        for (const s of sockets) s.close();
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  },
  {
    name: "message-over-cap",
    surface: "consult.ask text",
    payload: `${MAX_MESSAGE_CHARS + 1} characters`,
    expected: "invalid_input naming the field; no turn",
    async run(ctx) {
      const r = await ctx.call("consult.ask", { text: "a".repeat(MAX_MESSAGE_CHARS + 1) });
      expect(r.ok ? "accepted" : r.error.code).toBe("invalid_input");
    },
  },
  {
    name: "message-at-cap-not-sent-whole",
    surface: "consult.ask → model",
    payload: "a 1 MiB question (exactly the cap)",
    expected: "accepted, but the model receives a budgeted part, not 1 MiB",
    async run(ctx) {
      ctx.script([{ text: "Here is your checklist." }]);
      const words = "Help me prepare for my visit and list my questions. ";
      const text = words.repeat(Math.floor(MAX_MESSAGE_CHARS / words.length));
      const done = await ctx.ask(text);
      expect(done.outcome).toBe("answered");
      const longest = Math.max(...ctx.model.calls.at(-1)!.messages.map((m) => (typeof m.content === "string" ? m.content.length : JSON.stringify(m.content).length)));
      expect(longest).toBeLessThan(200_000);
    },
  },
  {
    name: "attachment-over-cap",
    surface: "attachments.add",
    payload: "20 MiB + 1 byte of data",
    expected: "invalid_input; nothing stored",
    async run(ctx) {
      const before = readdirSync(join(ctx.dataDir, "workspace", "attachments")).length;
      const r = await ctx.call("attachments.add", { name: "huge.bin", dataBase64: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1).toString("base64") });
      expect(r.ok ? "accepted" : r.error.code).toBe("invalid_input");
      expect(readdirSync(join(ctx.dataDir, "workspace", "attachments")).length).toBe(before);
    },
  },
  {
    name: "too-many-attachment-ids",
    surface: "consult.ask attachmentIds",
    payload: "51 attachment ids",
    expected: "invalid_input",
    async run(ctx) {
      const r = await ctx.call("consult.ask", { text: "Help me prepare", attachmentIds: Array.from({ length: 51 }, (_, i) => `at_${i}`) });
      expect(r.ok ? "accepted" : r.error.code).toBe("invalid_input");
    },
  },
  {
    name: "huge-tool-argument-not-echoed",
    surface: "skill-docs tool (model)",
    payload: "the model asks for a skill whose id is 64 KiB long",
    expected: "the tool answers with a short refusal; the 64 KiB id is not put into the context again",
    async run(ctx) {
      const id = "s".repeat(64 * 1024);
      ctx.script([{ toolCalls: [{ name: "skill-docs", args: { skill: id } }] }, { text: "Here is your checklist." }]);
      await ctx.ask("Help me prepare for my visit");
      const last = ctx.model.calls.at(-1)!.messages;
      const toolResults = last.filter((m) => m.getType() === "tool").map((m) => String(m.content));
      expect(toolResults.length).toBeGreaterThan(0);
      for (const t of toolResults) expect(t.length).toBeLessThan(2000);
    },
  },
  {
    name: "pathological-gate-input",
    surface: "consult.ask → safety gate",
    payload: "200 KB of nested brackets, repeated words and separators",
    expected: "the gate decides within 10 s (no catastrophic backtracking); a typed answer comes back",
    async run(ctx) {
      ctx.script([{ text: "Here is your checklist." }]);
      const text = "(((( chest ".repeat(5000) + "-".repeat(50_000) + " a".repeat(50_000);
      const started = Date.now();
      const done = await ctx.ask(text);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(done.outcome).toMatch(/./);
    },
  },
  {
    name: "delete-all-flood",
    surface: "data.deleteAll",
    payload: "10 delete-everything requests at once",
    expected: "only the burst runs; the rest rate_limited",
    async run(ctx) {
      const codes = await flood(ctx, 10, () => ({ method: "data.deleteAll", params: { confirm: true } }));
      expect(codes.ok ?? 0).toBeLessThanOrEqual(codes.allowed);
      expect(codes.rate_limited).toBe(10 - (codes.ok ?? 0));
      ctx.engine.consent.grantGlobal(); // deleting everything withdrew it
    },
  },
]);

export const tables = [resourceExhaustion];
