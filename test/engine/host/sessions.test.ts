/**
 * Kiosk sessions on the real web host (issue 16): each visitor's connection has an engine of its own in
 * a temporary folder; visitors never hear or reach each other's consults; ending, leaving or idling
 * erases everything the visitor typed, attached and saved (canary strings are found nowhere after).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { kioskIdleLimitMs, kioskSessions } from "../../../src/engine/host/sessions";
import { DEFAULT_KIOSK_SESSION } from "../../../src/engine/engine";
import { HEARTBEAT_MS } from "../../../src/renderer/lib/kioskIdle";
import { SESSION_ENDED_CLOSE } from "../../../src/shared/methods";
import { tempDir } from "../../support/tempDir";
import { filesUnder, startKiosk, type Kiosk } from "./kioskHost";

const b64 = (s: string) => Buffer.from(s).toString("base64");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const visitorDirs = (k: Kiosk) => readdirSync(k.root).filter((n) => n.startsWith("carefold-kiosk-"));

let kiosk: Kiosk | null = null;
afterEach(async () => {
  await kiosk?.stop();
  kiosk = null;
});

/** A visitor who allows the health specialists, saves a note, attaches a file and asks, all with `canary`. */
async function useKiosk(k: Kiosk, canary: string) {
  const v = await k.visitor();
  expect((await v.call("consent.set", { scope: "global", granted: true })).ok).toBe(true);
  const note = await v.call("notes.write", { name: "My questions.md", content: `Ask about ${canary}-note` });
  expect(note.error).toBeUndefined();
  const added = await v.call("attachments.add", { name: "my-list.txt", dataBase64: b64(`Lisinopril 10 mg daily ${canary}-file`) });
  expect(added.error).toBeUndefined();
  const turn = await v.ask(`I keep forgetting my pills, ${canary}-typed, help me prepare`, [(added.result as { id: string }).id]);
  return { v, turn };
}

function foundAnywhere(k: Kiosk, canary: string, since: number): string[] {
  const places = [...filesUnder(k.root), ...filesUnder(k.clinicDir), ...filesUnder(tmpdir(), { since, depth: 3, maxBytes: 5_000_000 })];
  return places.filter((f) => f.text.includes(canary)).map((f) => f.path);
}

describe("kiosk sessions on the web host", () => {
  it("two visitors at once never hear or reach each other's consults, and titles never repeat their words", async () => {
    kiosk = await startKiosk();
    const [a, b] = [await kiosk.visitor(), await kiosk.visitor()];
    expect(a.session).not.toBe(b.session);
    for (const v of [a, b]) expect((await v.call("consent.set", { scope: "global", granted: true })).ok).toBe(true);
    const [ta, tb] = await Promise.all([a.ask("ALPHA-7731 my knee hurts when I climb stairs"), b.ask("BRAVO-4410 I need help with my insurance bill")]);
    expect(a.heard.join()).toContain(ta.turnId);
    expect(a.heard.join()).not.toContain("BRAVO-4410");
    expect(a.heard.join()).not.toContain(tb.threadId);
    expect(b.heard.join()).not.toContain("ALPHA-7731");
    expect(b.heard.join()).not.toContain(ta.threadId);
    // Another visitor's thread does not exist for this one.
    expect((await b.call("threads.get", { threadId: ta.threadId })).error?.code).toBe("not_found");
    const listed = (await b.call("threads.list")).result as { id: string; title: string }[];
    expect(listed.map((t) => t.id)).toEqual([tb.threadId]);
    expect(listed[0]!.title).toBe("Your visit today");
    // The app is never told where the session's files are.
    expect(((await a.call("app.info")).result as { dataDir: string; session: unknown }).dataDir).toBe("");
    expect(((await a.call("app.info")).result as { session: unknown }).session).toEqual({ idleSeconds: 180, countdownSeconds: 30 });
  });

  it("'End my session and erase' leaves nothing the visitor typed, attached or saved, anywhere", async () => {
    const since = Date.now();
    kiosk = await startKiosk();
    const { v } = await useKiosk(kiosk, "CANARY-END-5521");
    expect(visitorDirs(kiosk)).toHaveLength(1);
    expect(foundAnywhere(kiosk, "CANARY-END-5521", since).length).toBeGreaterThan(0); // it was written while in use
    expect(await v.call("session.end")).toEqual({ id: expect.any(Number), ok: true, result: { ended: true } });
    expect(await v.closed).toBe(SESSION_ENDED_CLOSE);
    await sleep(50);
    expect(visitorDirs(kiosk)).toEqual([]);
    expect(foundAnywhere(kiosk, "CANARY-END-5521", since)).toEqual([]);
    // The next visitor, even presenting the old session's key, starts with nothing.
    const next = await kiosk.visitor(v.session);
    expect(next.session).not.toBe(v.session);
    expect((await next.call("threads.list")).result).toEqual([]);
    expect((await next.call("notes.list")).result).toEqual([]);
    expect(((await next.call("consent.get")).result as { global: boolean }).global).toBe(false);
  });

  it("a session idle past its countdown is erased, and its connection told so", async () => {
    const since = Date.now();
    kiosk = await startKiosk({ idleMs: 1_500, sweepMs: 50 });
    const { v } = await useKiosk(kiosk, "CANARY-IDLE-8830");
    expect(await v.closed).toBe(SESSION_ENDED_CLOSE);
    await sleep(50);
    expect(visitorDirs(kiosk)).toEqual([]);
    expect(foundAnywhere(kiosk, "CANARY-IDLE-8830", since)).toEqual([]);
  });

  it("the same page reconnecting within the grace period resumes its session; a visitor who left is erased", async () => {
    kiosk = await startKiosk({ graceMs: 400 });
    const { v, turn } = await useKiosk(kiosk, "CANARY-GRACE-1207");
    v.ws.close();
    await v.closed;
    const back = await kiosk.visitor(v.session);
    expect(back.session).toBe(v.session);
    expect((await back.call("threads.get", { threadId: turn.threadId })).ok).toBe(true);
    back.ws.close();
    await back.closed;
    await sleep(700);
    expect(visitorDirs(kiosk)).toEqual([]);
    expect((await (await kiosk.visitor(v.session)).call("threads.get", { threadId: turn.threadId })).error?.code).toBe("not_found");
  });

  it("a second connection of the same session keeps it alive when the first one closes", async () => {
    kiosk = await startKiosk({ graceMs: 300 });
    const first = await kiosk.visitor();
    const second = await kiosk.visitor(first.session);
    expect(second.session).toBe(first.session);
    first.ws.close();
    await first.closed;
    await sleep(600);
    expect(visitorDirs(kiosk)).toHaveLength(1);
    expect((await second.call("threads.list")).ok).toBe(true);
  });

  it("never erases a session while the page can still be counting down", () => {
    // The host may last have heard from the page a heartbeat before the visitor's last input.
    const pageEnds = (DEFAULT_KIOSK_SESSION.idleSeconds + DEFAULT_KIOSK_SESSION.countdownSeconds) * 1000 + HEARTBEAT_MS;
    expect(kioskIdleLimitMs(DEFAULT_KIOSK_SESSION)).toBeGreaterThan(pageEnds + 5_000);
  });

  it("erasing while an answer is still streaming stops it and leaves nothing", async () => {
    const since = Date.now();
    kiosk = await startKiosk();
    kiosk.script([{ chunks: Array.from({ length: 60 }, (_, i) => `Bring item ${i} to your visit. `), delayMs: 50 }]);
    const v = await kiosk.visitor();
    await v.call("consent.set", { scope: "global", granted: true });
    const asked = await v.call("consult.ask", { text: "CANARY-STREAM-3349 help me get ready for my visit" });
    expect(asked.ok).toBe(true);
    for (let i = 0; i < 100 && !v.heard.some((h) => h.includes('"type":"token"')); i++) await sleep(50);
    expect(v.heard.some((h) => h.includes('"type":"token"'))).toBe(true);
    expect(v.heard.some((h) => h.includes('"type":"done"'))).toBe(false);
    expect((await v.call("session.end")).ok).toBe(true);
    expect(await v.closed).toBe(SESSION_ENDED_CLOSE);
    await sleep(100);
    expect(visitorDirs(kiosk)).toEqual([]);
    expect(foundAnywhere(kiosk, "CANARY-STREAM-3349", since)).toEqual([]);
  });

  it("outside a kiosk there is no session to end", async () => {
    kiosk = await startKiosk();
    const v = await kiosk.visitor();
    // A kiosk visitor's own engine is in kiosk mode; the shared (non-kiosk) engine refuses.
    const { startEngine } = await import("../../security/securityHarness");
    const own = startEngine();
    try {
      expect((await own.call("session.end")).ok).toBe(false);
    } finally {
      await own.stop();
    }
    expect((await v.call("app.info")).ok).toBe(true);
  });
});

describe("visitor folders left by a kiosk that crashed", () => {
  it("are erased at start; a live kiosk's folders are left alone", async () => {
    const tmp = tempDir("carefold-kiosk-orphans-");
    try {
      const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
      const orphan = join(tmp.dir, "carefold-kiosk-orphan");
      const mine = join(tmp.dir, "carefold-kiosk-mine");
      for (const [dir, pid] of [[orphan, dead], [mine, String(process.pid)]] as const) {
        mkdirSync(join(dir, "data"), { recursive: true });
        writeFileSync(join(dir, ".owner"), pid);
        writeFileSync(join(dir, "data", "carefold.db"), "CANARY-ORPHAN");
      }
      const sessions = kioskSessions({ root: tmp.dir, idleMs: 60_000, createEngine: () => { throw new Error("not used"); } });
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(mine)).toBe(true);
      await sessions.close();
    } finally {
      tmp.cleanup();
    }
  });
});
